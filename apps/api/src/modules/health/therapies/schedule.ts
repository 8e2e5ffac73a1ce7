import {
  FREQUENCY_KINDS_UNSCHEDULED,
  INTAKE_MOMENT_TIMES,
  momentOfTime,
  type TFrequencyKind,
  type TIntakeMoment,
} from "@cura/domain";
import { addDays, daysBetween, zonedDate, zonedTime, zonedToInstant } from "../../../platform/zoned-time.ts";

/**
 * When a therapy's intakes fall (spec 001 §3 frequency, moments and duration), in the patient's
 * time zone. Pure: the intakes list, the adherence index and the weekly recap all read it.
 *
 * - times per day, for ever, periodic frequency: every day, one intake per chosen moment;
 * - every N days / weeks: on the start date and every N days / weeks after it, at each moment;
 * - every N months: on the start date's day of the month (the month's last day when shorter);
 * - every N hours: from the start date at the one chosen moment, every N hours around the clock;
 * - as needed, occasional: nothing is scheduled.
 * A periodic duration repeats the span start–end every N days, weeks or months (a cycle).
 */

export const TIME_ZONE = "Europe/Rome";
const HOUR_MS = 3_600_000;

export interface ScheduleInput {
  frequency: TFrequencyKind;
  frequencyEvery: number | null;
  intakeMoments: TIntakeMoment[];
  duration: string;
  cycleEvery: number | null;
  cycleUnit: string | null;
  startDate: string;
  endDate: string | null;
  /** While suspended, nothing is scheduled from this instant on. */
  suspendedAt: Date | null;
}

export interface ScheduledIntake {
  at: number;
  /** The wall-clock day it falls on. */
  day: string;
  moment: TIntakeMoment;
}

function addMonths(date: string, months: number, dayOfMonth: number): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(dayOfMonth, last)).padStart(2, "0")}`;
}
const monthsBetween = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + (Number(b.slice(5, 7)) - Number(a.slice(5, 7)));

/** Whether a day falls inside a cycle's active span (periodic duration), or inside start–end otherwise. */
function inSpan(t: ScheduleInput, day: string): boolean {
  if (day < t.startDate) return false;
  if (t.duration !== "periodica" || !t.endDate || !t.cycleEvery || !t.cycleUnit) {
    return t.endDate === null || day <= t.endDate;
  }
  const span = daysBetween(t.startDate, t.endDate);
  let cycleStart: string;
  if (t.cycleUnit === "mesi") {
    const startDay = Number(t.startDate.slice(8, 10));
    let k = Math.floor(monthsBetween(t.startDate, day) / t.cycleEvery);
    cycleStart = addMonths(t.startDate, k * t.cycleEvery, startDay);
    if (cycleStart > day) {
      k -= 1;
      cycleStart = addMonths(t.startDate, k * t.cycleEvery, startDay);
    }
  } else {
    const length = t.cycleEvery * (t.cycleUnit === "settimane" ? 7 : 1);
    cycleStart = addDays(t.startDate, Math.floor(daysBetween(t.startDate, day) / length) * length);
  }
  return daysBetween(cycleStart, day) <= span;
}

/** Whether the frequency has intakes on that day (for the day-based kinds). */
function isIntakeDay(t: ScheduleInput, day: string): boolean {
  const n = t.frequencyEvery ?? 1;
  switch (t.frequency) {
    case "ogni_n_giorni":
      return daysBetween(t.startDate, day) % n === 0;
    case "ogni_n_settimane":
      return daysBetween(t.startDate, day) % (7 * n) === 0;
    case "ogni_n_mesi": {
      const months = monthsBetween(t.startDate, day);
      return months % n === 0 && addMonths(t.startDate, months, Number(t.startDate.slice(8, 10))) === day;
    }
    default:
      return true;
  }
}

/** The scheduled intakes from `fromDay` to `toDay` (inclusive, wall-clock days), in time order. */
export function scheduledIntakes(t: ScheduleInput, fromDay: string, toDay: string): ScheduledIntake[] {
  if (FREQUENCY_KINDS_UNSCHEDULED.includes(t.frequency) || t.intakeMoments.length === 0) return [];
  const first = fromDay > t.startDate ? fromDay : t.startDate;
  const stopAt = t.suspendedAt ? t.suspendedAt.getTime() : Number.POSITIVE_INFINITY;
  const out: ScheduledIntake[] = [];
  if (t.frequency === "ogni_n_ore") {
    const step = (t.frequencyEvery ?? 24) * HOUR_MS;
    const origin = zonedToInstant(t.startDate, INTAKE_MOMENT_TIMES[t.intakeMoments[0] as TIntakeMoment], TIME_ZONE);
    const from = zonedToInstant(first, "00:00", TIME_ZONE);
    const to = zonedToInstant(addDays(toDay, 1), "00:00", TIME_ZONE);
    for (let at = origin + Math.max(0, Math.ceil((from - origin) / step)) * step; at < to && at < stopAt; at += step) {
      const day = zonedDate(at, TIME_ZONE);
      if (!inSpan(t, day)) continue;
      out.push({ at, day, moment: momentOfTime(zonedTime(at, TIME_ZONE)) });
    }
    return out;
  }
  for (let day = first; day <= toDay; day = addDays(day, 1)) {
    if (!inSpan(t, day) || !isIntakeDay(t, day)) continue;
    for (const moment of t.intakeMoments) {
      const at = zonedToInstant(day, INTAKE_MOMENT_TIMES[moment], TIME_ZONE);
      if (at < stopAt) out.push({ at, day, moment });
    }
    if (t.endDate !== null && t.duration !== "periodica" && day >= t.endDate) break;
  }
  return out.sort((a, b) => a.at - b.at);
}
