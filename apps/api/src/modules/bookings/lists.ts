import {
  BOOKING_AWAITING,
  BOOKING_LIST_GROUPS,
  BOOKING_MESSAGES,
  type BookingStatus,
  fieldError,
  type TBooking,
  type TBookingCalendarQuery,
  type TBookingListQuery,
} from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { addDays, daysBetween, zonedDate, zonedToInstant } from "../../platform/zoned-time.ts";
import { ownCompanyId } from "../companies/index.ts";
import { presentBooking } from "./presenters.ts";
import * as repository from "./repository.ts";

/** The lists of bookings: the citizen's agenda and the operator's company list. */

/** Local dates are read in Italian time (the platform's). */
const TIME_ZONE = "Europe/Rome";
/** Unpaged lists (all, calendar) stop here. */
const UNPAGED_LIMIT = 1000;
const LATEST = 5;
const MAX_CALENDAR_DAYS = 366;

const dayStart = (date: string) => new Date(zonedToInstant(date, "00:00", TIME_ZONE));
const dayAfter = (date: string) => new Date(zonedToInstant(addDays(date, 1), "00:00", TIME_ZONE));

function rangeOf(from?: string, to?: string): { from?: Date; to?: Date } {
  if (from && to && to < from) throw fieldError("to", BOOKING_MESSAGES.dateOrder);
  return { ...(from ? { from: dayStart(from) } : {}), ...(to ? { to: dayAfter(to) } : {}) };
}

/**
 * The filters both paged lists share: status, a tab (`group`: its statuses, with what waits for the
 * caller's answer first), kind and appointment dates.
 */
function listFilter(query: TBookingListQuery): repository.ListFilter {
  return {
    ...rangeOf(query.from, query.to),
    ...(query.status ? { status: query.status } : {}),
    ...(query.group ? { statuses: BOOKING_LIST_GROUPS[query.group] } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  };
}

async function paged(
  ctx: ModuleContext,
  filter: repository.ListFilter,
  query: TBookingListQuery,
  awaiting: BookingStatus,
) {
  const { rows, total } = await repository.listBookings(ctx.db, filter, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
    ...(query.group ? { first: awaiting } : {}),
  });
  return {
    data: rows.map((row) => presentBooking(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

async function unpaged(
  ctx: ModuleContext,
  filter: repository.ListFilter,
  options: { limit?: number; ascending?: boolean; byCreation?: boolean } = {},
): Promise<TBooking[]> {
  const { rows } = await repository.listBookings(ctx.db, filter, {
    limit: options.limit ?? UNPAGED_LIMIT,
    offset: 0,
    withTotal: false,
    ...options,
  });
  return rows.map((row) => presentBooking(ctx, row));
}

/** `GET users/own/reservations`: the citizen's bookings, latest appointment first, paged (status, group, kind, from, to). */
export function citizenList(ctx: ModuleContext, principal: Principal, query: TBookingListQuery) {
  return paged(ctx, { userId: principal.userId, ...listFilter(query) }, query, BOOKING_AWAITING.citizen);
}

/** `GET users/own/reservations/today`: today's appointments, in time order. */
export function citizenToday(ctx: ModuleContext, principal: Principal): Promise<TBooking[]> {
  const today = zonedDate(Date.now(), TIME_ZONE);
  return unpaged(ctx, { userId: principal.userId, ...rangeOf(today, today) }, { ascending: true });
}

/** `GET users/own/reservations/latest`: the most recent requests. */
export async function citizenLatest(ctx: ModuleContext, principal: Principal): Promise<TBooking[]> {
  const rows = await repository.listLatestOfUser(ctx.db, principal.userId, LATEST);
  return rows.map((row) => presentBooking(ctx, row));
}

/** `GET users/own/reservations/all`: every booking, latest appointment first. */
export function citizenAll(ctx: ModuleContext, principal: Principal): Promise<TBooking[]> {
  return unpaged(ctx, { userId: principal.userId });
}

/** `GET users/own/reservations/calendar?from=&to=`: the appointments of a date range, in time order. */
export function citizenCalendar(
  ctx: ModuleContext,
  principal: Principal,
  query: TBookingCalendarQuery,
): Promise<TBooking[]> {
  const range = rangeOf(query.from, query.to);
  if (daysBetween(query.from, query.to) >= MAX_CALENDAR_DAYS) throw fieldError("to", BOOKING_MESSAGES.rangeTooLong);
  return unpaged(ctx, { userId: principal.userId, ...range }, { ascending: true });
}

/** `GET companies/own/reservations/calendar?from=&to=`: the company's appointments of a date range, in time order. */
export function companyCalendar(
  ctx: ModuleContext,
  principal: Principal,
  query: TBookingCalendarQuery,
): Promise<TBooking[]> {
  const range = rangeOf(query.from, query.to);
  if (daysBetween(query.from, query.to) >= MAX_CALENDAR_DAYS) throw fieldError("to", BOOKING_MESSAGES.rangeTooLong);
  return unpaged(ctx, { companyId: ownCompanyId(principal), ...range }, { ascending: true });
}

/** `GET companies/own/reservations`: the operator's company's bookings, paged (status, group, kind, from, to). */
export function companyList(ctx: ModuleContext, principal: Principal, query: TBookingListQuery) {
  return paged(ctx, { companyId: ownCompanyId(principal), ...listFilter(query) }, query, BOOKING_AWAITING.operator);
}
