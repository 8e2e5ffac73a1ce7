import {
  ZAslAdminListResponse,
  ZAslAdminResponse,
  ZAslCodeParams,
  ZAslCompanyParams,
  ZAslListResponse,
  ZAslMergeBody,
  ZAslQuery,
  ZAslUpdateBody,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Access } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import * as service from "./service.ts";

const tags = ["geo"];
// The citizen's profile and the registration offer the ASL of a region before or after sign-in (spec 000 §7, 002 §7).
const PUBLIC: Access = { public: true };
// Corrections, mergers and company links are the platform administrator's (issue 14).
const PLATFORM_ADMIN: Access = { types: [2] };

/** The ASL reference data: `utilities/aslinfo` for everyone, `utilities/aslinfo/admin…` for administrators. */
export const aslRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/utilities/aslinfo",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "The local health authorities (code, name, region, seat, site), all or of one region",
        querystring: ZAslQuery,
        response: { 200: ZAslListResponse },
      },
    },
    async (request) => ({ data: await service.listAslInfo(ctx, request.query.regione) }),
  );

  app.get(
    "/utilities/aslinfo/admin",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Every ASL with codes, regions, the source's name, notes and linked companies",
        response: { 200: ZAslAdminListResponse },
      },
    },
    async () => ({ data: await service.listAslAdmin(ctx) }),
  );

  app.post(
    "/utilities/aslinfo/admin/merge",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Record a merger: the listed ASL belong to one authority from a date (they stay as local areas)",
        body: ZAslMergeBody,
        response: { 200: ZAslAdminListResponse },
      },
    },
    async (request) => ({ data: await service.mergeAsl(ctx, request, request.body) }),
  );

  app.put(
    "/utilities/aslinfo/admin/:codice",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Correct an ASL's name, web site or note",
        params: ZAslCodeParams,
        body: ZAslUpdateBody,
        response: { 200: ZAslAdminResponse },
      },
    },
    async (request) => ({ data: await service.updateAsl(ctx, request, request.params.codice, request.body) }),
  );

  app.put(
    "/utilities/aslinfo/admin/:codice/companies/:company",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Link a company to the ASL of its territory (moves it if linked elsewhere)",
        params: ZAslCompanyParams,
        response: { 200: ZAslAdminResponse },
      },
    },
    async (request) => ({
      data: await service.linkCompany(ctx, request, request.params.codice, request.params.company),
    }),
  );

  app.delete(
    "/utilities/aslinfo/admin/:codice/companies/:company",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Unlink a company from an ASL",
        params: ZAslCompanyParams,
        response: { 200: ZAslAdminResponse },
      },
    },
    async (request) => ({
      data: await service.unlinkCompany(ctx, request, request.params.codice, request.params.company),
    }),
  );
};
