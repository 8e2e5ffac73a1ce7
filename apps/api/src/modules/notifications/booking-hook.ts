import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { activeOperatorUserIds } from "../companies/index.ts";
import { type BookingFacts, SILENT_ACTIONS, textForCitizen, textForOperator } from "./booking-texts.ts";
import { kickDispatchers } from "./dispatcher.ts";
import * as repository from "./repository.ts";

/** A change of a booking, as the bookings module records it (bookings/history.ts). */
export interface BookingChangeNotice {
  bookingId: number;
  companyId: number;
  action: string;
  from: string | null;
  to: string;
  detail?: Record<string, unknown>;
}

/**
 * The booking after the change, as the bookings module reads it. Declared here by shape, so this
 * module depends on no bookings internals (bookings depends on this one through history.ts).
 */
export interface NoticeBooking {
  booking: { userId: number; startAt: Date | null; proposedStartAt: Date | null };
  serviceName: string | null;
  companyName: string;
  citizenName: string | null;
  citizenSurname: string | null;
}

/**
 * Called by bookings/history.ts for every change of a booking, inside the change's transaction:
 * the other party gets an in-app notification whose e-mail waits (`pending`) until the dispatcher
 * sends it, after the commit. A change rolled back leaves neither the notification nor an e-mail.
 * The other party of a citizen is every active operator of the booking's company; of an operator,
 * the citizen; a change made by anyone else (an administrator, the system) tells both sides.
 */
export function notifyBookingChange(
  db: Executor,
  request: FastifyRequest,
  change: BookingChangeNotice,
  found: NoticeBooking | null,
): Promise<void> {
  return notifyBookingChanges(db, request, [{ change, found }]);
}

/**
 * notifyBookingChange for several changes by one actor (a bulk action): the same notifications, in
 * one insert, with each company's operators read once.
 */
export async function notifyBookingChanges(
  db: Executor,
  request: FastifyRequest,
  changes: Array<{ change: BookingChangeNotice; found: NoticeBooking | null }>,
): Promise<void> {
  const actor = request.principal;
  const operatorsOf = new Map<number, number[]>();
  const rows: repository.NewNotification[] = [];
  for (const { change, found } of changes) {
    if (!found || SILENT_ACTIONS.has(change.action)) continue;
    const citizenId = found.booking.userId;
    const facts: BookingFacts = {
      serviceName: found.serviceName,
      companyName: found.companyName,
      citizenName: `${found.citizenName ?? ""} ${found.citizenSurname ?? ""}`.trim(),
      start: found.booking.startAt,
      proposedStart: found.booking.proposedStartAt,
      detail: change.detail,
    };
    const base = {
      kind: "booking" as const,
      bookingId: change.bookingId,
      action: change.action,
      emailStatus: "pending" as const,
      pushStatus: "pending" as const,
    };
    if (actor?.type !== 0) {
      rows.push({ ...base, userId: citizenId, audience: "citizen", ...textForCitizen(change.action, facts) });
    }
    if (actor?.type !== 1) {
      const text = textForOperator(change.action, facts);
      let operatorIds = operatorsOf.get(change.companyId);
      if (!operatorIds) {
        operatorIds = await activeOperatorUserIds(db, change.companyId);
        operatorsOf.set(change.companyId, operatorIds);
      }
      for (const userId of operatorIds) rows.push({ ...base, userId, audience: "operator", ...text });
    }
  }
  // Nobody is told of their own change.
  const recipients = rows.filter((row) => row.userId !== actor?.userId);
  if ((await repository.insertNotifications(db, recipients)) > 0) kickDispatchers();
}
