import {
  BOOKING_STATUS_GROUPS,
  type BookingStatus,
  type CalendarItemType,
  type TAgendaEvent,
  type TBooking,
} from "@cura/domain";

/**
 * What the calendar shows (spec 001 §2 screen 10): bookings by request type and status group, and
 * the citizen's own events. Pure data, so the filters and colours are tested without a browser.
 */

export type StatusGroup = (typeof BOOKING_STATUS_GROUPS)[BookingStatus];
export const STATUS_GROUPS: readonly StatusGroup[] = ["confirmed", "completed", "awaiting", "closed"];
/** Phones open on the day view and fold the filters (spec 001 screen 10: "a mobile day view"). */
export const MOBILE_WIDTH = 576;
/** ISO weekdays, Monday 1 to Sunday 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Bootstrap Italia's colours (success, secondary, warning, danger; primary for one's events). */
export const GROUP_COLOURS: Record<StatusGroup | "event", string> = {
  confirmed: "#008055",
  completed: "#5d7083",
  awaiting: "#a66300",
  closed: "#d9364f",
  event: "#0066cc",
};

export interface CalendarItem {
  id: string;
  title: string;
  start: string;
  end: string | null;
  type: CalendarItemType;
  /** Null for one's own events (they have no status). */
  group: StatusGroup | null;
  /** The booking's status, said in words with the list's label (bookings.status.*); null for events. */
  status: BookingStatus | null;
  colour: string;
  /** Where a booking opens (its detail page); null for an event (it opens the edit dialog). */
  url: string | null;
  /** The event, to edit it. */
  event: TAgendaEvent | null;
}

export interface CalendarFilters {
  weekdays: ReadonlySet<Weekday>;
  types: ReadonlySet<CalendarItemType>;
  groups: ReadonlySet<StatusGroup>;
}

export const allFilters = (): CalendarFilters => ({
  weekdays: new Set(WEEKDAYS),
  types: new Set<CalendarItemType>(["teleconsulto", "ordine", "prestazione", "evento"]),
  groups: new Set(STATUS_GROUPS),
});

const typeOf = (booking: TBooking): CalendarItemType => (booking.kind === "prodotto" ? "ordine" : "prestazione");

/** A booking with a date; a request still waiting for one is not on the calendar. */
export function bookingItem(
  booking: TBooking,
  detailBase: string,
  label: (b: TBooking) => string,
): CalendarItem | null {
  if (!booking.start) return null;
  const group = BOOKING_STATUS_GROUPS[booking.status];
  return {
    id: `booking-${booking.hashid}`,
    title: label(booking),
    start: booking.start,
    end: booking.end,
    type: typeOf(booking),
    group,
    status: booking.status,
    colour: GROUP_COLOURS[group],
    url: `${detailBase}/${encodeURIComponent(booking.hashid)}`,
    event: null,
  };
}

export function eventItem(event: TAgendaEvent): CalendarItem {
  return {
    id: `event-${event.hashid}`,
    title: `${event.name} · ${event.place}`,
    start: event.start,
    end: null,
    type: "evento",
    group: null,
    status: null,
    colour: GROUP_COLOURS.event,
    url: null,
    event,
  };
}

/** ISO weekday of an instant in the browser's time (the calendar's). */
export function weekdayOf(iso: string): Weekday {
  const day = new Date(iso).getDay();
  return (day === 0 ? 7 : day) as Weekday;
}

export function applyFilters(items: readonly CalendarItem[], filters: CalendarFilters): CalendarItem[] {
  return items.filter(
    (item) =>
      filters.weekdays.has(weekdayOf(item.start)) &&
      filters.types.has(item.type) &&
      (item.group === null || filters.groups.has(item.group)),
  );
}

/** A date as `YYYY-MM-DD` in the browser's time (FullCalendar's range is local). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** FullCalendar's visible range (end exclusive) as the API's inclusive from/to dates. */
export function rangeOf(start: Date, endExclusive: Date): { from: string; to: string } {
  const last = new Date(endExclusive.getTime());
  last.setDate(last.getDate() - 1);
  return { from: localDate(start), to: localDate(last) };
}
