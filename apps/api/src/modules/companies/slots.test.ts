import type { TTimeRange } from "@cura/domain";
import { describe, expect, it } from "vitest";
import {
  addDays,
  isoWeekday,
  offsetMinutesAt,
  zonedDate,
  zonedTime,
  zonedToInstant,
} from "../../platform/zoned-time.ts";
import { computeSlots, type Interval, openDays, type SlotRules } from "./slots.ts";

const ROME = "Europe/Rome";
const at = (iso: string) => Date.parse(iso);
const weekly = (entries: Record<number, Array<[string, string]>>) =>
  new Map<number, TTimeRange[]>(
    Object.entries(entries).map(([day, ranges]) => [Number(day), ranges.map(([from, to]) => ({ from, to }))]),
  );
const rules = (overrides: Partial<SlotRules>): SlotRules => ({
  from: "2026-03-23",
  to: "2026-03-29",
  timeZone: ROME,
  slotMinutes: 30,
  weekly: weekly({ 1: [["09:00", "10:00"]] }),
  closures: [],
  taken: [],
  allowOverlap: false,
  capacity: null,
  now: 0,
  ...overrides,
});
const times = (days: ReturnType<typeof computeSlots>) => days.map((d) => [d.date, d.slots.map((s) => s.time)]);

describe("zoned time (Europe/Rome)", () => {
  it("knows the offsets on both sides of the changes", () => {
    expect(offsetMinutesAt(at("2026-01-15T12:00:00Z"), ROME)).toBe(60);
    expect(offsetMinutesAt(at("2026-07-15T12:00:00Z"), ROME)).toBe(120);
    // Spring forward on the last Sunday of March (29 March 2026) at 01:00 UTC.
    expect(offsetMinutesAt(at("2026-03-29T00:59:00Z"), ROME)).toBe(60);
    expect(offsetMinutesAt(at("2026-03-29T01:00:00Z"), ROME)).toBe(120);
    // Fall back on the last Sunday of October (25 October 2026) at 01:00 UTC.
    expect(offsetMinutesAt(at("2026-10-25T00:59:00Z"), ROME)).toBe(120);
    expect(offsetMinutesAt(at("2026-10-25T01:00:00Z"), ROME)).toBe(60);
  });

  it("turns wall-clock times into instants, gaps forward and repeats first", () => {
    expect(new Date(zonedToInstant("2026-03-28", "09:00", ROME)).toISOString()).toBe("2026-03-28T08:00:00.000Z");
    expect(new Date(zonedToInstant("2026-03-30", "09:00", ROME)).toISOString()).toBe("2026-03-30T07:00:00.000Z");
    // 02:30 does not exist on 29 March: it is read as 03:30 summer time.
    expect(new Date(zonedToInstant("2026-03-29", "02:30", ROME)).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens twice on 25 October: the first (summer time) is taken.
    expect(new Date(zonedToInstant("2026-10-25", "02:30", ROME)).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(new Date(zonedToInstant("2026-10-25", "24:00", ROME)).toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });

  it("reads dates, times and weekdays back", () => {
    expect(zonedDate(at("2026-03-28T23:30:00Z"), ROME)).toBe("2026-03-29");
    expect(zonedTime(at("2026-03-29T01:30:00Z"), ROME)).toBe("03:30");
    expect(isoWeekday("2026-03-29")).toBe(7);
    expect(isoWeekday("2026-03-30")).toBe(1);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("slots", () => {
  it("keeps the local hours across the spring change: Monday 09:00 is 08:00Z before and 07:00Z after", () => {
    const days = computeSlots(rules({ from: "2026-03-23", to: "2026-03-30" }));
    expect(days.map((d) => d.date)).toEqual(["2026-03-23", "2026-03-30"]);
    expect(days[0]?.slots[0]?.start).toBe("2026-03-23T08:00:00.000Z");
    expect(days[1]?.slots[0]?.start).toBe("2026-03-30T07:00:00.000Z");
    expect(days[1]?.slots.map((s) => s.time)).toEqual(["09:00", "09:30"]);
  });

  it("keeps the local hours across the autumn change", () => {
    const days = computeSlots(rules({ from: "2026-10-19", to: "2026-10-26" }));
    expect(days[0]?.slots[0]?.start).toBe("2026-10-19T07:00:00.000Z");
    expect(days[1]?.slots[0]?.start).toBe("2026-10-26T08:00:00.000Z");
  });

  it("cuts a range crossing the spring change in real time: the missing hour has no slot", () => {
    // Sunday 29 March 2026, open 01:00–04:00 local: two real hours.
    const days = computeSlots(
      rules({ from: "2026-03-29", to: "2026-03-29", weekly: weekly({ 7: [["01:00", "04:00"]] }) }),
    );
    expect(times(days)).toEqual([["2026-03-29", ["01:00", "01:30", "03:00", "03:30"]]]);
  });

  it("cuts a range crossing the autumn change in real time: the repeated hour has its slots", () => {
    // Sunday 25 October 2026, open 01:00–04:00 local: four real hours, 02:00–03:00 twice.
    const days = computeSlots(
      rules({ from: "2026-10-25", to: "2026-10-25", weekly: weekly({ 7: [["01:00", "04:00"]] }) }),
    );
    expect(days[0]?.slots).toHaveLength(8);
    expect(days[0]?.slots.map((s) => s.time)).toEqual([
      "01:00",
      "01:30",
      "02:00",
      "02:30",
      "02:00",
      "02:30",
      "03:00",
      "03:30",
    ]);
  });

  it("offers no slot on the days a closure covers, and the rest of the week stays open", () => {
    const days = computeSlots(
      rules({
        from: "2026-11-23",
        to: "2026-11-29",
        weekly: weekly({
          1: [["09:00", "10:00"]],
          2: [["09:00", "10:00"]],
          3: [["09:00", "10:00"]],
          4: [["09:00", "10:00"]],
          5: [["09:00", "10:00"]],
        }),
        closures: [{ from: "2026-11-24", to: "2026-11-26" }],
      }),
    );
    expect(days.map((d) => d.date)).toEqual(["2026-11-23", "2026-11-27"]);
  });

  it("does not offer a slot that would end after the range closes", () => {
    const days = computeSlots(
      rules({ from: "2026-11-23", to: "2026-11-23", weekly: weekly({ 1: [["09:00", "10:45"]] }) }),
    );
    expect(times(days)).toEqual([["2026-11-23", ["09:00", "09:30", "10:00"]]]);
  });

  it("serves several ranges a day", () => {
    const days = computeSlots(
      rules({
        from: "2026-11-23",
        to: "2026-11-23",
        slotMinutes: 60,
        weekly: weekly({
          1: [
            ["15:00", "17:00"],
            ["08:30", "10:30"],
          ],
        }),
      }),
    );
    expect(times(days)).toEqual([["2026-11-23", ["08:30", "09:30", "15:00", "16:00"]]]);
  });

  const booked = (startIso: string, minutes: number): Interval => ({
    start: at(startIso),
    end: at(startIso) + minutes * 60_000,
  });

  it("without overlap, a slot with a booking is gone, and so is one a longer booking runs into", () => {
    const days = computeSlots(
      rules({
        from: "2026-11-23",
        to: "2026-11-23",
        weekly: weekly({ 1: [["09:00", "11:00"]] }),
        // 09:00 local is 08:00Z in November; a 45-minute booking at 10:00 also takes 10:30.
        taken: [booked("2026-11-23T08:00:00Z", 30), booked("2026-11-23T09:00:00Z", 45)],
      }),
    );
    expect(times(days)).toEqual([["2026-11-23", ["09:30"]]]);
    expect(days[0]?.slots[0]?.available).toBe(1);
  });

  it("with overlap, a slot stays until its capacity is full", () => {
    const base = rules({
      from: "2026-11-23",
      to: "2026-11-23",
      weekly: weekly({ 1: [["09:00", "10:00"]] }),
      allowOverlap: true,
      capacity: 2,
      taken: [
        booked("2026-11-23T08:00:00Z", 30),
        booked("2026-11-23T08:00:00Z", 30),
        booked("2026-11-23T08:30:00Z", 30),
      ],
    });
    const days = computeSlots(base);
    expect(days[0]?.slots.map((s) => [s.time, s.available])).toEqual([["09:30", 1]]);
    // Without a capacity, overlap means no limit.
    const unlimited = computeSlots({ ...base, capacity: null });
    expect(unlimited[0]?.slots.map((s) => [s.time, s.available])).toEqual([
      ["09:00", null],
      ["09:30", null],
    ]);
  });

  it("offers nothing when every slot is taken or past, so the caller can say there is no availability", () => {
    const full = computeSlots(
      rules({
        from: "2026-11-23",
        to: "2026-11-29",
        weekly: weekly({ 1: [["09:00", "10:00"]] }),
        taken: [booked("2026-11-23T08:00:00Z", 60)],
      }),
    );
    expect(full).toEqual([]);
    const past = computeSlots(rules({ from: "2026-11-23", to: "2026-11-23", now: at("2026-11-23T08:45:00Z") }));
    expect(times(past)).toEqual([]);
  });

  it("lists open days with their hours, closures left out", () => {
    const days = openDays(
      "2026-12-05",
      "2026-12-09",
      weekly({ 1: [["09:00", "12:00"]], 2: [["09:00", "12:00"]], 3: [["09:00", "12:00"]] }),
      [{ from: "2026-12-08", to: "2026-12-08" }],
    );
    expect(days.map((d) => d.date)).toEqual(["2026-12-07", "2026-12-09"]);
  });

  it("writes every slot's instants and local times as Date and the zone say, across a year and its changes", () => {
    // The local times come from one offset per opening range (slots.ts): checked against the zone,
    // slot by slot, for every day of a year with its two daylight-saving changes, and ranges that
    // cross a change (00:00–24:00) or start in the spring gap (02:30).
    for (const slotMinutes of [7, 45]) {
      const days = computeSlots(
        rules({
          from: "2026-01-01",
          to: "2026-12-31",
          slotMinutes,
          weekly: weekly({
            1: [
              ["09:00", "13:00"],
              ["14:30", "19:00"],
            ],
            2: [["00:00", "24:00"]],
            3: [["08:15", "12:45"]],
            4: [["13:00", "20:00"]],
            5: [["09:00", "18:00"]],
            6: [["09:00", "12:30"]],
            7: [
              ["00:00", "24:00"],
              ["02:30", "05:00"],
            ],
          }),
        }),
      );
      const slots = days.flatMap((d) => d.slots);
      expect(slots.length).toBeGreaterThan(2000);
      const expected = slots.map((slot) => {
        const start = Date.parse(slot.start);
        const end = start + slotMinutes * 60_000;
        return [
          new Date(start).toISOString(),
          new Date(end).toISOString(),
          zonedTime(start, ROME),
          zonedTime(end, ROME),
        ];
      });
      expect(slots.map((s) => [s.start, s.end, s.time, s.end_time])).toEqual(expected);
    }
  });
});
