import { currentLanguage } from "../../lib/i18n.ts";

const locale = () => (currentLanguage() === "en" ? "en-GB" : "it-IT");

/** A local date (`2026-11-21`) as the reader writes it, without shifting it through a time zone. */
export function formatDay(date: string): string {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  return new Intl.DateTimeFormat(locale(), { dateStyle: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/** An instant in Italian time, day and hour. */
export function formatInstant(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" }).format(
    new Date(iso),
  );
}
