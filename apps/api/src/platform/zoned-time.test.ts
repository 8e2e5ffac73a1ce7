import { describe, expect, it } from "vitest";
import { offsetMinutesAt, zonedDate, zonedTime, zonedToInstant } from "./zoned-time.ts";

const ROME = "Europe/Rome";

describe("Rome's wall clock", () => {
  it("changes its offset exactly at the daylight-saving instants, however often it is asked", () => {
    for (let round = 0; round < 2; round += 1) {
      expect(offsetMinutesAt(Date.parse("2026-03-29T00:59:59Z"), ROME)).toBe(60);
      expect(offsetMinutesAt(Date.parse("2026-03-29T01:00:00Z"), ROME)).toBe(120);
      expect(offsetMinutesAt(Date.parse("2026-10-25T00:59:59Z"), ROME)).toBe(120);
      expect(offsetMinutesAt(Date.parse("2026-10-25T01:00:00Z"), ROME)).toBe(60);
    }
  });

  it("turns wall-clock times into instants and back across both changes", () => {
    expect(new Date(zonedToInstant("2026-03-29", "01:30", ROME)).toISOString()).toBe("2026-03-29T00:30:00.000Z");
    // Inside the spring gap the time moves forward by the gap.
    expect(new Date(zonedToInstant("2026-03-29", "02:30", ROME)).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // A repeated autumn time takes its first occurrence.
    expect(new Date(zonedToInstant("2026-10-25", "02:30", ROME)).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    const instant = Date.parse("2026-11-21T17:45:00Z");
    expect([zonedDate(instant, ROME), zonedTime(instant, ROME)]).toEqual(["2026-11-21", "18:45"]);
  });

  it("reads the same wall clock as Intl at every instant of a year, sampled every 37 minutes", () => {
    const intl = new Intl.DateTimeFormat("sv-SE", {
      timeZone: ROME,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    for (let instant = Date.parse("2026-01-01T00:00:00Z"); instant < Date.parse("2027-01-01T00:00:00Z"); ) {
      expect(`${zonedDate(instant, ROME)} ${zonedTime(instant, ROME)}`).toBe(intl.format(instant));
      instant += 37 * 60_000 + 13_000;
    }
  });
});
