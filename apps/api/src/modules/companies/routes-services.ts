import {
  COMPANY_MESSAGES,
  ZAppServicesResponse,
  ZAttachmentBody,
  ZAttachmentsResponse,
  ZClosureBody,
  ZClosureResponse,
  ZClosuresQuery,
  ZClosuresResponse,
  ZCompanyOptionsResponse,
  ZCompanyParams,
  ZCompanyServiceParams,
  ZCompanyServicePatchBody,
  ZCompanyServiceResponse,
  ZCompanyServicesResponse,
  ZDateRangeQuery,
  ZHashidParams,
  ZHashParams,
  ZHealthServiceBody,
  ZHealthServiceResponse,
  ZHealthServicesPageResponse,
  ZHealthServicesQuery,
  ZHealthServicesResponse,
  ZIdParams,
  ZMessage,
  ZNameSuggestionsQuery,
  ZNameSuggestionsResponse,
  ZOpenDaysResponse,
  ZOpeningDayQuery,
  ZOpeningDayResponse,
  ZOpeningsBody,
  ZOverlapBody,
  ZServiceStatusBody,
  ZSlotsQuery,
  ZSlotsResponse,
  ZSurveyAttachBody,
  ZWeeklyOpeningsResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { OPERATOR, SERVICE_SETTINGS, SIGNED_IN } from "./access-rules.ts";
import * as availability from "./availability.ts";
import * as companyServices from "./company-services.ts";
import * as healthServices from "./health-services.ts";
import * as openings from "./openings.ts";
import * as profile from "./profile.ts";
import { manageableCompany, ownCompany } from "./scope.ts";

const tags = ["companies"];
const updated = COMPANY_MESSAGES.dataUpdated;
const hoursUpdated = COMPANY_MESSAGES.openingsUpdated;

/** Health services, platform services, opening hours, closures and slots. */
export const serviceRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // ─── Opening hours ─────────────────────────────────────────────────────────────────────────

  app.post(
    "/companies/own/openings",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Replace the company's weekly hours (several ranges a day; a missing weekday is closed)",
        body: ZOpeningsBody,
        response: { 200: ZWeeklyOpeningsResponse },
      },
    },
    async (request) => {
      const company = await ownCompany(ctx.db, principalOf(request));
      return { data: await openings.setCompanyOpenings(ctx, request, company, request.body), message: hoursUpdated };
    },
  );

  app.post(
    "/services/own/openings/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Replace the weekly hours of one of the company's platform services (empty: the company's apply)",
        params: ZHashParams,
        body: ZOpeningsBody,
        response: { 200: ZWeeklyOpeningsResponse },
      },
    },
    async (request) => ({
      data: await openings.setPlatformServiceOpenings(
        ctx,
        request,
        principalOf(request),
        request.params.hash,
        request.body,
      ),
      message: hoursUpdated,
    }),
  );

  app.get(
    "/services/own/openings/:hash",
    {
      // Read beside the spec's POST: the settings page shows a platform service's own hours before
      // changing or clearing them (EXTRA_ROUTES).
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "The weekly hours of one of the company's platform services (its own, or the company's when inherited)",
        params: ZHashParams,
        response: { 200: ZWeeklyOpeningsResponse },
      },
    },
    async (request) => ({
      data: await openings.platformServiceOpenings(ctx, principalOf(request), request.params.hash),
    }),
  );

  app.post(
    "/healthservices/own/openings/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Replace a health service's weekly hours (empty: the company's apply)",
        params: ZHashParams,
        body: ZOpeningsBody,
        response: { 200: ZWeeklyOpeningsResponse },
      },
    },
    async (request) => ({
      data: await openings.setHealthServiceOpenings(
        ctx,
        request,
        principalOf(request),
        request.params.hash,
        request.body,
      ),
      message: hoursUpdated,
    }),
  );

  app.get(
    "/healthservices/days/openings/:id",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "A health service's weekly hours (its own, or the company's when inherited)",
        params: ZIdParams,
        response: { 200: ZWeeklyOpeningsResponse },
      },
    },
    async (request) => ({ data: await openings.healthServiceOpenings(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    "/healthservices/days/openings/:id",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "The open dates of a health service in a range (from, to; default 7 days) with their hours",
        params: ZIdParams,
        body: ZDateRangeQuery,
        response: { 200: ZOpenDaysResponse },
      },
    },
    async (request) => ({
      data: await openings.healthServiceOpenDays(ctx, principalOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    "/services/opening/day/:hash",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "A platform service's hours at a company on one date (default today), closures applied",
        params: ZHashParams,
        querystring: ZOpeningDayQuery,
        response: { 200: ZOpeningDayResponse },
      },
    },
    async (request) => ({
      data: await openings.platformServiceDay(ctx, principalOf(request), request.params.hash, request.query),
    }),
  );

  // ─── Slots ─────────────────────────────────────────────────────────────────────────────────

  app.get(
    "/healthservices/slots/array/:hash",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Bookable slots of a health service (from, to: local dates; default this week)",
        params: ZHashParams,
        querystring: ZSlotsQuery,
        response: { 200: ZSlotsResponse },
      },
    },
    async (request) => availability.healthServiceSlots(ctx, principalOf(request), request.params.hash, request.query),
  );

  app.get(
    "/services/slots/array/:hash",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Bookable slots of a platform service at a company (company, from, to)",
        params: ZHashParams,
        querystring: ZSlotsQuery,
        response: { 200: ZSlotsResponse },
      },
    },
    async (request) => availability.platformServiceSlots(ctx, principalOf(request), request.params.hash, request.query),
  );

  // ─── Platform services of the company ──────────────────────────────────────────────────────

  app.get(
    "/services/own/check",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The company's platform services with their status, proxy status and hours",
        response: { 200: ZCompanyServicesResponse },
      },
    },
    async (request) => ({ data: await companyServices.ownServices(ctx, principalOf(request)) }),
  );

  app.patch(
    "/services/own/servicestatus/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Switch one of the company's platform services on or off",
        params: ZHashParams,
        body: ZServiceStatusBody,
        response: { 200: ZCompanyServiceResponse },
      },
    },
    async (request) => ({
      data: await companyServices.setServiceStatus(
        ctx,
        request,
        principalOf(request),
        request.params.hash,
        request.body.status,
      ),
      message: updated,
    }),
  );

  app.patch(
    "/services/own/proxystatus/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Whether a platform service accepts bookings made on the company's behalf (proxy)",
        params: ZHashParams,
        body: ZServiceStatusBody,
        response: { 200: ZCompanyServiceResponse },
      },
    },
    async (request) => ({
      data: await companyServices.setProxyStatus(
        ctx,
        request,
        principalOf(request),
        request.params.hash,
        request.body.status,
      ),
      message: updated,
    }),
  );

  app.get(
    "/services/app/enabled",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "The platform's services, enabled when an active company runs them",
        response: { 200: ZAppServicesResponse },
      },
    },
    async () => ({ data: await companyServices.appServices(ctx) }),
  );

  // ─── Health services (prestazioni) ─────────────────────────────────────────────────────────

  app.post(
    "/healthservices",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Create a health service of one's company",
        body: ZHealthServiceBody,
        response: { 201: ZHealthServiceResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await healthServices.createHealthService(ctx, request, principalOf(request), request.body),
        message: updated,
      }),
  );

  app.put(
    "/healthservices/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Replace a health service",
        params: ZHashParams,
        body: ZHealthServiceBody,
        response: { 200: ZHealthServiceResponse },
      },
    },
    async (request) => ({
      data: await healthServices.updateHealthService(
        ctx,
        request,
        principalOf(request),
        request.params.hash,
        request.body,
      ),
      message: updated,
    }),
  );

  app.delete(
    "/healthservices/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Delete a health service (409 while bookings need it)",
        params: ZHashParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({
      message: await healthServices.deleteHealthService(ctx, request, principalOf(request), request.params.hash),
    }),
  );

  app.get(
    "/companies/own/healthservices",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "One's company's health services (q, active, paged)",
        querystring: ZHealthServicesQuery,
        response: { 200: ZHealthServicesPageResponse },
      },
    },
    async (request) => healthServices.ownHealthServices(ctx, principalOf(request), request.query),
  );

  app.get(
    "/healthservices/suggestions/name",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Names of health services matching q (those starting with it first)",
        querystring: ZNameSuggestionsQuery,
        response: { 200: ZNameSuggestionsResponse },
      },
    },
    async (request) => ({ data: await healthServices.nameSuggestions(ctx, request.query.q, request.query.limit) }),
  );

  app.get(
    "/healthservices/company/all/:id",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "The bookable health services of a company",
        params: ZIdParams,
        response: { 200: ZHealthServicesResponse },
      },
    },
    async (request) => ({
      data: await healthServices.companyHealthServices(ctx, principalOf(request), request.params.id),
    }),
  );

  app.get(
    "/healthservices/:id",
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: "A health service", params: ZIdParams, response: { 200: ZHealthServiceResponse } },
    },
    async (request) => ({
      data: await healthServices.healthServiceDetail(ctx, principalOf(request), request.params.id),
    }),
  );

  app.get(
    "/healthservices/allegati/all/:id",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "A health service's attachments",
        params: ZIdParams,
        response: { 200: ZAttachmentsResponse },
      },
    },
    async (request) => ({ data: await healthServices.attachments(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    "/healthservices/allegati/add/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Attach a file one uploaded (POST resources/public) to a health service",
        params: ZHashParams,
        body: ZAttachmentBody,
        response: { 200: ZAttachmentsResponse },
      },
    },
    async (request) => ({
      data: await healthServices.addAttachment(
        ctx,
        request,
        principalOf(request),
        request.params.hash,
        request.body.resource,
      ),
      message: updated,
    }),
  );

  app.post(
    "/healthservices/allegati/remove/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Detach a file from a health service",
        params: ZHashParams,
        body: ZAttachmentBody,
        response: { 200: ZAttachmentsResponse },
      },
    },
    async (request) => ({
      data: await healthServices.removeAttachment(
        ctx,
        request,
        principalOf(request),
        request.params.hash,
        request.body.resource,
      ),
      message: updated,
    }),
  );

  app.post(
    "/healthservices/survey/attach/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Attach a questionnaire (survey) to a health service, or detach it with null",
        params: ZHashParams,
        body: ZSurveyAttachBody,
        response: { 200: ZHealthServiceResponse },
      },
    },
    async (request) => ({
      data: await healthServices.attachSurvey(
        ctx,
        request,
        principalOf(request),
        request.params.hash,
        request.body.survey,
        request.body.mandatory,
      ),
      message: updated,
    }),
  );

  // ─── Closures (prohibidates) ───────────────────────────────────────────────────────────────

  app.get(
    "/prohibidates/:hashid",
    {
      config: { access: OPERATOR },
      schema: { tags, summary: "A closure", params: ZHashidParams, response: { 200: ZClosureResponse } },
    },
    async (request) => ({ data: await openings.closureOf(ctx, principalOf(request), request.params.hashid) }),
  );

  app.post(
    "/prohibidates/:hashid",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Add a closure to company {hashid} (one's own or a managed centre): whole, or of one service",
        params: ZHashidParams,
        body: ZClosureBody,
        response: { 201: ZClosureResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await openings.createClosure(ctx, request, principalOf(request), request.params.hashid, request.body),
        message: updated,
      }),
  );

  app.put(
    "/prohibidates/:hashid",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Replace a closure",
        params: ZHashidParams,
        body: ZClosureBody,
        response: { 200: ZClosureResponse },
      },
    },
    async (request) => ({
      data: await openings.updateClosure(ctx, request, principalOf(request), request.params.hashid, request.body),
      message: updated,
    }),
  );

  app.delete(
    "/prohibidates/:hashid",
    {
      config: { access: SERVICE_SETTINGS },
      schema: { tags, summary: "Remove a closure", params: ZHashidParams, response: { 200: ZMessage } },
    },
    async (request) => {
      await openings.deleteClosure(ctx, request, principalOf(request), request.params.hashid);
      return { message: COMPANY_MESSAGES.closureDeleted };
    },
  );

  // ─── A company one manages: one's own, or a provider centre of one's monitoring room ───────

  app.get(
    "/companies/:company/healthservices",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Health services of a company one manages (q, active, paged)",
        params: ZCompanyParams,
        querystring: ZHealthServicesQuery,
        response: { 200: ZHealthServicesPageResponse },
      },
    },
    async (request) => {
      const company = await manageableCompany(ctx.db, ctx.ids, principalOf(request), request.params.company);
      return healthServices.managedHealthServices(ctx, company, request.query);
    },
  );

  app.patch(
    "/companies/:company/services/:hash",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Settings of a platform service of a company one manages",
        params: ZCompanyServiceParams,
        body: ZCompanyServicePatchBody,
        response: { 200: ZCompanyServiceResponse },
      },
    },
    async (request) => {
      const company = await manageableCompany(ctx.db, ctx.ids, principalOf(request), request.params.company);
      return {
        data: await companyServices.patchCompanyService(ctx, request, company, request.params.hash, request.body),
        message: updated,
      };
    },
  );

  app.post(
    "/companies/:company/openings",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Replace the weekly hours of a company one manages",
        params: ZCompanyParams,
        body: ZOpeningsBody,
        response: { 200: ZWeeklyOpeningsResponse },
      },
    },
    async (request) => {
      const company = await manageableCompany(ctx.db, ctx.ids, principalOf(request), request.params.company);
      return { data: await openings.setCompanyOpenings(ctx, request, company, request.body), message: hoursUpdated };
    },
  );

  app.get(
    "/companies/:company/prohibidates",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Closures of a company one manages (current and future; past=true for all)",
        params: ZCompanyParams,
        querystring: ZClosuresQuery,
        response: { 200: ZClosuresResponse },
      },
    },
    async (request) => ({
      data: await openings.companyClosures(
        ctx,
        principalOf(request),
        request.params.company,
        request.query.past ?? false,
      ),
    }),
  );

  app.patch(
    "/companies/:company/option/overlap",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "The overlap option of a company one manages",
        params: ZCompanyParams,
        body: ZOverlapBody,
        response: { 200: ZCompanyOptionsResponse },
      },
    },
    async (request) => {
      const company = await manageableCompany(ctx.db, ctx.ids, principalOf(request), request.params.company);
      return {
        data: await profile.setOption(ctx, request, company, "overlap", request.body.overlap),
        message: updated,
      };
    },
  );
};
