import {
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  type BookingStatus,
  canTakeCharge,
  conflict,
  fieldError,
  nextBookingStatus,
  notFound,
  OPERATOR_BOOKING_MESSAGES,
  type TBookingEvent,
  type THandledByMeQuery,
  type TOperatorBooking,
  type TOperatorWorklistQuery,
  type TStatisticsByDate,
  type TStatusCounts,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Principal } from "../../platform/auth/access.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { addDays, isoWeekday, zonedToInstant } from "../../platform/zoned-time.ts";
import { ownCompanyId } from "../companies/index.ts";
import { recordChange } from "./history.ts";
import * as operatorRepository from "./operator-repository.ts";
import { presentBooking } from "./presenters.ts";
import * as repository from "./repository.ts";
import { bookingCode } from "./request-code.ts";
import { actorKind, assertParty, bookingId } from "./scope.ts";

/**
 * The operator's use cases beyond the single transitions of transitions.ts: the worklist, the
 * bookings one handled, daily statistics, change requests, taking charge, the code, the history.
 * Every one is scoped to the operator's own company: another company's booking is a 404.
 */

const TIME_ZONE = "Europe/Rome";
const dayStart = (date: string) => new Date(zonedToInstant(date, "00:00", TIME_ZONE));

export function presentOperatorBooking(
  ctx: ModuleContext,
  row: operatorRepository.OperatorBookingRow,
): TOperatorBooking {
  return {
    ...presentBooking(ctx, row),
    code: bookingCode(ctx.config.appSecret, row.booking.id),
    awaiting: row.awaiting,
  };
}

/** Decodes an optional health service filter; an unknown one matches nothing (404 would tell it exists). */
function serviceFilter(ctx: ModuleContext, hashid: string | undefined): { healthServiceId?: number } {
  if (hashid === undefined) return {};
  return { healthServiceId: ctx.ids.decode(hashid) ?? -1 };
}

/** A date range filter on the appointment (Italian dates, `to` included). */
export function dateRange(from?: string, to?: string): { from?: Date; to?: Date } {
  if (from && to && to < from) throw fieldError("to", OPERATOR_BOOKING_MESSAGES.dateOrder);
  return { ...(from ? { from: dayStart(from) } : {}), ...(to ? { to: dayStart(addDays(to, 1)) } : {}) };
}

