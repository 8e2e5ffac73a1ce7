import { conflict, ROOM_MESSAGES, TELECONSULT_MESSAGES } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import * as repository from "./repository.ts";

/** Statuses a booking ends in without its call: cancelling again is the state machine's refusal. */
const CLOSED_WITHOUT_CALL: ReadonlySet<string> = new Set(["annullato", "rifiutato", "non_presentato"]);

/**
 * Bookings' cancel of a teleconsultation by its citizen (`POST reservations/own/cancel/{hash}`), in
 * its transaction on the locked booking, before the state machine and the time rule (issue 10:
 * "before the start the operator cancels with a reason, the citizen freely"). A call starts at its
 * first connection (recordConnected, which locks the same booking first): once connected, or over,
 * there is nothing to withdraw. A quick or paediatric request may be withdrawn while it waits and
 * once taken in charge, whatever its booking's start (the moment it was taken); a specialist slot
 * keeps the appointment's time rule. Ending the request and telling the operator who took it are the
 * settled hook's (call.ts), once the booking is annullato.
 */
export async function onCitizenCancel(
  tx: Executor,
  booking: { id: number; status: string },
): Promise<{ untimed: boolean }> {
  const row = await repository.lockTeleconsult(tx, booking.id);
  if (!row) return { untimed: false };
  if (!CLOSED_WITHOUT_CALL.has(booking.status)) {
    if (row.endedAt !== null || booking.status === "evaso") throw conflict(TELECONSULT_MESSAGES.cancelEnded);
    if (row.connectedAt !== null) throw conflict(TELECONSULT_MESSAGES.cancelStarted);
  }
  return { untimed: row.kind !== "specialistico" };
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
