import type { StatisticsInterval } from "@cura/domain";

/** A period's first local date (YYYY-MM-DD) as a label: a day, the week starting then, or a month. */
export function periodLabel(period: string, interval: StatisticsInterval, language: string): string {
  const date = new Date(`${period}T12:00:00Z`);
  if (interval === "month")
    return new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  return new Intl.DateTimeFormat(language, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}
