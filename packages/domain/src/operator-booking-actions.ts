import { type BookingStatus, bookingActionsAt, isFinalBookingStatus } from "./booking-states.ts";
import type { BookingKind } from "./contracts/bookings.ts";
import type { AwaitingKind } from "./contracts/operator-bookings.ts";

/**
 * What an operator may do with one booking now, written once: the API checks each rule below before
 * it changes anything (409 otherwise), and the booking's page shows a button for each action listed
 * here and for nothing else. Beyond the state machine (booking-states.ts) and its time rules, an
 * operator answers a citizen's change request, and takes charge of (or acknowledges) a booking.
 */

export const OPERATOR_BOOKING_ACTIONS = [
  "confirm",
  "confirm_change",
  "propose",
  "refuse",
  "reject_change",
  "close",
  "no_show",
  "take_charge",
  "acknowledge",
] as const;
export type OperatorBookingAction = (typeof OPERATOR_BOOKING_ACTIONS)[number];

/**
 * A service booked without a time (preferences, or none): the company proposes a time, it cannot
 * confirm a request that has none. A product order has no time to give.
 */
export const needsTimeToConfirm = (kind: BookingKind, start: string | Date | null): boolean =>
  kind === "prestazione" && start === null;

/**
 * Taking charge of a booking makes sense while it can still change; once final (evaso, rifiutato,
 * annullato, non presentato) only to acknowledge a citizen's cancellation or rejection no operator has seen yet.
 */
export const canTakeCharge = (status: BookingStatus, awaiting: AwaitingKind | null): boolean =>
  !isFinalBookingStatus(status) || awaiting === "cancelled" || awaiting === "proposal_rejected";

export interface OperatorBookingState {
  kind: BookingKind;
  status: BookingStatus;
  start: string | Date | null;
  awaiting: AwaitingKind | null;
  /** A product order has no health service, hence no slot to propose. */
  hasHealthService: boolean;
}

/** The operator's actions on this booking now, in the order its page shows them. */
export function operatorBookingActions(
  booking: OperatorBookingState,
  now: number = Date.now(),
): OperatorBookingAction[] {
  const moves = bookingActionsAt(booking.status, "operator", booking.start, now);
  const changeRequest = booking.status === "ricevuto" && booking.awaiting === "change_request";
  const actions: OperatorBookingAction[] = [];
  if (changeRequest) actions.push("confirm_change");
  else if (moves.includes("confirm") && !needsTimeToConfirm(booking.kind, booking.start)) actions.push("confirm");
  if (moves.includes("propose") && booking.hasHealthService) actions.push("propose");
  if (changeRequest) actions.push("reject_change");
  else if (moves.includes("refuse")) actions.push("refuse");
  if (moves.includes("close")) actions.push("close");
  // Beside "Evadi", once the appointment has started: the citizen did not come (issue 12).
  if (moves.includes("no_show")) actions.push("no_show");
  if (canTakeCharge(booking.status, booking.awaiting))
    actions.push(isFinalBookingStatus(booking.status) ? "acknowledge" : "take_charge");
  return actions;
}
