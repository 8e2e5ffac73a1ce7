/**
 * Wall-clock time in a named time zone (Europe/Rome for every company today) from the Intl API
 * alone: Node 24 has no Temporal, and these few conversions do not need a dependency. Dates are
 * `YYYY-MM-DD` strings, times `HH:MM`, instants epoch milliseconds.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall clock of a zone at an instant, read from Intl (slow: see offsetMinutesAt). */
function readWallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: parts.hour as number,
    minute: parts.minute as number,
  };
}

/** The wall clock of a zone at an instant: the instant shifted by the zone's (remembered) offset. */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const shifted = new Date(instant + offsetMinutesAt(instant, timeZone) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/**
 * Offsets change only on quarter-hour boundaries in every real zone, so one reading per zone and
 * quarter hour is exact. Slots ask for the same few quarter hours again and again, and Intl's
 * formatToParts was most of the slots call's CPU time (docs/performance.md).
 */
const QUARTER_MS = 15 * MINUTE_MS;
const OFFSET_MEMO_SIZE = 50_000;
const offsets = new Map<string, number>();

/** The zone's offset from UTC at an instant, in minutes (Europe/Rome: 60 in winter, 120 in summer). */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_MS) * QUARTER_MS;
  const key = `${timeZone}@${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const w = readWallClock(quarter, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const offset = Math.round((asUtc - quarter) / MINUTE_MS);
  if (offsets.size >= OFFSET_MEMO_SIZE) offsets.delete(offsets.keys().next().value as string);
  offsets.set(key, offset);
  return offset;
}

/**
 * The instant of a wall-clock time in a zone. On the spring-forward day a time inside the gap
 * (02:30 on the last Sunday of March in Rome) moves forward by the gap (03:30); on the fall-back
 * day a repeated time takes its first occurrence, as Temporal's "compatible" disambiguation does.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const minutes = minutesOfDay(time);
  const wall = Date.UTC(y, m - 1, d) + minutes * MINUTE_MS;
  const before = offsetMinutesAt(wall - DAY_MS, timeZone);
  const after = offsetMinutesAt(wall + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => sameWall(instant, wall, timeZone))
    .sort((a, b) => a - b);
  // In the gap no offset reproduces the wall time: read it with the offset before the change.
  return candidates[0] ?? wall - before * MINUTE_MS;
}

function sameWall(instant: number, wall: number, timeZone: string): boolean {
  return instant + offsetMinutesAt(instant, timeZone) * MINUTE_MS === wall;
}

/** The zone's calendar date at an instant. */
export function zonedDate(instant: number, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The zone's wall-clock time (HH:MM) at an instant. */
export function zonedTime(instant: number, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `YYYY-MM-DD` plus n days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

const pad = (n: number) => String(n).padStart(2, "0");
