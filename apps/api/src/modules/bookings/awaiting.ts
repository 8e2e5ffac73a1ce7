import type { AwaitingKind } from "@cura/domain";

/** An operator taking charge of (or acknowledging) a booking, without changing its status. */
export const HANDLED_ACTION = "handled";

/**
 * What a booking waits for from the company after a change (`bookings.awaiting`), or undefined when
 * the change leaves it as it was:
 * - back at ricevuto: the citizen's change request (request_new_date), else a new request;
 * - annullato by the citizen (cancel, or reject of the company's proposal): until an operator takes
 *   charge of it (handled), which acknowledges it;
 * - any other status: nothing.
 * Notes, messages and taking charge of a booking in any other status change neither the status nor this.
 */
export function awaitingAfter(change: {
  action: string;
  from: string | null;
  to: string;
}): AwaitingKind | null | undefined {
  if (change.action === HANDLED_ACTION) return change.to === "annullato" ? null : undefined;
  if (change.from === change.to) return undefined;
  if (change.to === "ricevuto") return change.action === "request_new_date" ? "change_request" : "new";
  if (change.to === "annullato") {
    if (change.action === "cancel") return "cancelled";
    if (change.action === "reject") return "proposal_rejected";
  }
  return null;
}