async function pagedList(
  ctx: ModuleContext,
  filter: operatorRepository.OperatorFilter,
  query: { page: number; per_page: number },
) {
  const { rows, total } = await operatorRepository.listForOperator(ctx.db, filter, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentOperatorBooking(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * `GET reservations/company/own`: the company's worklist. With `awaiting`, what waits for an
 * operator (oldest request first): `new` requests, the citizen's `changes` (change requests,
 * unacknowledged cancellations), or `any`; without it, every booking, latest appointment first.
 */
export function worklist(ctx: ModuleContext, principal: Principal, query: TOperatorWorklistQuery) {
  return pagedList(
    ctx,
    {
      companyId: ownCompanyId(principal),
      ...dateRange(query.from, query.to),
      ...serviceFilter(ctx, query.health_service),
      ...(query.status ? { status: query.status } : {}),
      ...(query.awaiting ? { awaiting: query.awaiting } : {}),
    },
    query,
  );
}

/**
 * `GET companies/operator/reservations`: the bookings the signed-in operator handled (changed, or
 * took charge of), their latest action first; filtered as the worklist (without `awaiting`).
 */
export function handledByMe(ctx: ModuleContext, principal: Principal, query: THandledByMeQuery) {
  return pagedList(
    ctx,
    {
      companyId: ownCompanyId(principal),
      handledBy: principal.userId,
      ...dateRange(query.from, query.to),
      ...serviceFilter(ctx, query.health_service),
      ...(query.status ? { status: query.status } : {}),
    },
    query,
  );
}

const zeroCounts = (): TStatusCounts =>
  Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as unknown as TStatusCounts;

/**
 * `GET companies/own/reservations/statisticsbydate?date=`: the company's appointments of that day
 * (Italian time) counted by status, and the same counts for each day of its week, Monday to Sunday.
 */
export async function statisticsByDate(
  ctx: ModuleContext,
  principal: Principal,
  date: string,
): Promise<TStatisticsByDate> {
  const monday = addDays(date, 1 - isoWeekday(date));
  const rows = await operatorRepository.countsByDay(
    ctx.db,
    ownCompanyId(principal),
    dayStart(monday),
    dayStart(addDays(monday, 7)),
  );
  const week = Array.from({ length: 7 }, (_, i) => {
    const day = addDays(monday, i);
    const byStatus = zeroCounts();
    for (const row of rows) if (row.day === day) byStatus[row.status as BookingStatus] += row.n;
    return { date: day, total: Object.values(byStatus).reduce((a, b) => a + b, 0), by_status: byStatus };
  });
  const today = week.find((d) => d.date === date) ?? { date, total: 0, by_status: zeroCounts() };
  return { ...today, week };
}

async function presentOne(ctx: ModuleContext, companyId: number, id: number): Promise<TOperatorBooking> {
  const { rows } = await operatorRepository.listForOperator(ctx.db, { companyId, ids: [id] }, { limit: 1, offset: 0 });
  const row = rows[0];
  if (!row) throw notFound();
  return presentOperatorBooking(ctx, row);
}

/**
 * A change request is a booking back at ricevuto because the citizen asked for another date and
 * time (`PUT reservations/{hashid}`, the state machine's request_new_date): its latest status change
 * is that request, which history.ts records as what it awaits (`change_request`). The operator confirms it (confirm: ricevuto → confermato) or refuses it with a
 * reason 1–4 (refuse: ricevuto → rifiutato); anything else is a 409.
 */
async function answerChangeRequest(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  answer: { action: "confirm" } | { action: "refuse"; reason: number },
): Promise<TOperatorBooking> {
  const principal = principalOf(request);
  const id = bookingId(ctx.ids, hashid);
  await ctx.db.transaction(async (tx) => {
    const row = await repository.lockBooking(tx, id);
    assertParty(principal, row);
    if (row.status !== "ricevuto" || row.awaiting !== "change_request")
      throw conflict(OPERATOR_BOOKING_MESSAGES.noChangeRequest);
    const next = nextBookingStatus(row.status, answer.action, actorKind(principal));
    if (next === null) throw conflict(BOOKING_MESSAGES.transitionRefused);
    await repository.updateBooking(
      tx,
      id,
      answer.action === "refuse"
        ? { status: next, refusalReason: answer.reason, proposedStartAt: null, proposedEndAt: null }
        : { status: next },
    );
    await recordChange(tx, request, {
      bookingId: id,
      companyId: row.companyId,
      action: answer.action,
      from: row.status,
      to: next,
      detail: { change_request: true, ...(answer.action === "refuse" ? { reason: answer.reason } : {}) },
    });
  });
  return presentOne(ctx, ownCompanyId(principal), id);
}

/** `GET reservations/company/confirmCR/{id}`: the operator accepts the citizen's new date and time. */
export const confirmChangeRequest = (ctx: ModuleContext, request: FastifyRequest, hashid: string) =>
  answerChangeRequest(ctx, request, hashid, { action: "confirm" });

/** `POST reservations/company/rejectCR/{id}`: the operator refuses the citizen's new date, with a reason. */
export const rejectChangeRequest = (ctx: ModuleContext, request: FastifyRequest, hashid: string, reason: number) =>
  answerChangeRequest(ctx, request, hashid, { action: "refuse", reason });

/**
 * `GET reservations/handled/{id}`: the operator takes charge of a booking that can still change (a
 * final one is a 409, unless it acknowledges a citizen's cancellation or rejection). It is
 * recorded in the history (status unchanged), lists the booking among the operator's own
 * (`companies/operator/reservations`), and acknowledges a citizen's cancellation or rejection, which
 * then leaves the conferma-annullamento list.
 */
export async function markHandled(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const principal = principalOf(request);
  const id = bookingId(ctx.ids, hashid);
  await ctx.db.transaction(async (tx) => {
    const row = await repository.lockBooking(tx, id);
    assertParty(principal, row);
    // A booking that can no longer change has nothing left to take charge of, unless a citizen's
    // cancellation or rejection still waits to be acknowledged.
    if (!canTakeCharge(row.status as BookingStatus, row.awaiting))
      throw conflict(OPERATOR_BOOKING_MESSAGES.nothingToHandle);
    await recordChange(tx, request, {
      bookingId: id,
      companyId: row.companyId,
      action: operatorRepository.HANDLED_ACTION,
      from: row.status,
      to: row.status,
    });
  });
  return presentOne(ctx, ownCompanyId(principal), id);
}

/** `GET reservations/requestcode/{id}`: the booking's short code, for either party. */
export async function requestCode(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const id = bookingId(ctx.ids, hashid);
  const found = await repository.findBooking(ctx.db, id);
  assertParty(principalOf(request), found?.booking ?? null);
  return { hashid, code: bookingCode(ctx.config.appSecret, id) };
}

const numberOr = (value: unknown): number | null => (typeof value === "number" ? value : null);
const stringOr = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * `GET reservations/history/{id}`: the booking's history, for either party. A citizen sees who
 * acted as "operator" without the operator's name; operators see their colleagues' names.
 */
export async function history(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<TBookingEvent[]> {
  const principal = principalOf(request);
  const id = bookingId(ctx.ids, hashid);
  const found = await repository.findBooking(ctx.db, id);
  assertParty(principal, found?.booking ?? null);
  const operatorAsking = actorKind(principal) === "operator";
  const events = await operatorRepository.historyOf(ctx.db, id);
  return events.map((e) => {
    const actor = e.actorType === 0 ? "citizen" : e.actorType === 1 ? "operator" : null;
    const name = [e.actorName, e.actorSurname].filter(Boolean).join(" ") || null;
    return {
      action: e.action,
      from_status: (e.fromStatus as BookingStatus | null) ?? null,
      to_status: e.toStatus as BookingStatus,
      actor,
      actor_name: actor === "citizen" || operatorAsking ? name : null,
      reason: numberOr(e.detail?.reason),
      start: stringOr(e.detail?.start),
      created_at: e.createdAt.toISOString(),
    };
  });
}
