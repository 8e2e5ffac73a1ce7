import type { TBooking } from "@cura/domain";

/**
 * Spec 001 §5 and the release notes: booking notes can be edited until the appointment time, then
 * they are read-only. A request with no time yet (preferences, no preference) can still be edited.
 * The server applies the same rule (409); this only decides what the page offers.
 */
export function notesEditable(booking: Pick<TBooking, "start">, now: Date = new Date()): boolean {
  return booking.start === null || new Date(booking.start).getTime() > now.getTime();
}
