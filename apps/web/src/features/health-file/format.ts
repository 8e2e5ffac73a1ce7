import { currentLanguage } from "../../lib/i18n.ts";

/**
 * Dates of the health file, the measurements, the therapies and the manuals: in Italian time (the
 * platform's), in the interface's language. A formatter per call, because the language can change.
 */
const TIME_ZONE = "Europe/Rome";
const locale = () => (currentLanguage() === "en" ? "en-GB" : "it-IT");

/** A calendar date (YYYY-MM-DD) or an instant, as a day. */
export function formatDay(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeZone: TIME_ZONE }).format(date);
}

export function formatDayTime(value: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE }).format(
    new Date(value),
  );
}

/** "21/11/26, 10:00": readings and schedules in lists. */
export function formatShortDayTime(value: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: "short", timeStyle: "short", timeZone: TIME_ZONE }).format(
    new Date(value),
  );
}
