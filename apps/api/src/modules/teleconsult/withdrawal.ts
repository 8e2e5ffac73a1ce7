import {
  BOOKING_MESSAGES,
  type BookingStatus,
  citizenMayCancelTeleconsult,
  conflict,
  hasAppointmentPassed,
  ROOM_MESSAGES,
  TELECONSULT_MESSAGES,
  type TeleconsultCancelFacts,
} from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import * as repository from "./repository.ts";

/** Statuses a booking ends in without its call: cancelling again is the state machine's refusal. */
const CLOSED_WITHOUT_CALL: ReadonlySet<string> = new Set(["annullato", "rifiutato", "non_presentato"]);

/**
 * Bookings' cancel of a teleconsultation by its citizen (`POST reservations/own/cancel/{hash}`), in
 * its transaction on the locked booking, before the state machine and in place of the appointment's
 * time rule (issue 10: "before the start the operator cancels with a reason, the citizen freely").
 * The decision is citizenMayCancelTeleconsult's, the rule the pages apply: a quick or paediatric
 * request until its call connects, whatever its booking's start (the moment it was taken); a
 * specialist slot until its time, and not once connected. A call starts at its first connection
 * (recordConnected, which locks the same booking first). Only the words of a refusal are this
 * module's. Answers false when the booking has no teleconsultation row (bookings' rules then).
 * Ending the request and telling the operator who took it are the settled hook's (call.ts), once the
 * booking is annullato.
 */
export async function onCitizenCancel(
  tx: Executor,
  booking: { id: number; status: string; startAt: Date | null },
  at: Date,
): Promise<boolean> {
  const row = await repository.lockTeleconsult(tx, booking.id);
  if (!row) return false;
  const facts: TeleconsultCancelFacts = {
    kind: row.kind,
    status: booking.status as BookingStatus,
    start: booking.startAt,
    connected_at: row.connectedAt,
    ended_at: row.endedAt,
  };
  if (!citizenMayCancelTeleconsult(facts, at.getTime())) throw conflict(refusalOf(facts, at));
  return true;
}

/**
 * Why a cancel was refused, in the words a client sees: the call's when it is the reason (over, evaso
 * included, or connected), else those bookings' cancel gives any booking (a specialist slot's time
 * passed, then the state machine). A booking closed without its call (cancelled, refused, missed) had
 * the call ended with it: cancelling it again is the state machine's refusal, not "terminata".
 */
function refusalOf(facts: TeleconsultCancelFacts, at: Date): string {
  if (!CLOSED_WITHOUT_CALL.has(facts.status)) {
    if (facts.ended_at !== null || facts.status === "evaso") return TELECONSULT_MESSAGES.cancelEnded;
    if (facts.connected_at !== null) return TELECONSULT_MESSAGES.cancelStarted;
  }
  if (facts.kind === "specialistico" && hasAppointmentPassed(facts.start, at.getTime()))
    return BOOKING_MESSAGES.appointmentPassed;
  return BOOKING_MESSAGES.transitionRefused;
}

/**
 * Bookings' `POST reservations/message/{id}` on a teleconsultation, in its transaction on the locked
 * booking. Its messages are the call's chat (the room saves the chat there): once the call is over
 * (ended by either party, the 15 minutes, a cancel, a refusal or the expiry) nobody writes to it any
 * more, with the room chat's own words. Reading stays open to both parties.
 */
export async function onMessage(tx: Executor, booking: { id: number }): Promise<void> {
  const row = await repository.findTeleconsult(tx, booking.id);
  if (row?.endedAt) throw conflict(ROOM_MESSAGES.ended);
}
