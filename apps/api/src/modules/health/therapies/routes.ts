import {
  HEALTH_THERAPY_MESSAGES as M,
  USER_TYPES,
  ZAdherenceOverrideBody,
  ZCodedEntryListResponse,
  ZCodeSearchQuery,
  ZExemptionBody,
  ZExemptionCodeListQuery,
  ZExemptionCodeListResponse,
  ZExemptionListResponse,
  ZExemptionResponse,
  ZExemptionToggleBody,
  ZExemptionUpdateBody,
  ZExemptionUserParams,
  ZIntakeListQuery,
  ZIntakeListResponse,
  ZIntakeMarkBody,
  ZIntakeResponse,
  ZMessage,
  ZPathologyBody,
  ZPathologyListQuery,
  ZPathologyPagedResponse,
  ZPathologyResponse,
  ZPathologyUpdateBody,
  ZTherapyBody,
  ZTherapyDownloadParams,
  ZTherapyListQuery,
  ZTherapyPagedResponse,
  ZTherapyParams,
  ZTherapyResponse,
  ZTherapyStateBody,
  ZWeeklyRecapQuery,
} from "@cura/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Access } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { exemptionCodes, searchChronic, searchIcd10, searchRare } from "./code-lists.ts";
import { therapySheetPdf, weeklyRecapPdf } from "./downloads.ts";
import { listIntakes, markIntake } from "./intakes.ts";
import * as pathologies from "./pathologies.ts";
import * as therapies from "./therapies.ts";

const tags = ["health"];
/**
 * Citizens (their own file, or a consented caregiver's) and operators (their company's patients);
 * administrators read no clinical data. The record-level check is `healthSubject`, first in every
 * service.
 */
const HEALTH: Access = { types: [USER_TYPES.citizen, USER_TYPES.operator] };
/** Reference lists of public data (spec 002 §7 "utilities without auth": pathology searches). */
const PUBLIC = { public: true } as const;

function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${name}.pdf"`)
    .header("cache-control", "private, no-store")
    .send(pdf);
}

