import { currentLanguage } from "../../lib/i18n.ts";

const locale = () => (currentLanguage() === "en" ? "en-GB" : "it-IT");

/** A birth date (`1985-08-01`) as a short local date, without shifting it through a time zone. */
export function formatBirthday(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(locale(), { dateStyle: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/** An instant as a local date in Italian time (consent recorded on …). */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: "short", timeZone: "Europe/Rome" }).format(new Date(iso));
}
