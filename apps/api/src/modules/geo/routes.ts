import {
  ZComuneByCadastralParams,
  ZComuneResponse,
  ZComuniByProvinceParams,
  ZComuniQuery,
  ZComuniResponse,
  ZPaesiResponse,
  ZPrefissiResponse,
  ZProvinceByRegionParams,
  ZProvinceQuery,
  ZProvinceResponse,
  ZRegioniResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";
import * as geo from "./service.ts";

const tags = ["geo"];
// Geographic lookups feed the registration form before anyone has signed in (spec 000 §7).
const access = { public: true } as const;

export const geoRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app) => {
  // Reference data changes only with a release: browsers and proxies may keep answers for a day.
  app.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 200) reply.header("cache-control", "public, max-age=86400");
  });

  app.get(
    "/utilities/regioni",
    { config: { access }, schema: { tags, summary: "The 20 Italian regions", response: { 200: ZRegioniResponse } } },
    async () => ({ data: await geo.listRegions() }),
  );

  app.get(
    "/utilities/province",
    {
      config: { access },
      schema: {
        tags,
        summary: "Provinces, all or of one region (regione: name or ISTAT code)",
        querystring: ZProvinceQuery,
        response: { 200: ZProvinceResponse },
      },
    },
    async (request) => ({ data: await geo.listProvinces(request.query.regione) }),
  );

  app.get(
    "/utilities/province/by/:region",
    {
      config: { access },
      schema: {
        tags,
        summary: "Provinces of one region (name or ISTAT code)",
        params: ZProvinceByRegionParams,
        response: { 200: ZProvinceResponse },
      },
    },
    async (request) => ({ data: await geo.listProvinces(request.params.region) }),
  );

  app.get(
    "/utilities/comuni",
    {
      config: { access },
      schema: {
        tags,
        summary: "Comuni, all or of a region and/or a province (sigla or name)",
        querystring: ZComuniQuery,
        response: { 200: ZComuniResponse },
      },
    },
    async (request) => ({ data: await geo.listComuni(request.query) }),
  );

  app.get(
    "/utilities/comuni/by/provincia/:p",
    {
      config: { access },
      schema: {
        tags,
        summary: "Comuni of one province (sigla such as MI, or name)",
        params: ZComuniByProvinceParams,
        response: { 200: ZComuniResponse },
      },
    },
    async (request) => ({ data: await geo.listComuni({ provincia: request.params.p }) }),
  );

  app.get(
    "/utilities/comuni/by/catastale/:code",
    {
      config: { access },
      schema: {
        tags,
        summary: "One comune by cadastral code (F205), suppressed comuni included; 404 for foreign Z codes",
        params: ZComuneByCadastralParams,
        response: { 200: ZComuneResponse },
      },
    },
    async (request) => ({ data: await geo.comuneByCadastralCode(request.params.code) }),
  );

  app.get(
    "/utilities/paesi",
    {
      config: { access },
      schema: {
        tags,
        summary: "Countries with their cadastral Z code as in tax codes (Francia → Z110), and Italia",
        response: { 200: ZPaesiResponse },
      },
    },
    async () => ({ data: await geo.listCountries() }),
  );

  app.get(
    "/utilities/prefissi",
    {
      config: { access },
      schema: {
        tags,
        summary: "Telephone prefixes with flag and country, Italy (+39) first",
        response: { 200: ZPrefissiResponse },
      },
    },
    async () => ({ data: await geo.listPrefixes() }),
  );
};
