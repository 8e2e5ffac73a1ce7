import {
  ZActivityReportResponse,
  ZGrowthReportResponse,
  ZRegistrationsReportResponse,
  ZReportsOverviewResponse,
  ZReportsQuery,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../../platform/module.ts";
import { PLATFORM_ADMIN } from "./access-rules.ts";
import { runRollup } from "./rollup.ts";
import * as reports from "./service.ts";

const tags = ["admin"];

/** The reports page's dashboards over the daily rollups, and the job that keeps them (issue 14). */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // Hourly: the last 35 days again (returns within 30 days), the whole history on the first run.
  ctx.jobs.define({
    name: "admin-reports-rollup",
    cron: "7 * * * *",
    run: async () => {
      await runRollup(ctx.db);
    },
  });

  app.get(
    "/admin/reports",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "The reports page: external dashboards configured (REPORTS_EMBED_URL_1…3), regions, last update",
        response: { 200: ZReportsOverviewResponse },
      },
    },
    async () => ({ data: await reports.overview(ctx) }),
  );

  app.get(
    "/admin/reports/registrations",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Dashboard 1: registrations per week by type, active services per company, bookings per service (from, to, region)",
        querystring: ZReportsQuery,
        response: { 200: ZRegistrationsReportResponse },
      },
    },
    async (request) => ({ data: await reports.registrations(ctx, request.query) }),
  );

  app.get(
    "/admin/reports/growth",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Dashboard 2: enrolled citizens, cumulative per day, in total and by region (from, to, region)",
        querystring: ZReportsQuery,
        response: { 200: ZGrowthReportResponse },
      },
    },
    async (request) => ({ data: await reports.growth(ctx, request.query) }),
  );

  app.get(
    "/admin/reports/activity",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Dashboard 3: daily active citizens, bookings, teleconsultations and readings per day, share returning within 30 days",
        querystring: ZReportsQuery,
        response: { 200: ZActivityReportResponse },
      },
    },
    async (request) => ({ data: await reports.activity(ctx, request.query) }),
  );
};
