import { ZCompanyStatisticsResponse, ZStatisticsQuery } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { STATISTICS } from "./access-rules.ts";
import { companyStatistics } from "./statistics.ts";

const tags = ["companies"];

/** Statistics of the operator's company (analitiche, first-level companies only). */
export const statisticsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/companies/own/statistics",
    {
      config: { access: STATISTICS },
      schema: {
        tags,
        summary: "Bookings of one's company by status, by health service and over time (level 1 only)",
        querystring: ZStatisticsQuery,
        response: { 200: ZCompanyStatisticsResponse },
      },
    },
    async (request) => ({ data: await companyStatistics(ctx, principalOf(request), request.query) }),
  );
};
