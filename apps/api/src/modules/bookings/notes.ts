import { BOOKING_MESSAGES, conflict, type TBooking } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { recordChange } from "./history.ts";
import { presentBooking } from "./presenters.ts";
import * as repository from "./repository.ts";
import { actorKind, assertParty, bookingId } from "./scope.ts";

/**
 * `PATCH reservations/notes/{id}`: each party edits its own notes (the citizen `notes`, the
 * operator `operator_notes`) until the appointment time; afterwards they are read-only (409).
 */
export async function updateNotes(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  notes: string | null,
): Promise<TBooking> {
  const principal = principalOf(request);
  const id = bookingId(ctx.ids, hashid);
  const operator = actorKind(principal) === "operator";
  const value = notes?.length ? notes : null;
  const row = await ctx.db.transaction(async (tx) => {
    const found = await repository.lockBookingWithNames(tx, id);
    assertParty(principal, found?.booking ?? null);
    const booking = (found as repository.BookingWithNames).booking;
    // A request without a time yet (preferences, product order) keeps its notes editable.
    if (booking.startAt && booking.startAt.getTime() <= Date.now()) throw conflict(BOOKING_MESSAGES.notesLocked);
    const updated = await repository.updateBooking(tx, id, operator ? { operatorNotes: value } : { notes: value });
    // The booking as it now is, with its names: for the notification and the answer.
    const current = { ...(found as repository.BookingWithNames), booking: updated };
    await recordChange(
      tx,
      request,
      {
        bookingId: id,
        companyId: booking.companyId,
        action: "notes",
        from: booking.status,
        to: booking.status,
        detail: { field: operator ? "operator_notes" : "notes" },
      },
      current,
    );
    return current;
  });
  return presentBooking(ctx, row);
}
