import {
  ZCompactSearchResponse,
  ZCompanySearchQuery,
  ZCompanySearchResponse,
  ZIdParams,
  ZServiceCompaniesResponse,
  ZServiceSearchQuery,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { SIGNED_IN } from "./access-rules.ts";
import * as search from "./search.ts";

const tags = ["companies"];
const description =
  "Filters: q (name), type, subtype, regione, provincia (sigla or name), comune, cap, lat+lng (nearest first " +
  "within radius_km, default 50), near_lat+near_lng or near_comune (+ near_provincia) (a point, or a comune's " +
  "centre, to order by distance from, nearest first, with no radius), level, managed (a monitoring room's provider " +
  "centres); page, per_page. A citizen finds only providers a citizen can book with (bookings switched on, a " +
  "health service bookable by citizens, or a pharmacy taking orders).";

/** Provider search (spec 001 screen 15). */
export const searchRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  for (const path of ["/companies/compact/search", "/companies/compact/search/subtype"]) {
    app.get(
      path,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: "Search providers: compact entries",
          description,
          querystring: ZCompanySearchQuery,
          response: { 200: ZCompactSearchResponse },
        },
      },
      async (request) => search.compactSearch(ctx, principalOf(request), request.query),
    );
  }

  app.get(
    "/companies/search/subtype",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Search providers: entries with contacts and services",
        description,
        querystring: ZCompanySearchQuery,
        response: { 200: ZCompanySearchResponse },
      },
    },
    async (request) => search.search(ctx, principalOf(request), request.query),
  );

  app.get(
    "/healthservices/search/companies",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Providers of a health service (service: its name or part of it), with the matching services",
        description,
        querystring: ZServiceSearchQuery,
        response: { 200: ZServiceCompaniesResponse },
      },
    },
    async (request) => search.healthServiceCompanies(ctx, principalOf(request), request.query),
  );

  app.get(
    "/services/:id/companies",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "Providers running platform service {id} (its hashid encodes the position ref)",
        description,
        params: ZIdParams,
        querystring: ZServiceSearchQuery,
        response: { 200: ZServiceCompaniesResponse },
      },
    },
    async (request) => search.platformServiceCompanies(ctx, principalOf(request), request.params.id, request.query),
  );
};
