import { BOOKING_MESSAGES, CALL_LIMITS, conflict, notFound } from "@cura/domain";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { healthServiceName } from "../companies/index.ts";
import { recordChange } from "./history.ts";
import * as repository from "./repository.ts";
import { bookings } from "./tables.ts";

/**
 * Teleconsultations are bookings of kind teleconsulto (issue 10): the teleconsult module asks for
 * them here and keeps the call's own data in its tables; every status change still goes through
 * recordChange. Quick and paediatric requests have no time until an operator takes them in charge
 * (bookings' confirm), which starts them now; specialist ones are slots booked through the wizard.
 */

export const TELECONSULT_KIND = "teleconsulto" as const;

/** The teleconsult platform service: its health services are booked as specialist teleconsultations. */
export const TELECONSULT_SERVICE_REF = 2;

export type BookedHook = (
  tx: Executor,
  booking: { bookingId: number; companyId: number; userId: number; familyMemberId?: number | null | undefined },
) => Promise<void>;
let bookedHook: BookedHook | null = null;

/** The teleconsult module registers what a specialist teleconsultation booked through the wizard also creates. */
export function setTeleconsultBookedHook(hook: BookedHook): void {
  bookedHook = hook;
}

/** Called by create.ts in the booking's transaction. */
export async function onTeleconsultBooked(tx: Executor, booking: Parameters<BookedHook>[1]): Promise<void> {
  if (bookedHook) await bookedHook(tx, booking);
}

export type ConfirmHook = (
  tx: Executor,
  booking: repository.BookingRow,
  principal: Principal,
  at: Date,
) => Promise<void>;
let confirmHook: ConfirmHook | null = null;

/** The teleconsult module registers what confirming one of its bookings also does (assign the operator). */
export function setTeleconsultConfirmHook(hook: ConfirmHook): void {
  confirmHook = hook;
}

/** Called by confirm (transitions.ts) in its transaction, on the locked row: the changes to the booking. */
export async function onTeleconsultConfirm(
  tx: Executor,
  row: repository.BookingRow,
  principal: Principal,
  at: Date,
): Promise<Partial<repository.NewBooking>> {
  if (row.kind !== TELECONSULT_KIND) return {};
  if (confirmHook) await confirmHook(tx, row, principal, at);
  // A quick request starts when taken in charge; a specialist slot keeps its time.
  return row.startAt === null ? { startAt: at, endAt: new Date(at.getTime() + CALL_LIMITS.durationMs) } : {};
}

export type ProposeHook = (tx: Executor, row: repository.BookingRow, principal: Principal, at: Date) => Promise<void>;
let proposeHook: ProposeHook | null = null;

/**
 * The teleconsult module registers what proposing another time for one of its bookings also does:
 * the proposing operator is the one the citizen accepts (accept never passes through confirm).
 */
export function setTeleconsultProposeHook(hook: ProposeHook): void {
  proposeHook = hook;
}

/** Called by the company's proposal (transitions.ts) in its transaction, on the locked row. */
export async function onTeleconsultProposed(
  tx: Executor,
  row: repository.BookingRow,
  principal: Principal,
  at: Date,
): Promise<void> {
  if (row.kind === TELECONSULT_KIND && proposeHook) await proposeHook(tx, row, principal, at);
}

export type CancelHook = (tx: Executor, row: repository.BookingRow, at: Date) => Promise<boolean>;
let cancelHook: CancelHook | null = null;

/**
 * The teleconsult module registers its rule for the citizen's cancel of one of its bookings, in place
 * of the appointment's time rule (citizenMayCancelTeleconsult, the pages' rule too): refused (409)
 * once the call connected or ended; a quick or paediatric request, whose start is its call's first
 * connection and not the booking's start (set when taken in charge), whenever it waits or was taken;
 * a specialist slot until its time. Throws the refusal; answers whether that rule applied.
 */
export function setTeleconsultCancelHook(hook: CancelHook): void {
  cancelHook = hook;
}

/**
 * Called by cancel (transitions.ts) in its transaction, on the locked row, before the state machine:
 * true when the teleconsultation's own rule replaced the appointment's time rule.
 */
export async function onTeleconsultCancel(tx: Executor, row: repository.BookingRow, at: Date): Promise<boolean> {
  if (row.kind !== TELECONSULT_KIND || !cancelHook) return false;
  return cancelHook(tx, row, at);
}

export type MessageHook = (tx: Executor, row: repository.BookingRow) => Promise<void>;
let messageHook: MessageHook | null = null;

/**
 * The teleconsult module registers what writing a message on one of its bookings checks: its
 * messages are the call's chat, closed with the call (409, as the room's chat says).
 */
export function setTeleconsultMessageHook(hook: MessageHook): void {
  messageHook = hook;
}

/** Called by postMessage (messages.ts) in its transaction, on the locked booking. */
export async function onTeleconsultMessage(tx: Executor, row: repository.BookingRow): Promise<void> {
  if (row.kind === TELECONSULT_KIND && messageHook) await messageHook(tx, row);
}

/** Statuses after which a booking never moves again: a teleconsultation's call is over there. */
const SETTLED_STATUSES: ReadonlySet<string> = new Set(["evaso", "annullato", "rifiutato", "non_presentato"]);

