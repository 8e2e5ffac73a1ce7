import type { TSlotDay, TTimeRange } from "@cura/domain";
import {
  addDays,
  daysBetween,
  isoWeekday,
  offsetMinutesAt,
  zonedTime,
  zonedToInstant,
} from "../../platform/zoned-time.ts";

/**
 * The one slot computation of the platform (issue 4): bookable slots from weekly opening hours,
 * slot length, closures, intervals already booked and the overlap option, in the company's time
 * zone. Pure: the caller loads the inputs. Slots are cut from each opening range in real elapsed
 * time, starting at the range's opening; a slot that would end after the range closes is not
 * offered. On daylight-saving days the ranges are read in local time, so the hours an operator
 * entered hold on both sides of the change (09:00 stays 09:00), and a range crossing the change
 * is as long as the clock says it is.
 */

/** A booked interval, epoch milliseconds, end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

export interface Closure {
  /** Inclusive local dates. */
  from: string;
  to: string;
}

/** Weekly hours: ranges by ISO weekday (1 Monday … 7 Sunday). */
export type WeeklyHours = ReadonlyMap<number, readonly TTimeRange[]>;

export interface SlotRules {
  /** Inclusive local dates. */
  from: string;
  to: string;
  timeZone: string;
  slotMinutes: number;
  weekly: WeeklyHours;
  closures: readonly Closure[];
  taken: readonly Interval[];
  /** Overlap off: a slot takes one booking. On: up to `capacity` (null: no limit). */
  allowOverlap: boolean;
  capacity: number | null;
  /** Slots starting before this instant are past and not offered. */
  now: number;
}

export function isClosed(date: string, closures: readonly Closure[]): boolean {
  return closures.some((c) => c.from <= date && date <= c.to);
}

/** The local dates from `from` to `to` with their opening ranges, closed days left out. */
export function openDays(
  from: string,
  to: string,
  weekly: WeeklyHours,
  closures: readonly Closure[],
): Array<{ date: string; weekday: number; ranges: TTimeRange[] }> {
  const days: Array<{ date: string; weekday: number; ranges: TTimeRange[] }> = [];
  const count = daysBetween(from, to);
  for (let i = 0; i <= count; i++) {
    const date = addDays(from, i);
    const weekday = isoWeekday(date);
    const ranges = weekly.get(weekday) ?? [];
    if (ranges.length === 0 || isClosed(date, closures)) continue;
    days.push({ date, weekday, ranges: [...ranges].sort((a, b) => a.from.localeCompare(b.from)) });
  }
  return days;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** "HH:MM" of every minute of a day, built once. */
const CLOCK = Array.from(
  { length: DAY_MINUTES },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`,
);

/** The wall-clock "HH:MM" of a count of minutes since the epoch in local time. */
function clockTime(localMinutes: number): string {
  return CLOCK[((localMinutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES] as string;
}

/** "YYYY-MM-DDT" of the UTC days seen lately (slots ask for the same few again and again). */
const utcDays = new Map<number, string>();

/** `new Date(instant).toISOString()` of an instant on a whole minute, from the two tables. */
function isoMinute(instant: number): string {
  const minutes = instant / MINUTE_MS;
  const day = Math.floor(minutes / DAY_MINUTES);
  let prefix = utcDays.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MINUTES * MINUTE_MS).toISOString().slice(0, 11);
    if (utcDays.size >= 1000) utcDays.clear();
    utcDays.set(day, prefix);
  }
  return `${prefix}${clockTime(minutes)}:00.000Z`;
}

export function computeSlots(rules: SlotRules): TSlotDay[] {
  const slotMs = rules.slotMinutes * 60_000;
  if (!(slotMs > 0)) return [];
  const limit = rules.allowOverlap ? rules.capacity : 1;
  const taken = [...rules.taken].sort((a, b) => a.start - b.start);
  const result: TSlotDay[] = [];
  for (const day of openDays(rules.from, rules.to, rules.weekly, rules.closures)) {
    const slots: TSlotDay["slots"] = [];
    for (const range of day.ranges) {
      const opens = zonedToInstant(day.date, range.from, rules.timeZone);
      const closes = zonedToInstant(day.date, range.to, rules.timeZone);
      // One offset for the whole range (every range but one crossing a daylight-saving change, at
      // most twice a year): its slots' local times and ISO strings come from whole minutes and two
      // tables, not from a Date and the zone's offset per slot (issue 15: a week of slots was the
      // API's most expensive read). Otherwise each slot is converted on its own.
      const offset = offsetMinutesAt(opens, rules.timeZone);
      const oneOffset =
        offset === offsetMinutesAt(closes, rules.timeZone) && opens % MINUTE_MS === 0 && slotMs % MINUTE_MS === 0;
      for (let start = opens; start + slotMs <= closes; start += slotMs) {
        if (start < rules.now) continue;
        const end = start + slotMs;
        let booked = 0;
        for (const interval of taken) {
          if (interval.start >= end) break;
          if (interval.end > start) booked += 1;
        }
        const available = limit === null ? null : limit - booked;
        if (available !== null && available <= 0) continue;
        slots.push(
          oneOffset
            ? {
                start: isoMinute(start),
                end: isoMinute(end),
                time: clockTime(start / MINUTE_MS + offset),
                end_time: clockTime(end / MINUTE_MS + offset),
                available,
              }
            : {
                start: new Date(start).toISOString(),
                end: new Date(end).toISOString(),
                time: zonedTime(start, rules.timeZone),
                end_time: zonedTime(end, rules.timeZone),
                available,
              },
        );
      }
    }
    if (slots.length > 0) result.push({ date: day.date, weekday: day.weekday, slots });
  }
  return result;
}
