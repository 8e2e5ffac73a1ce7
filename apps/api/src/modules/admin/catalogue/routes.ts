import {
  ADMIN_EXAM_MESSAGES,
  FDS_MESSAGES,
  ZAdminExamBody,
  ZAdminExamResponse,
  ZFdsAdhesionBody,
  ZFdsServiceResponse,
  ZFdsServicesQuery,
  ZFdsServicesResponse,
  ZHashid,
  ZIdParams,
  ZMessage,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { createExam, deleteExam, readExam, updateExam } from "../../health/index.ts";
import { PLATFORM_ADMIN } from "../companies/access-rules.ts";
import { listFdsServices, setFdsAdhesions } from "./fds.ts";

const tags = ["admin"];

/**
 * The administrator's catalogues on the `servizi` page (spec 002 §7 "Administrator calls"): the
 * parameters catalogue (`GET exams` is the health module's public list; one parameter with its bands
 * and its changes are here, through the health module's service) and the 'farmacia dei servizi' with the pharmacies adhering.
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.post(
    "/exams",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Add a parameter to the catalogue: unit, decimals, plausible range, reference values, LOINC, bands",
        body: ZAdminExamBody,
        response: { 201: ZAdminExamResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createExam(ctx, request, request.body), message: ADMIN_EXAM_MESSAGES.created }),
  );

  app.get(
    "/exams/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "One parameter ({id}: its hashid) with its default bands and how many readings use it, for the administrators' form",
        params: ZIdParams,
        response: { 200: ZAdminExamResponse },
      },
    },
    async (request) => ({ data: await readExam(ctx, request.params.id) }),
  );

  app.put(
    "/exams/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Change a parameter ({id}: its hashid); the bands stay unless given and must fit the range",
        params: ZIdParams,
        body: ZAdminExamBody,
        response: { 200: ZAdminExamResponse },
      },
    },
    async (request) => ({
      data: await updateExam(ctx, request, request.params.id, request.body),
      message: ADMIN_EXAM_MESSAGES.updated,
    }),
  );

  app.delete(
    "/exams/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Delete a parameter; 409 while readings, custom thresholds, frequencies or devices use it",
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await deleteExam(ctx, request, request.params.id);
      return { message: ADMIN_EXAM_MESSAGES.deleted };
    },
  );

  app.get(
    "/fdsservices",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "The 'farmacia dei servizi' catalogue with how many pharmacies adhere to each; `company` says whether that pharmacy does",
        querystring: ZFdsServicesQuery,
        response: { 200: ZFdsServicesResponse },
      },
    },
    async (request) => ({ data: await listFdsServices(ctx, request.query) }),
  );

  app.post(
    "/fdsservices/fdservice/adesioni/set/:hashid",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "The listed pharmacies (company_ids) adhere to the service ({hashid}) or leave it (adherent); only pharmacies",
        params: z.object({ hashid: ZHashid }),
        body: ZFdsAdhesionBody,
        response: { 200: ZFdsServiceResponse },
      },
    },
    async (request) => ({
      data: await setFdsAdhesions(ctx, request, principalOf(request), request.params.hashid, request.body),
      message: FDS_MESSAGES.saved,
    }),
  );
};
