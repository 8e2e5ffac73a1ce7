import {
  BOOKING_MESSAGES,
  ZBookingCalendarQuery,
  ZBookingCancelBody,
  ZBookingCreateBody,
  ZBookingDateChangeBody,
  ZBookingHashParams,
  ZBookingIdsBody,
  ZBookingListQuery,
  ZBookingListResponse,
  ZBookingNotesBody,
  ZBookingPagedResponse,
  ZBookingRefuseBody,
  ZBookingResponse,
  ZHashidParams,
  ZIdParams,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { setTakenSlotsProvider } from "../companies/index.ts";
import { CITIZEN, OPERATOR, PARTIES } from "./access-rules.ts";
import { takenSlots } from "./availability.ts";
import { createBooking } from "./create.ts";
import * as lists from "./lists.ts";
import { updateNotes } from "./notes.ts";
import * as transitions from "./transitions.ts";

const tags = ["bookings"];
const updated = <T>(data: T) => ({ data, message: BOOKING_MESSAGES.updated });

/** Bookings (spec 001 §7 Citizen reservations, Operator reservations): creation, lists, status changes, notes. */
export const bookingsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // The companies module's slots and service deletion see bookings from now on.
  setTakenSlotsProvider(takenSlots);

  app.post(
    "/reservations",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Book a health service at a free slot (verified phone required; 409 when the slot was taken)",
        body: ZBookingCreateBody,
        response: { 201: ZBookingResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createBooking(ctx, request, request.body), message: BOOKING_MESSAGES.created }),
  );

  // The citizen's lists.
  app.get(
    "/users/own/reservations",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's bookings, latest appointment first (status, tab group, kind, from, to; paged)",
        querystring: ZBookingListQuery,
        response: { 200: ZBookingPagedResponse },
      },
    },
    async (request) => lists.citizenList(ctx, principalOf(request), request.query),
  );
  const citizenVariants = [
    ["today", "Today's appointments, in time order", lists.citizenToday],
    ["latest", "The most recent requests", lists.citizenLatest],
    ["all", "Every booking of the citizen, latest appointment first", lists.citizenAll],
  ] as const;
  for (const [variant, summary, list] of citizenVariants) {
    app.get(
      `/users/own/reservations/${variant}`,
      { config: { access: CITIZEN }, schema: { tags, summary, response: { 200: ZBookingListResponse } } },
      async (request) => ({ data: await list(ctx, principalOf(request)) }),
    );
  }
  app.get(
    "/users/own/reservations/calendar",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The citizen's appointments from one date to another (Italian time), in time order",
        querystring: ZBookingCalendarQuery,
        response: { 200: ZBookingListResponse },
      },
    },
    async (request) => ({ data: await lists.citizenCalendar(ctx, principalOf(request), request.query) }),
  );

  // The operator's list.
  app.get(
    "/companies/own/reservations",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "The bookings of the operator's company, latest appointment first (status, tab group, kind, from, to; paged)",
        querystring: ZBookingListQuery,
        response: { 200: ZBookingPagedResponse },
      },
    },
    async (request) => lists.companyList(ctx, principalOf(request), request.query),
  );

  app.get(
    "/companies/own/reservations/calendar",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The company's appointments from one date to another (Italian time), in time order",
        querystring: ZBookingCalendarQuery,
        response: { 200: ZBookingListResponse },
      },
    },
    async (request) => ({ data: await lists.companyCalendar(ctx, principalOf(request), request.query) }),
  );

  app.get(
    "/reservations/details/all/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "One booking, for the citizen who made it or the company's operators",
        params: ZIdParams,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => ({ data: await transitions.details(ctx, request, request.params.id) }),
  );

  // The operator's transitions.
  for (const method of ["GET", "POST"] as const) {
    app.route({
      method,
      url: "/reservations/company/confirm/:id",
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Confirm a received booking of one's company",
        params: ZIdParams,
        response: { 200: ZBookingResponse },
      },
      handler: async (request) => updated(await transitions.confirm(ctx, request, request.params.id)),
    });
  }
  app.post(
    "/reservations/company/reject/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Refuse a booking of one's company with a reason 1–4",
        params: ZIdParams,
        body: ZBookingRefuseBody,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => updated(await transitions.refuse(ctx, request, request.params.id, request.body.reason)),
  );
  app.put(
    "/reservations/date/change/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Propose another start (a free slot of the same service); the citizen must answer",
        params: ZIdParams,
        body: ZBookingDateChangeBody,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => updated(await transitions.proposeDate(ctx, request, request.params.id, request.body.start)),
  );
  app.post(
    "/reservations/company/close/:hash",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Close (evaso) a confirmed booking of one's company",
        params: ZBookingHashParams,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => updated(await transitions.close(ctx, request, request.params.hash)),
  );
  app.post(
    "/reservations/company/noshow/:hash",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Record that the citizen did not come (non presentato) to a confirmed booking, from its start on",
        params: ZBookingHashParams,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => updated(await transitions.noShow(ctx, request, request.params.hash)),
  );
  app.post(
    "/reservations/company/multiple/close",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Close several confirmed bookings of one's company: all of them or none",
        body: ZBookingIdsBody,
        response: { 200: ZBookingListResponse },
      },
    },
    async (request) => ({ data: await transitions.closeMany(ctx, request, request.body.ids) }),
  );

  // The citizen's transitions.
  app.get(
    "/reservations/user/confirm/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Accept the date and time the company proposed",
        params: ZIdParams,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => updated(await transitions.accept(ctx, request, request.params.id)),
  );
  app.post(
    "/reservations/user/reject/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Reject the change the company proposed (the request ends)",
        params: ZIdParams,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => updated(await transitions.reject(ctx, request, request.params.id)),
  );
  app.post(
    "/reservations/own/cancel/:id",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Cancel one's booking with a reason 1–2",
        params: ZIdParams,
        body: ZBookingCancelBody,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => updated(await transitions.cancel(ctx, request, request.params.id, request.body.reason)),
  );

  app.put(
    "/reservations/:hashid",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary:
          "Ask for another date and time (a free slot of the same service); the request goes back to the company",
        params: ZHashidParams,
        body: ZBookingDateChangeBody,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) =>
      updated(await transitions.requestNewDate(ctx, request, request.params.hashid, request.body.start)),
  );

  app.patch(
    "/reservations/notes/:id",
    {
      config: { access: PARTIES },
      schema: {
        tags,
        summary: "Edit one's notes of a booking (citizen: notes, operator: operator_notes) until its time",
        params: ZIdParams,
        body: ZBookingNotesBody,
        response: { 200: ZBookingResponse },
      },
    },
    async (request) => updated(await updateNotes(ctx, request, request.params.id, request.body.notes)),
  );
};
