import {
  COMPANY_MESSAGES,
  ZCodeParams,
  ZCompanyAnagraficaBody,
  ZCompanyAslResponse,
  ZCompanyCodeCheckResponse,
  ZCompanyCodeSendBody,
  ZCompanyDetailResponse,
  ZCompanyOptionsResponse,
  ZCompanyParams,
  ZCompanyPictureBody,
  ZHashidParams,
  ZHashParams,
  ZLibraryItemBody,
  ZLibraryItemResponse,
  ZLibraryItemsResponse,
  ZMessage,
  ZOverlapBody,
  ZPicEnabledResponse,
  ZReportBody,
  ZSubtypesResponse,
  ZWeeklyOpeningsResponse,
  ZXParams,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { COMPANY_REGISTRY, OPERATOR, OPERATORS, PUBLIC, SERVICE_SETTINGS, SIGNED_IN } from "./access-rules.ts";
import * as library from "./library.ts";
import * as openings from "./openings.ts";
import * as profile from "./profile.ts";
import { ownCompany, visibleCompany } from "./scope.ts";

const tags = ["companies"];

/** The company: profile, picture, options, code, library (bancadati), public pages. */
export const companyRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/utilities/subtypes",
    {
      config: { access: PUBLIC },
      schema: { tags, summary: "Company types and their subtypes", response: { 200: ZSubtypesResponse } },
    },
    async () => ({ data: profile.subtypes() }),
  );

  app.get(
    "/companies/code/:x",
    {
      // The operator registration form checks the code before anyone has signed in.
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          "The name and type of the company a code names (10 characters, case, spaces and dashes aside); 404 when none",
        params: ZCodeParams,
        response: { 200: ZCompanyCodeCheckResponse },
      },
    },
    async (request) => ({ data: await profile.checkCode(ctx, request, request.params.x) }),
  );

  app.post(
    "/companies/code/send/:hash",
    {
      config: { access: OPERATORS },
      schema: {
        tags,
        summary: "E-mail the company code ({hash}: one's own company) to a colleague who will register with it",
        params: ZHashParams,
        body: ZCompanyCodeSendBody,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({
      message: await profile.sendCode(ctx, request, principalOf(request), request.params.hash, request.body.email),
    }),
  );

  app.put(
    "/companies/own/anagrafica",
    {
      config: { access: COMPANY_REGISTRY },
      schema: {
        tags,
        summary: "Replace the company's profile (anagrafica)",
        body: ZCompanyAnagraficaBody,
        response: { 200: ZCompanyDetailResponse },
      },
    },
    async (request) => ({
      data: await profile.updateAnagrafica(ctx, request, principalOf(request), request.body),
      message: COMPANY_MESSAGES.dataUpdated,
    }),
  );

  app.post(
    "/companies/own/profile/picture",
    {
      config: { access: COMPANY_REGISTRY },
      schema: {
        tags,
        summary: "Use an uploaded image (POST resources/public) as the company's picture",
        body: ZCompanyPictureBody,
        response: { 200: ZCompanyDetailResponse },
      },
    },
    async (request) => ({ data: await profile.setPicture(ctx, request, principalOf(request), request.body.resource) }),
  );

  const removePicture = {
    config: { access: COMPANY_REGISTRY },
    schema: { tags, summary: "Remove the company's picture", response: { 200: ZCompanyDetailResponse } },
  };
  const removePictureHandler = async (request: FastifyRequest) => ({
    data: await profile.removePicture(ctx, request, principalOf(request)),
  });
  // The spec's client changes state with GET; the proper verb is served too (spec README).
  app.get("/companies/own/profile/picture/delete", removePicture, removePictureHandler);
  app.delete("/companies/own/profile/picture", removePicture, removePictureHandler);

  app.patch(
    "/companies/own/option/overlap",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Whether two bookings may share a slot",
        body: ZOverlapBody,
        response: { 200: ZCompanyOptionsResponse },
      },
    },
    async (request) => {
      const company = await ownCompany(ctx.db, principalOf(request));
      return {
        data: await profile.setOption(ctx, request, company, "overlap", request.body.overlap),
        message: COMPANY_MESSAGES.dataUpdated,
      };
    },
  );

  app.patch(
    "/companies/own/option/report",
    {
      config: { access: SERVICE_SETTINGS },
      schema: {
        tags,
        summary: "Whether the company's bookings carry a report (referto)",
        body: ZReportBody,
        response: { 200: ZCompanyOptionsResponse },
      },
    },
    async (request) => {
      const company = await ownCompany(ctx.db, principalOf(request));
      return {
        data: await profile.setOption(ctx, request, company, "report", request.body.report),
        message: COMPANY_MESSAGES.dataUpdated,
      };
    },
  );

  app.get(
    "/companies/own/asl",
    {
      config: { access: OPERATOR },
      schema: { tags, summary: "The local health authority of one's company", response: { 200: ZCompanyAslResponse } },
    },
    async (request) => ({ data: { asl: (await ownCompany(ctx.db, principalOf(request))).asl } }),
  );

  app.get(
    "/companies/own/pic/enabled",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Whether one's company is enabled for the presa in carico (PIC) of chronic patients",
        response: { 200: ZPicEnabledResponse },
      },
    },
    async (request) => ({ data: { enabled: (await ownCompany(ctx.db, principalOf(request))).picEnabled } }),
  );

  app.get(
    "/companies/cr/default",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "The monitoring room (level 5) that answers citizens by default",
        response: { 200: ZCompanyDetailResponse },
      },
    },
    async (request) => ({ data: await profile.defaultControlRoom(ctx, principalOf(request)) }),
  );

  app.get(
    "/companies/openings/get/:x",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "A company's weekly opening hours",
        params: ZXParams,
        response: { 200: ZWeeklyOpeningsResponse },
      },
    },
    async (request) => {
      const company = await visibleCompany(ctx.db, ctx.ids, principalOf(request), request.params.x);
      return { data: await openings.companyOpenings(ctx, company) };
    },
  );

  app.get(
    "/companies/:company",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "A company: public data; options and code for its own operators",
        params: ZCompanyParams,
        response: { 200: ZCompanyDetailResponse },
      },
    },
    async (request) => ({ data: await profile.companyDetail(ctx, principalOf(request), request.params.company) }),
  );

  // ─── Library (bancadati) ───────────────────────────────────────────────────────────────────

  app.get(
    "/companies/own/libraries",
    {
      config: { access: OPERATOR },
      schema: { tags, summary: "The company's library items", response: { 200: ZLibraryItemsResponse } },
    },
    async (request) => ({ data: await library.listItems(ctx, principalOf(request)) }),
  );

  app.get(
    "/companies/own/libraries/:hashid",
    {
      config: { access: OPERATOR },
      schema: { tags, summary: "One library item", params: ZHashidParams, response: { 200: ZLibraryItemResponse } },
    },
    async (request) => ({ data: await library.getItem(ctx, principalOf(request), request.params.hashid) }),
  );

  app.post(
    "/companies/own/libraries",
    {
      config: { access: COMPANY_REGISTRY },
      schema: {
        tags,
        summary: "Add a library item (https links only)",
        body: ZLibraryItemBody,
        response: { 201: ZLibraryItemResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await library.createItem(ctx, request, principalOf(request), request.body),
        message: COMPANY_MESSAGES.dataUpdated,
      }),
  );

  app.put(
    "/companies/own/libraries/:hashid",
    {
      config: { access: COMPANY_REGISTRY },
      schema: {
        tags,
        summary: "Replace a library item",
        params: ZHashidParams,
        body: ZLibraryItemBody,
        response: { 200: ZLibraryItemResponse },
      },
    },
    async (request) => ({
      data: await library.updateItem(ctx, request, principalOf(request), request.params.hashid, request.body),
      message: COMPANY_MESSAGES.dataUpdated,
    }),
  );

  app.delete(
    "/companies/own/libraries/:hashid",
    {
      config: { access: COMPANY_REGISTRY },
      schema: { tags, summary: "Remove a library item", params: ZHashidParams, response: { 200: ZMessage } },
    },
    async (request) => ({
      message: await library.deleteItem(ctx, request, principalOf(request), request.params.hashid),
    }),
  );
};