/** Pathologies, exemptions, therapies, intakes and their PDFs (spec 001 §7 Health file). */
export const healthTherapiesRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // ---- Reference lists ----
  const searches = [
    [
      "icd",
      "ICD-10 codes whose code begins with, or whose description holds every word of, q (2+ characters)",
      searchIcd10,
    ],
    ["chronic", "Chronic-disease exemption codes (LEA allegato 8) by code or words", searchChronic],
    ["rare", "Rare-disease exemption codes (LEA allegato 7) by code or words", searchRare],
  ] as const;
  for (const [kind, summary, search] of searches) {
    app.get(
      `/utilities/pathologies/${kind}/search`,
      {
        config: { access: PUBLIC },
        schema: { tags, summary, querystring: ZCodeSearchQuery, response: { 200: ZCodedEntryListResponse } },
      },
      async (request, reply) => {
        // The lists change only with a release.
        reply.header("cache-control", "public, max-age=3600");
        return { data: search(request.query.q) };
      },
    );
  }

  app.get(
    "/pathologies/exemptioncodes/list",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "The national exemption codes (chronic and rare), narrowed by q or kind",
        querystring: ZExemptionCodeListQuery,
        response: { 200: ZExemptionCodeListResponse },
      },
    },
    async (request) => ({ data: exemptionCodes(request.query.q || undefined, request.query.kind) }),
  );

  // ---- Pathologies ----
  app.post(
    "/pathologies",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "Add a pathology (own file, or `patient` for an operator or caregiver)",
        body: ZPathologyBody,
        response: { 201: ZPathologyResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await pathologies.createPathology(ctx, request, request.body) }),
  );
  app.get(
    "/pathologies",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "A health file's pathologies, newest first (others' private ones never appear)",
        querystring: ZPathologyListQuery,
        response: { 200: ZPathologyPagedResponse },
      },
    },
    async (request) => pathologies.listPathologies(ctx, request, request.query),
  );
  app.put(
    "/pathologies",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "Change a pathology (its hashid in the body)",
        body: ZPathologyUpdateBody,
        response: { 200: ZPathologyResponse },
      },
    },
    async (request) => ({ data: await pathologies.updatePathology(ctx, request, request.body) }),
  );

  // ---- Exemptions: without {id} on the caller, with {id} on a patient ----
  for (const withId of [false, true]) {
    const path = withId ? "/pathologies/exemptioncodes/users/:id" : "/pathologies/exemptioncodes/users";
    const params = withId ? { params: ZExemptionUserParams } : {};
    const patientOf = (request: { params: unknown }) => (withId ? (request.params as { id: string }).id : undefined);
    const whose = withId ? "a patient's" : "one's own";
    app.get(
      path,
      {
        config: { access: HEALTH },
        schema: { tags, summary: `${whose} exemptions`, ...params, response: { 200: ZExemptionListResponse } },
      },
      async (request) => ({ data: await pathologies.listExemptions(ctx, request, patientOf(request)) }),
    );
    app.post(
      path,
      {
        config: { access: HEALTH },
        schema: {
          tags,
          summary: `Add an exemption to ${whose} file`,
          ...params,
          body: ZExemptionBody,
          response: { 201: ZExemptionResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await pathologies.createExemption(ctx, request, patientOf(request), request.body) }),
    );
    app.put(
      path,
      {
        config: { access: HEALTH },
        schema: {
          tags,
          summary: `Change one of ${whose} exemptions (its hashid in the body)`,
          ...params,
          body: ZExemptionUpdateBody,
          response: { 200: ZExemptionResponse },
        },
      },
      async (request) => ({ data: await pathologies.updateExemption(ctx, request, patientOf(request), request.body) }),
    );
    app.patch(
      path,
      {
        config: { access: HEALTH },
        schema: {
          tags,
          summary: `Enable or disable one of ${whose} exemptions`,
          ...params,
          body: ZExemptionToggleBody,
          response: { 200: ZExemptionResponse },
        },
      },
      async (request) => ({ data: await pathologies.toggleExemption(ctx, request, patientOf(request), request.body) }),
    );
  }

  // ---- Therapies ----
  app.post(
    "/therapies",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "Add a therapy (own file, or `patient` for an operator or caregiver)",
        body: ZTherapyBody,
        response: { 201: ZTherapyResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await therapies.createTherapy(ctx, request, request.body) }),
  );
  app.get(
    "/therapies",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary:
          "A health file's therapies with their adherence index, by start date; state filters current and history",
        querystring: ZTherapyListQuery,
        response: { 200: ZTherapyPagedResponse },
      },
    },
    async (request) => therapies.listTherapies(ctx, request, request.query),
  );
  app.get(
    "/therapies/download/pdf-weekly-recap",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "The weekly recap, Monday to Sunday by intake moment (application/pdf); user: a patient's hashid",
        querystring: ZWeeklyRecapQuery,
      },
    },
    async (request, reply) => {
      const { monday, pdf } = await weeklyRecapPdf(ctx, request, request.query);
      return sendPdf(reply, `terapie-settimana-${monday}`, pdf);
    },
  );
  app.get(
    "/therapies/download/:id",
    {
      config: { access: HEALTH },
      schema: { tags, summary: "A therapy sheet (application/pdf)", params: ZTherapyDownloadParams },
    },
    async (request, reply) =>
      sendPdf(reply, `terapia-${request.params.id}`, await therapySheetPdf(ctx, request, request.params.id)),
  );
  app.get(
    "/therapies/:hashid",
    {
      config: { access: HEALTH },
      schema: { tags, summary: "One therapy", params: ZTherapyParams, response: { 200: ZTherapyResponse } },
    },
    async (request) => ({ data: await therapies.getTherapy(ctx, request, request.params.hashid) }),
  );
  app.put(
    "/therapies/:hashid",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "Change a therapy (every field again)",
        params: ZTherapyParams,
        body: ZTherapyBody,
        response: { 200: ZTherapyResponse },
      },
    },
    async (request) => ({ data: await therapies.updateTherapy(ctx, request, request.params.hashid, request.body) }),
  );
  app.delete(
    "/therapies/:hashid",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "Delete a therapy (soft, audited)",
        params: ZTherapyParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await therapies.deleteTherapy(ctx, request, request.params.hashid);
      return { message: M.deleted };
    },
  );
  app.patch(
    "/therapies/:hashid/state",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "Suspend or resume a therapy",
        params: ZTherapyParams,
        body: ZTherapyStateBody,
        response: { 200: ZTherapyResponse },
      },
    },
    async (request) => ({
      data: await therapies.setTherapyState(ctx, request, request.params.hashid, request.body.state),
    }),
  );
  app.put(
    "/therapies/:hashid/adherence",
    {
      config: { access: { types: [USER_TYPES.operator] } },
      schema: {
        tags,
        summary: "An operator overrides the adherence index (null: computed again)",
        params: ZTherapyParams,
        body: ZAdherenceOverrideBody,
        response: { 200: ZTherapyResponse },
      },
    },
    async (request) => ({
      data: await therapies.overrideAdherence(ctx, request, request.params.hashid, request.body.adherence),
    }),
  );
  app.get(
    "/therapies/:hashid/intakes",
    {
      config: { access: HEALTH },
      schema: {
        tags,
        summary: "A therapy's scheduled intakes of a span of days (default the last 7) and their marks",
        params: ZTherapyParams,
        querystring: ZIntakeListQuery,
        response: { 200: ZIntakeListResponse },
      },
    },
    async (request) => ({ data: await listIntakes(ctx, request, request.params.hashid, request.query) }),
  );
  app.post(
    "/therapies/:hashid/intakes",
    {
      config: { access: { types: [USER_TYPES.citizen] } },
      schema: {
        tags,
        summary: "The patient or a caregiver marks a scheduled intake ('Assunta' or not)",
        params: ZTherapyParams,
        body: ZIntakeMarkBody,
        response: { 200: ZIntakeResponse },
      },
    },
    async (request) => ({ data: await markIntake(ctx, request, request.params.hashid, request.body) }),
  );
};
