import { AGENDA_MESSAGES, conflict, notFound, ZBookingListResponse, ZIdParams, ZOneDayQuery } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { zonedDate } from "../../platform/zoned-time.ts";
import { CITIZEN } from "./access-rules.ts";
import { bookingIcs, bookingPdf } from "./calendar-files.ts";
import { citizenCalendar } from "./lists.ts";
import { presentBooking } from "./presenters.ts";
import * as repository from "./repository.ts";
import { assertParty } from "./scope.ts";

const tags = ["bookings"];

/** The citizen's day view, and a booking as a calendar file (.ics) and as a PDF summary. */
export const calendarRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/users/own/reservations/onedaycalendar",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's appointments of one day (date, default today; Italian time), in time order",
        querystring: ZOneDayQuery,
        response: { 200: ZBookingListResponse },
      },
    },
    async (request) => {
      const date = request.query.date ?? zonedDate(Date.now(), "Europe/Rome");
      return { data: await citizenCalendar(ctx, principalOf(request), { from: date, to: date }) };
    },
  );

  /** The citizen's own booking, presented; someone else's is a 404. */
  const ownBooking = async (principal: ReturnType<typeof principalOf>, hashid: string) => {
    const id = ctx.ids.decode(hashid);
    if (id === null) throw notFound();
    const row = await repository.findBooking(ctx.db, id);
    assertParty(principal, row?.booking ?? null);
    return presentBooking(ctx, row as NonNullable<typeof row>);
  };

  app.get(
    "/users/own/reservation/calendar/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "One's booking as an iCalendar file (text/calendar); 409 while it has no date and time",
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const booking = await ownBooking(principalOf(request), request.params.id);
      if (!booking.start || !booking.end) throw conflict(AGENDA_MESSAGES.noDateYet);
      const host = new URL(ctx.config.publicUrl).host;
      const ics = await bookingIcs(booking, new Date(booking.start), new Date(booking.end), host);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="prenotazione-${booking.hashid}.ics"`)
        .header("cache-control", "private, no-store")
        .send(ics);
    },
  );

  app.get(
    "/users/own/reservation/download/:id",
    {
      config: { access: CITIZEN },
      schema: { tags, summary: "One's booking as a PDF summary (application/pdf)", params: ZIdParams },
    },
    async (request, reply) => {
      const booking = await ownBooking(principalOf(request), request.params.id);
      const pdf = await bookingPdf(booking, new Date());
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="prenotazione-${booking.hashid}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
};
