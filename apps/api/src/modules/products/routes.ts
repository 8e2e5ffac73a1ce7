import { ZProductSearchParams, ZProductSearchResponse } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../platform/module.ts";
import { searchProducts } from "./catalogue.ts";

const tags = ["products"];
// The medicine list is public data, and spec 002 §7 lists the product search among the utilities
// without auth. It stays cheap unthrottled: an in-memory scan, no database (catalogue.ts).
const access = { public: true } as const;

/** The medicine list (spec 001 §7 Utility and shared: `GET utilities/products/{product}/search`). */
export const productsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app) => {
  app.get(
    "/utilities/products/:product/search",
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Medicines whose name or active ingredient matches (at least 3 characters; case and accents ignored; at most 20, best first)",
        params: ZProductSearchParams,
        response: { 200: ZProductSearchResponse },
      },
    },
    async (request, reply) => {
      // The list changes only with a release: browsers and proxies may keep an answer for an hour.
      reply.header("cache-control", "public, max-age=3600");
      return { data: searchProducts(request.params.product) };
    },
  );
};
