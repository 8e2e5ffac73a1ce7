import type { TKey } from "../../../lib/i18n.ts";

/** Monday first, as the API numbers weekdays (1 Monday … 7 Sunday). */
export const WEEKDAY_KEYS: readonly TKey[] = [
  "companies.weekdays.1",
  "companies.weekdays.2",
  "companies.weekdays.3",
  "companies.weekdays.4",
  "companies.weekdays.5",
  "companies.weekdays.6",
  "companies.weekdays.7",
];
