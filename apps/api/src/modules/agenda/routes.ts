import {
  AGENDA_MESSAGES,
  ZAgendaEventBody,
  ZAgendaEventDeleteBody,
  ZAgendaEventParams,
  ZAgendaEventResponse,
  ZAgendaEventUpdateBody,
  ZAgendaUserParams,
  ZCalendarRangeQuery,
  ZFullCalendarResponse,
  ZMessage,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as service from "./service.ts";

const tags = ["agenda"];
/** One's own agenda: citizens (caregivers of an assisted person come with the care module). */
const OWNER: Access = { types: [0] };

/**
 * Agenda events (spec 001 §7 "Agenda events": POST, PUT and DELETE `users/{id}/agendaevents/[{eventid}]`)
 * and the full calendar. Without `{eventid}`: POST creates; PUT and DELETE take the event's hashid
 * from the body (422 when missing). With `{eventid}`: POST saves that event like PUT.
 */
export const agendaRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.post(
    "/users/:id/agendaevents",
    {
      config: { access: OWNER },
      schema: {
        tags,
        summary: "Create an event in one's agenda (name, place, date, time; notes optional)",
        params: ZAgendaUserParams,
        body: ZAgendaEventBody,
        response: { 201: ZAgendaEventResponse },
      },
    },
    async (request, reply) => {
      const data = await service.createEvent(ctx, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ data, message: AGENDA_MESSAGES.eventCreated });
    },
  );

  for (const method of ["POST", "PUT"] as const) {
    app.route({
      method,
      url: "/users/:id/agendaevents/:eventid",
      config: { access: OWNER },
      schema: {
        tags,
        summary: "Save an event of one's agenda",
        params: ZAgendaEventParams,
        body: ZAgendaEventBody,
        response: { 200: ZAgendaEventResponse },
      },
      handler: async (request) => {
        const { id, eventid } = request.params;
        const data = await service.updateEvent(ctx, principalOf(request), id, eventid, request.body);
        return { data, message: AGENDA_MESSAGES.eventUpdated };
      },
    });
  }

  app.put(
    "/users/:id/agendaevents",
    {
      config: { access: OWNER },
      schema: {
        tags,
        summary: "Save an event of one's agenda named by `hashid` in the body (422 without it)",
        params: ZAgendaUserParams,
        body: ZAgendaEventUpdateBody,
        response: { 200: ZAgendaEventResponse },
      },
    },
    async (request) => {
      const { hashid, ...body } = request.body;
      const data = await service.updateEvent(ctx, principalOf(request), request.params.id, hashid, body);
      return { data, message: AGENDA_MESSAGES.eventUpdated };
    },
  );

  app.delete(
    "/users/:id/agendaevents/:eventid",
    {
      config: { access: OWNER },
      schema: {
        tags,
        summary: "Delete an event of one's agenda",
        params: ZAgendaEventParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      const { id, eventid } = request.params;
      await service.deleteEvent(ctx, principalOf(request), id, eventid);
      return { message: AGENDA_MESSAGES.eventDeleted };
    },
  );

  app.delete(
    "/users/:id/agendaevents",
    {
      config: { access: OWNER },
      schema: {
        tags,
        summary: "Delete an event of one's agenda named by `hashid` in the body (422 without it)",
        params: ZAgendaUserParams,
        body: ZAgendaEventDeleteBody,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await service.deleteEvent(ctx, principalOf(request), request.params.id, request.body?.hashid);
      return { message: AGENDA_MESSAGES.eventDeleted };
    },
  );

  app.get(
    "/users/:id/agendaevents/calendar/full",
    {
      config: { access: OWNER },
      schema: {
        tags,
        summary: "One's events and bookings from one date to another (Italian time), for the calendar",
        params: ZAgendaUserParams,
        querystring: ZCalendarRangeQuery,
        response: { 200: ZFullCalendarResponse },
      },
    },
    async (request) => ({
      data: await service.fullCalendar(ctx, principalOf(request), request.params.id, request.query),
    }),
  );
};
