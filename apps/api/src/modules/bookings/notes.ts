import { BOOKING_MESSAGES, conflict, notFound, type TBooking } from "@cura/domain";
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
  await ctx.db.transaction(async (tx) => {
    const row = await repository.lockBooking(tx, id);
    assertParty(principal, row);
    // A request without a time yet (preferences, product order) keeps its notes editable.
    if (row.startAt && row.startAt.getTime() <= Date.now()) throw conflict(BOOKING_MESSAGES.notesLocked);
    await repository.updateBooking(tx, id, operator ? { operatorNotes: value } : { notes: value });
    await recordChange(tx, request, {
      bookingId: id,
      companyId: row.companyId,
      action: "notes",
      from: row.status,
      to: row.status,
      detail: { field: operator ? "operator_notes" : "notes" },
    });
  });
  const row = await repository.findBooking(ctx.db, id);
  if (!row) throw notFound();
  return presentBooking(ctx, row);
}
