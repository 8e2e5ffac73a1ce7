import {
  AGENDA_MESSAGES,
  BOOKING_MESSAGES,
  fieldError,
  notFound,
  type TAgendaEvent,
  type TAgendaEventBody,
  type TCalendarRangeQuery,
  type TFullCalendar,
} from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { addDays, daysBetween, zonedToInstant } from "../../platform/zoned-time.ts";
import { citizenCalendar } from "../bookings/index.ts";
import * as repository from "./repository.ts";

/** Agenda events and the calendar: `users/{id}` is always the signed-in user (caregivers later). */

const TIME_ZONE = "Europe/Rome";
const MAX_CALENDAR_DAYS = 366;
const MAX_EVENTS = 1000;

/**
 * The user of `users/{id}`: only oneself (`own` or one's own hashid). Anyone else's agenda is a
 * 404, so a probe cannot tell whether the user exists.
 */
export function agendaOwner(ctx: ModuleContext, principal: Principal, hashid: string): number {
  if (hashid === "own") return principal.userId;
  const id = ctx.ids.decode(hashid);
  if (id === null || id !== principal.userId) throw notFound();
  return id;
}

function eventId(ctx: ModuleContext, hashid: string | undefined): number {
  // PUT and DELETE without {eventid} name the event in the body.
  if (!hashid) throw fieldError("hashid", AGENDA_MESSAGES.eventRequired);
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  return id;
}

function present(ctx: ModuleContext, row: repository.AgendaEventRow): TAgendaEvent {
  return {
    hashid: ctx.ids.encode(row.id),
    user: ctx.ids.encode(row.userId),
    name: row.name,
    place: row.place,
    date: row.date,
    time: row.time.slice(0, 5),
    start: row.startAt.toISOString(),
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function fields(body: TAgendaEventBody) {
  return {
    name: body.name,
    place: body.place,
    date: body.date,
    time: body.time,
    startAt: new Date(zonedToInstant(body.date, body.time, TIME_ZONE)),
    notes: body.notes?.length ? body.notes : null,
  };
}

export async function createEvent(
  ctx: ModuleContext,
  principal: Principal,
  userHashid: string,
  body: TAgendaEventBody,
): Promise<TAgendaEvent> {
  const userId = agendaOwner(ctx, principal, userHashid);
  return present(ctx, await repository.insertEvent(ctx.db, { userId, ...fields(body) }));
}

export async function updateEvent(
  ctx: ModuleContext,
  principal: Principal,
  userHashid: string,
  eventHashid: string | undefined,
  body: TAgendaEventBody,
): Promise<TAgendaEvent> {
  const userId = agendaOwner(ctx, principal, userHashid);
  const id = eventId(ctx, eventHashid);
  return ctx.db.transaction(async (tx) => {
    if (!(await repository.findOwnEvent(tx, userId, id))) throw notFound();
    const row = await repository.updateEvent(tx, id, fields(body));
    if (!row) throw notFound();
    return present(ctx, row);
  });
}

export async function deleteEvent(
  ctx: ModuleContext,
  principal: Principal,
  userHashid: string,
  eventHashid: string | undefined,
): Promise<void> {
  const userId = agendaOwner(ctx, principal, userHashid);
  const id = eventId(ctx, eventHashid);
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.findOwnEvent(tx, userId, id))) throw notFound();
    await repository.deleteEvent(tx, id);
  });
}

/** `GET users/{id}/agendaevents/calendar/full?from=&to=`: events and bookings of the dates, in time order. */
export async function fullCalendar(
  ctx: ModuleContext,
  principal: Principal,
  userHashid: string,
  query: TCalendarRangeQuery,
): Promise<TFullCalendar> {
  const userId = agendaOwner(ctx, principal, userHashid);
  if (query.to < query.from) throw fieldError("to", BOOKING_MESSAGES.dateOrder);
  if (daysBetween(query.from, query.to) >= MAX_CALENDAR_DAYS) throw fieldError("to", BOOKING_MESSAGES.rangeTooLong);
  const from = new Date(zonedToInstant(query.from, "00:00", TIME_ZONE));
  const to = new Date(zonedToInstant(addDays(query.to, 1), "00:00", TIME_ZONE));
  const [events, bookings] = await Promise.all([
    repository.listEvents(ctx.db, userId, from, to, MAX_EVENTS),
    // The bookings module's own calendar use case: the signed-in citizen's appointments.
    citizenCalendar(ctx, principal, query),
  ]);
  return { events: events.map((row) => present(ctx, row)), bookings };
}
