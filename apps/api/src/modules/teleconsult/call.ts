import { conflict, notFound, ROOM_MESSAGES } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { lockTeleconsultBooking, settleTeleconsultBooking, teleconsultBookingStates } from "../bookings/index.ts";
import { notifyOperatorCancelled } from "./popups.ts";
import * as repository from "./repository.ts";

/**
 * The call as the room (modules/teleconsult/room) and documents see a teleconsultation: who may join
 * and when. The booking's status stays the bookings module's; the call's times are this module's.
 */
export interface TeleconsultCall {
  bookingId: number;
  companyId: number;
  /** The account that booked (for a family member: the parent's account). */
  citizenId: number;
  /** Assigned when taken in charge (specialist: the confirming operator). */
  operatorId: number | null;
  kind: "rapido" | "pediatrico" | "specialistico";
  /** The booking's status (BOOKING_STATUSES). */
  status: string;
  /**
   * When the room may be joined. Quick and paediatric: from the start set when taken in charge (or
   * moved by the operator) for 60 minutes, the call itself lasting 15 from its connection; before
   * being taken in charge the window is empty (start = end = the request's time). Specialist: from
   * 10 minutes before the slot to its end.
   */
  windowStart: Date;
  windowEnd: Date;
  connectedAt: Date | null;
  endedAt: Date | null;
}

const SPECIALIST_EARLY_MS = 10 * 60_000;
const QUICK_WINDOW_MS = 60 * 60_000;

/** The teleconsultation of a booking, or null when the booking is not one. */
export async function teleconsultCall(db: Executor, bookingId: number): Promise<TeleconsultCall | null> {
  const row = await repository.findTeleconsult(db, bookingId);
  if (!row) return null;
  const booking = (await teleconsultBookingStates(db, [bookingId])).get(bookingId);
  if (!booking) return null;
  let windowStart: Date;
  let windowEnd: Date;
  if (row.kind === "specialistico" && booking.startAt && booking.endAt) {
    windowStart = new Date(booking.startAt.getTime() - SPECIALIST_EARLY_MS);
    windowEnd = booking.endAt;
  } else if (booking.startAt) {
    windowStart = booking.startAt;
    windowEnd = new Date(booking.startAt.getTime() + QUICK_WINDOW_MS);
  } else {
    windowStart = row.createdAt;
    windowEnd = row.createdAt;
  }
  return {
    bookingId,
    companyId: row.companyId,
    citizenId: row.userId,
    operatorId: row.operatorId,
    kind: row.kind,
    status: booking.status,
    windowStart,
    windowEnd,
    connectedAt: row.connectedAt,
    endedAt: row.endedAt,
  };
}

/**
 * The call's first connection (status 4), recorded once: answers the recorded start. The booking is
 * locked first, as the citizen's cancel and taking charge lock it, so a cancel racing the connection
 * comes wholly before it (the connection is refused: 409, the call is over) or after it (the cancel
 * is refused: the call has started).
 */
export async function recordConnected(db: Executor, bookingId: number, at: Date): Promise<Date> {
  return db.transaction(async (tx) => {
    const booking = await lockTeleconsultBooking(tx, bookingId);
    const row = await repository.lockTeleconsult(tx, bookingId);
    if (!booking || !row) throw notFound();
    if (row.connectedAt !== null) return row.connectedAt;
    if (row.endedAt !== null || booking.status !== "confermato") throw conflict(ROOM_MESSAGES.closed);
    return repository.setConnectedOnce(tx, bookingId, at);
  });
}

function systemRequest(reason: string): FastifyRequest {
  return { principal: undefined, ip: null, id: `teleconsult:${reason}` } as unknown as FastifyRequest;
}

/**
 * Ends the call: ended_at and its reason recorded once, the booking evaso (confermato → evaso). `request`
 * names who ended it in the history and audit (omitted: the server, e.g. the 15-minute clock).
 * Answers false when it had already ended.
 */
export async function endTeleconsult(
  db: Executor,
  bookingId: number,
  at: Date,
  reason: string,
  request?: FastifyRequest,
): Promise<boolean> {
  const run = async (tx: Executor) => {
    // The booking first, as bookings' confirm locks it (then the teleconsultation): never the other order.
    await lockTeleconsultBooking(tx, bookingId);
    const ended = await repository.setEndedOnce(tx, bookingId, at, reason);
    if (!ended) return false;
    await settleTeleconsultBooking(
      tx,
      request ?? systemRequest(reason),
      bookingId,
      "confermato",
      "evaso",
      "teleconsult_end",
      {
        reason,
      },
    );
    return true;
  };
  return db.transaction(run);
}

export type CallEndedListener = (tx: Executor, bookingIds: number[], reason: string, at: Date) => Promise<void>;
let callEndedListener: CallEndedListener | null = null;

/** The room (./room) stops the calls' clocks and tells their members when bookings end them. */
export function setCallEndedListener(listener: CallEndedListener): void {
  callEndedListener = listener;
}

/**
 * Bookings' hook: teleconsultations whose booking reached a final status through the state machine
 * (the operator closed or refused it, the citizen cancelled it) end their call in that transaction:
 * recorded once, the clock stopped, the room told. The booking is already locked and updated.
 */
export async function onBookingsSettled(tx: Executor, bookingIds: number[], status: string, at: Date): Promise<void> {
  const ended = await repository.setManyEnded(tx, bookingIds, at, status);
  // Only the citizen leads a booking to annullato (cancel, or rejecting a proposed time): the
  // operator who had taken the teleconsultation in charge is told, as by the other teleconsult popups.
  if (status === "annullato") {
    for (const row of ended) if (row.operatorId !== null) await notifyOperatorCancelled(tx, row.operatorId, row.kind);
  }
  if (ended.length > 0 && callEndedListener)
    await callEndedListener(
      tx,
      ended.map((row) => row.id),
      status,
      at,
    );
}
