import { currentLanguage } from "../../lib/i18n.ts";

/** Dates in the operator's lists: Italian time (the platform's), short, in the interface's language. */
const TIME_ZONE = "Europe/Rome";
const locale = () => (currentLanguage() === "en" ? "en-GB" : "it-IT");

export function shortDateTime(iso: string | null): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(locale(), {
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

export function timeOf(iso: string | null): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(locale(), { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE }).format(
    new Date(iso),
  );
}

/** Today in Italian time, as a local date (2026-11-21). */
export function todayInRome(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(now);
}

export const DETAIL_BASE = "/operatore/prenotazioni/dettaglio";
