import {
  BOOKING_KINDS,
  BOOKING_LIST_GROUPS,
  type BookingKind,
  type BookingListGroup,
  type BookingStatus,
} from "@cura/domain";

/**
 * The citizen's booking lists (spec 001 §4: "Citizen lists show pending, confirmed and history
 * tabs"), one per kind (spec 001 §2: `appuntamenti/{section}/{type}`, visits and services or
 * medicines). Each tab (its Italian path segment here) is a group of statuses of the domain's
 * BOOKING_LIST_GROUPS, which the server filters and pages by (`?group=&kind=`).
 */
export const SECTION_GROUPS = {
  "in-attesa": "pending",
  confermate: "confirmed",
  storico: "history",
} as const satisfies Record<string, BookingListGroup>;
export type BookingSection = keyof typeof SECTION_GROUPS;
export const BOOKING_SECTIONS = Object.fromEntries(
  Object.entries(SECTION_GROUPS).map(([section, group]) => [section, BOOKING_LIST_GROUPS[group]]),
) as Record<BookingSection, readonly BookingStatus[]>;
export const SECTION_NAMES = Object.keys(SECTION_GROUPS) as BookingSection[];

export const DEFAULT_SECTION: BookingSection = "in-attesa";
export const DEFAULT_KIND: BookingKind = "prestazione";

export const isBookingSection = (value: string | undefined): value is BookingSection =>
  value !== undefined && value in SECTION_GROUPS;
export const isBookingKind = (value: string | undefined): value is BookingKind =>
  value !== undefined && (BOOKING_KINDS as readonly string[]).includes(value);

export function sectionOf(status: BookingStatus): BookingSection {
  return SECTION_NAMES.find((s) => BOOKING_SECTIONS[s].includes(status)) ?? "storico";
}

/** Paths inside the citizen area. */
export const BOOKINGS_BASE = "/cittadino/appuntamenti";
export const bookingsListPath = (section: BookingSection = DEFAULT_SECTION, kind: BookingKind = DEFAULT_KIND) =>
  `${BOOKINGS_BASE}/${section}/${kind}`;
export const bookingDetailPath = (hashid: string) => `${BOOKINGS_BASE}/dettaglio/${encodeURIComponent(hashid)}`;
/** The booking wizard (another feature's page). */
// Teleconsultations are asked for in their own section (issue 10), not through this wizard's paths.
export const newBookingPath = (kind: BookingKind = DEFAULT_KIND) =>
  kind === "teleconsulto" ? "/cittadino/teleconsulti" : `${BOOKINGS_BASE}/nuovo/${kind}`;
