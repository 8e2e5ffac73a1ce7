import { LIMITS } from "../constants.ts";

export const AGE_MESSAGES = {
  registration: "L'età minima per la registrazione è 14 anni",
  profile: "L'età deve essere di almeno 14 anni",
  invalidDate: "Data di nascita non valida",
} as const;

/** Whole years between an ISO date (YYYY-MM-DD) and today (Europe/Rome calendar day). */
export function ageOn(birthday: string, today: string = romeToday()): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!b || !t) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const date = new Date(Date.UTC(by, bm - 1, bd));
  if (date.getUTCFullYear() !== by || date.getUTCMonth() !== bm - 1 || date.getUTCDate() !== bd) return null;
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

export const isOldEnough = (birthday: string, today?: string): boolean => {
  const age = ageOn(birthday, today);
  return age !== null && age >= LIMITS.minimumAgeYears;
};

/** Today's date in Italy, YYYY-MM-DD: a birthday turns at midnight in Rome, not in UTC. */
export function romeToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(now);
}