export type SettledHook = (tx: Executor, bookingIds: number[], status: string, at: Date) => Promise<void>;
let settledHook: SettledHook | null = null;

/** The teleconsult module registers what ending one of its bookings through the state machine also ends (the call). */
export function setTeleconsultSettledHook(hook: SettledHook): void {
  settledHook = hook;
}

/**
 * Called by the transitions (one booking, transitions.ts; many, bulk.ts) in their transaction, after
 * the update: the teleconsultations among `rows` that reached a final status (closed, refused,
 * cancelled) end their call too.
 */
export async function onTeleconsultSettled(
  tx: Executor,
  rows: Array<{ id: number; kind: string }>,
  status: string,
): Promise<void> {
  if (!settledHook || !SETTLED_STATUSES.has(status)) return;
  const ids = rows.filter((row) => row.kind === TELECONSULT_KIND).map((row) => row.id);
  if (ids.length > 0) await settledHook(tx, ids, status, new Date());
}

/** A teleconsultation request (quick or paediatric), status ricevuto, recorded like any new booking. */
export async function enterTeleconsultBooking(
  tx: Executor,
  request: FastifyRequest,
  values: { companyId: number; userId: number; familyMemberId: number | null; notes: string | null },
): Promise<number> {
  const id = await repository.insertBooking(tx, { ...values, kind: TELECONSULT_KIND, status: "ricevuto" });
  await recordChange(tx, request, {
    bookingId: id,
    companyId: values.companyId,
    action: "create",
    from: null,
    to: "ricevuto",
  });
  return id;
}

export interface TeleconsultBookingState {
  id: number;
  companyId: number;
  userId: number;
  familyMemberId: number | null;
  healthServiceId: number | null;
  kind: string;
  status: repository.BookingRow["status"];
  startAt: Date | null;
  endAt: Date | null;
  createdAt: Date;
}

const stateColumns = {
  id: bookings.id,
  companyId: bookings.companyId,
  userId: bookings.userId,
  familyMemberId: bookings.familyMemberId,
  healthServiceId: bookings.healthServiceId,
  kind: bookings.kind,
  status: bookings.status,
  startAt: bookings.startAt,
  endAt: bookings.endAt,
  createdAt: bookings.createdAt,
};

/** The booking side of teleconsultations, by id, in one statement. */
export async function teleconsultBookingStates(
  db: Executor,
  ids: number[],
): Promise<Map<number, TeleconsultBookingState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(stateColumns)
    .from(bookings)
    .where(inArray(bookings.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** One booking's state, locked for the caller's transaction. */
export async function lockTeleconsultBooking(tx: Executor, id: number): Promise<TeleconsultBookingState | null> {
  const rows = await tx.select(stateColumns).from(bookings).where(eq(bookings.id, id)).for("update").limit(1);
  return rows[0] ?? null;
}

/**
 * Ends a teleconsultation's booking from outside the citizen's and the operator's state machine: the
 * call's end (confermato → evaso) or the expiry of a request nobody took (ricevuto → annullato). A
 * booking no longer in `from` is left as it is (answers false): the end was already recorded.
 */
export async function settleTeleconsultBooking(
  tx: Executor,
  request: FastifyRequest,
  id: number,
  from: repository.BookingRow["status"],
  to: "evaso" | "annullato",
  action: string,
  detail?: Record<string, unknown>,
): Promise<boolean> {
  const row = await lockTeleconsultBooking(tx, id);
  if (!row || row.kind !== TELECONSULT_KIND || row.status !== from) return false;
  await repository.updateBooking(tx, id, { status: to });
  await recordChange(tx, request, {
    bookingId: id,
    companyId: row.companyId,
    action,
    from,
    to,
    ...(detail ? { detail } : {}),
  });
  return true;
}

/** `PUT reservations/order/tc/update/{hash}`: the company moves a taken quick teleconsultation's start. */
export async function moveTeleconsultStart(
  tx: Executor,
  request: FastifyRequest,
  id: number,
  start: Date,
): Promise<void> {
  const row = await lockTeleconsultBooking(tx, id);
  if (!row || row.kind !== TELECONSULT_KIND) throw notFound();
  if (row.status !== "confermato") throw conflict(BOOKING_MESSAGES.transitionRefused);
  await repository.updateBooking(tx, id, { startAt: start, endAt: new Date(start.getTime() + CALL_LIMITS.durationMs) });
  await recordChange(tx, request, {
    bookingId: id,
    companyId: row.companyId,
    action: "teleconsult_moved",
    from: row.status,
    to: row.status,
    detail: { start: start.toISOString() },
  });
}

/**
 * Read model for the teleconsult module's lists: the booking's status, start and end beside each
 * teleconsultation, as one scalar subquery on the booking's key (the list stays one paged query).
 */
export function teleconsultBookingJson(
  bookingIdColumn: AnyPgColumn,
): SQL<{ status: repository.BookingRow["status"]; start: string | null; end: string | null; service: string | null }> {
  return sql`(select json_build_object('status', ${bookings.status}, 'start', ${bookings.startAt}, 'end', ${bookings.endAt}, 'service', ${healthServiceName(bookings.healthServiceId)}) from ${bookings} where ${bookings.id} = ${bookingIdColumn})`;
}
