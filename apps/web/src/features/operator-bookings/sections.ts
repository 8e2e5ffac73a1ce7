import type { TKey } from "../../lib/i18n.ts";

/** The sections of /operatore/prenotazioni/:section (spec 001 §2). */
export const BOOKING_SECTIONS = [
  { path: "prenotazioni", label: "operatorBookings.sections.prenotazioni" },
  { path: "strumenti", label: "operatorBookings.sections.strumenti" },
  { path: "report", label: "operatorBookings.sections.report" },
  { path: "recall", label: "operatorBookings.sections.recall" },
] as const satisfies readonly { path: string; label: TKey }[];

export type BookingSection = (typeof BOOKING_SECTIONS)[number]["path"];

export const BOOKINGS_BASE = "/operatore/prenotazioni";

/** The platform service of bookings (spec 002 §9 service refs): its menu entry and home cards need it. */
export const BOOKINGS_SERVICE_REF = 1;
