import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { notifyBookingChange } from "../notifications/booking-hook.ts";
import * as repository from "./repository.ts";

/**
 * Every change of a booking lands three times, in the same transaction: in its history (booking_events,
 * what the parties may be shown), in the audit log (health data: who did what, from where) and in
 * the other party's notifications.
 */
export async function recordChange(
  db: Executor,
  request: FastifyRequest,
  change: {
    bookingId: number;
    companyId: number;
    action: string;
    from: string | null;
    to: string;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  const actor = actorOf(request);
  await repository.insertEvent(db, {
    bookingId: change.bookingId,
    actorUserId: actor.userId,
    action: change.action,
    fromStatus: change.from,
    toStatus: change.to,
    detail: change.detail ?? null,
  });
  await recordAudit(db, actor, {
    action: `booking.${change.action}`,
    entity: "booking",
    entityId: change.bookingId,
    companyId: change.companyId,
    detail: { from: change.from, to: change.to, ...change.detail },
  });
  // The other party is told in-app now, by e-mail once this transaction commits.
  await notifyBookingChange(db, request, change, await repository.findBooking(db, change.bookingId));
}
