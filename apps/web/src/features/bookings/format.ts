import { currentLanguage } from "../../lib/i18n.ts";

/**
 * Dates of bookings as the citizen reads them: in Italian time (the platform's, like the slots),
 * in the interface's language.
 */
const TIME_ZONE = "Europe/Rome";
const locale = () => (currentLanguage() === "en" ? "en-GB" : "it-IT");

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { timeStyle: "short", timeZone: TIME_ZONE }).format(new Date(iso));
}

/** A local date (`2026-11-21`) without shifting it through a time zone. */
export function formatLocalDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(locale(), { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/** "giovedì 26 novembre 2026, 10:00–10:30" */
export function formatAppointment(start: string, end: string | null): string {
  return end ? `${formatDateTime(start)}–${formatTime(end)}` : formatDateTime(start);
}

/** Today in Italian time, as a local date. */
export function todayInRome(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(now);
}
