import {
  BOOKING_MESSAGES,
  OPERATOR_BOOKING_MESSAGES,
  XLSX_CONTENT_TYPE,
  ZBookingHistoryResponse,
  ZBookingSelection,
  ZBulkRejectBody,
  ZBulkResultResponse,
  ZHandledByMeQuery,
  ZIdParams,
  ZOperatorBookingPagedResponse,
  ZOperatorBookingResponse,
  ZOperatorWorklistQuery,
  ZRejectChangeRequestBody,
  ZRequestCodeResponse,
  ZStatisticsByDateQuery,
  ZStatisticsByDateResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { OPERATOR, PARTIES } from "./access-rules.ts";
import { massClose, massReject } from "./bulk.ts";
import * as operator from "./operator.ts";
import { bookingsReport } from "./report.ts";

const tags = ["bookings"];

/**
 * The operator's side of bookings (spec 001 §7 Operator reservations, spec 002 §7 Reservations
 * (operator side)) beyond routes.ts: worklist, own bookings, statistics, bulk actions and report,
 * change requests, taking charge; and for both parties the booking's code and history.
 * Operators act on their own company's bookings only (another company's booking is a 404). The
 * spec gives these calls no permission string, so every operator of the company may use them.
 */
export const operatorBookingsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/companies/own/reservations/statisticsbydate",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Counts by status of the company's appointments of one day (Italian time) and of its week",
        querystring: ZStatisticsByDateQuery,
        response: { 200: ZStatisticsByDateResponse },
      },
    },
    async (request) => ({ data: await operator.statisticsByDate(ctx, principalOf(request), request.query.date) }),
  );

  app.get(
    "/companies/operator/reservations",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "The bookings the signed-in operator handled (changed or took charge of), latest action first (status, from, to, health_service; paged)",
        querystring: ZHandledByMeQuery,
        response: { 200: ZOperatorBookingPagedResponse },
      },
    },
    async (request) => operator.handledByMe(ctx, principalOf(request), request.query),
  );

  app.get(
    "/reservations/company/own",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "The company's worklist (status, from, to, health_service; awaiting=any|new|changes for what waits for an operator), paged",
        querystring: ZOperatorWorklistQuery,
        response: { 200: ZOperatorBookingPagedResponse },
      },
    },
    async (request) => operator.worklist(ctx, principalOf(request), request.query),
  );

  app.post(
    "/reservations/company/massive/close",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "Close (evaso) the selected bookings (ids, or from–to with status and health_service): confirmed ones change, the rest are skipped",
        body: ZBookingSelection,
        response: { 200: ZBulkResultResponse },
      },
    },
    async (request) => ({
      data: await massClose(ctx, request, request.body),
      message: OPERATOR_BOOKING_MESSAGES.bulkDone,
    }),
  );

  app.post(
    "/reservations/company/massive/reject",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "Refuse the selected bookings with one reason 1–4: open ones (ricevuto, in attesa, confermato) change, the rest are skipped",
        body: ZBulkRejectBody,
        response: { 200: ZBulkResultResponse },
      },
    },
    async (request) => ({
      data: await massReject(ctx, request, request.body, request.body.reason),
      message: OPERATOR_BOOKING_MESSAGES.bulkDone,
    }),
  );

  app.post(
    "/reservations/company/massive/report",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The selected bookings as an Excel workbook (.xlsx), Italian headers",
        body: ZBookingSelection,
        produces: [XLSX_CONTENT_TYPE],
      },
    },
    async (request, reply) => {
      const report = await bookingsReport(ctx, principalOf(request), request.body);
      return reply
        .header("content-type", XLSX_CONTENT_TYPE)
        .header("content-disposition", `attachment; filename="${report.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(report.content);
    },
  );

  // The spec's GETs change state: the proper verb POST is served too, with the same handler.
  for (const method of ["GET", "POST"] as const) {
    app.route({
      method,
      url: "/reservations/company/confirmCR/:id",
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Accept the new date and time the citizen asked for (a change request): the booking is confirmed",
        params: ZIdParams,
        response: { 200: ZOperatorBookingResponse },
      },
      handler: async (request) => ({
        data: await operator.confirmChangeRequest(ctx, request, request.params.id),
        message: BOOKING_MESSAGES.updated,
      }),
    });
    app.route({
      method,
      url: "/reservations/handled/:id",
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "Take charge of a booking of one's company (history entry; acknowledges a citizen's cancellation or rejection)",
        params: ZIdParams,
        response: { 200: ZOperatorBookingResponse },
      },
      handler: async (request) => ({
        data: await operator.markHandled(ctx, request, request.params.id),
        message: OPERATOR_BOOKING_MESSAGES.handled,
      }),
    });
  }

  app.post(
    "/reservations/company/rejectCR/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Refuse the new date and time the citizen asked for, with a reason 1–4: the booking is refused",
        params: ZIdParams,
        body: ZRejectChangeRequestBody,
        response: { 200: ZOperatorBookingResponse },
      },
    },
    async (request) => ({
      data: await operator.rejectChangeRequest(ctx, request, request.params.id, request.body.reason),
      message: BOOKING_MESSAGES.updated,
    }),
  );

  app.get(
    "/reservations/requestcode/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "The booking's short code (PR-XXXX-XXXX), for the citizen who made it or the company's operators",
        params: ZIdParams,
        response: { 200: ZRequestCodeResponse },
      },
    },
    async (request) => ({ data: await operator.requestCode(ctx, request, request.params.id) }),
  );

  app.get(
    "/reservations/history/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "The history of a booking, oldest first, for the citizen who made it or the company's operators",
        params: ZIdParams,
        response: { 200: ZBookingHistoryResponse },
      },
    },
    async (request) => ({ data: await operator.history(ctx, request, request.params.id) }),
  );
};
