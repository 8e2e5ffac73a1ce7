import type { AwaitingKind } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudits } from "../../platform/audit/audit.ts";
import { notifyBookingChanges } from "../notifications/index.ts";
import { awaitingAfter } from "./awaiting.ts";
import * as repository from "./repository.ts";

/** One change of one booking, as the use cases describe it. */
export interface BookingChange {
  bookingId: number;
  companyId: number;
  action: string;
  from: string | null;
  to: string;
  detail?: Record<string, unknown>;
}

/**
 * Every change of a booking lands four times, in the same transaction: in its history (booking_events,
 * what the parties may be shown), in the audit log (health data: who did what, from where), in the
 * other party's notifications, and in what the booking now waits for from the company
 * (`bookings.awaiting`, which the worklists filter on).
 */
export function recordChange(
  db: Executor,
  request: FastifyRequest,
  change: BookingChange,
  current?: repository.BookingWithNames,
): Promise<void> {
  return recordChanges(db, request, [change], current ? new Map([[current.booking.id, current]]) : undefined);
}

/**
 * recordChange for many bookings at once (the bulk actions): the same rows, written with a constant
 * number of statements whatever the number of changes.
 */
export async function recordChanges(
  db: Executor,
  request: FastifyRequest,
  changes: BookingChange[],
  current?: Map<number, repository.BookingWithNames>,
): Promise<void> {
  if (changes.length === 0) return;
  const actor = actorOf(request);
  await repository.insertEvents(
    db,
    changes.map((change) => ({
      bookingId: change.bookingId,
      actorUserId: actor.userId,
      action: change.action,
      fromStatus: change.from,
      toStatus: change.to,
      detail: change.detail ?? null,
    })),
  );
  await recordAudits(
    db,
    actor,
    changes.map((change) => ({
      action: `booking.${change.action}`,
      entity: "booking",
      entityId: change.bookingId,
      companyId: change.companyId,
      detail: { from: change.from, to: change.to, ...change.detail },
    })),
  );
  // One statement per distinct value (a bulk action has one).
  const awaiting = new Map<AwaitingKind | null, number[]>();
  for (const change of changes) {
    // A new booking was inserted with its value (repository.insertBooking).
    if (change.from === null) continue;
    const value = awaitingAfter(change);
    if (value === undefined) continue;
    const ids = awaiting.get(value) ?? [];
    ids.push(change.bookingId);
    awaiting.set(value, ids);
  }
  for (const [value, ids] of awaiting) await repository.setAwaiting(db, ids, value);
  // The other party is told in-app now, by e-mail once this transaction commits. A caller that holds
  // the bookings as they now are (read under its lock, with their names) spares the read.
  const found =
    current && changes.every((change) => current.has(change.bookingId))
      ? current
      : await repository.findBookings(
          db,
          changes.map((change) => change.bookingId),
        );
  await notifyBookingChanges(
    db,
    request,
    changes.map((change) => ({ change, found: found.get(change.bookingId) ?? null })),
  );
}
