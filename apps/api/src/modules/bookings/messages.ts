import type { TBookingMessage } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { readMessageNotifications } from "../notifications/index.ts";
import { recordChange } from "./history.ts";
import * as messages from "./messages-repository.ts";
import * as repository from "./repository.ts";
import { actorKind, assertParty, type BookingActorKind, bookingId } from "./scope.ts";
import { onTeleconsultMessage } from "./teleconsult-entries.ts";

/**
 * Messages on a booking (`reservations/message/{id}`): the citizen who booked and the operators of
 * the booking's company write to each other; anyone else gets a 404. The company is one party:
 * any of its operators reads and answers for it. Writing is allowed in every status, so a refused
 * or cancelled booking can still be talked about; a teleconsultation's messages are its call's chat,
 * which closes with the call (issue 10: refused once it ended, as in the room).
 */

const otherParty = (kind: BookingActorKind): BookingActorKind => (kind === "citizen" ? "operator" : "citizen");

function present(
  ctx: ModuleContext,
  row: messages.BookingMessageRow,
  viewer: BookingActorKind,
  names: { citizen: string; company: string },
): TBookingMessage {
  return {
    hashid: ctx.ids.encode(row.id),
    body: row.body,
    author_kind: row.authorKind,
    // The company answers as itself; operators' own names stay inside the company.
    author_name: row.authorKind === "citizen" ? names.citizen : names.company,
    mine: row.authorKind === viewer,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const namesOf = (row: repository.BookingWithNames) => ({
  citizen: `${row.citizenName ?? ""} ${row.citizenSurname ?? ""}`.trim(),
  company: row.companyName,
});

/** The booking with its names, for one of its parties; 404 for anyone else. */
async function partyBooking(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const id = bookingId(ctx.ids, hashid);
  const found = await repository.findBooking(ctx.db, id);
  assertParty(principalOf(request), found?.booking ?? null);
  return { id, names: namesOf(found as repository.BookingWithNames) };
}

/** `POST reservations/message/{id}`: writes to the other party, who is notified (history.ts). */
export async function postMessage(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: string,
): Promise<TBookingMessage> {
  const principal = principalOf(request);
  const kind = actorKind(principal);
  const id = bookingId(ctx.ids, hashid);
  const { message, found } = await ctx.db.transaction(async (tx) => {
    // Checked under the lock, with the names the answer and the notification show.
    const found = await repository.lockBookingWithNames(tx, id);
    assertParty(principal, found?.booking ?? null);
    const booking = (found as repository.BookingWithNames).booking;
    // A teleconsultation's messages are its call's chat: closed with the call (teleconsult-entries.ts).
    await onTeleconsultMessage(tx, booking);
    const message = await messages.insertMessage(tx, {
      bookingId: id,
      authorUserId: principal.userId,
      authorKind: kind,
      body,
    });
    await recordChange(
      tx,
      request,
      {
        bookingId: id,
        companyId: booking.companyId,
        action: "message",
        from: booking.status,
        to: booking.status,
        // The text stays in its table: the history and the audit say only that a message was written.
        detail: { message: ctx.ids.encode(message.id) },
      },
      found as repository.BookingWithNames,
    );
    return { message, found: found as repository.BookingWithNames };
  });
  return present(ctx, message, kind, namesOf(found));
}

/** `GET reservations/message/{id}`: the conversation, oldest first. */
export async function listMessages(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
): Promise<TBookingMessage[]> {
  const kind = actorKind(principalOf(request));
  const { id, names } = await partyBooking(ctx, request, hashid);
  const rows = await messages.listMessages(ctx.db, id);
  return rows.map((row) => present(ctx, row, kind, names));
}

/** `PATCH reservations/message/{id}`: the other party's messages are now read, and the reader's notifications of them. */
export async function markMessagesRead(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
): Promise<{ updated: number }> {
  const principal = principalOf(request);
  const { id } = await partyBooking(ctx, request, hashid);
  const updated = await messages.markRead(ctx.db, id, otherParty(actorKind(principal)));
  await readMessageNotifications(ctx.db, principal.userId, id);
  return { updated };
}
