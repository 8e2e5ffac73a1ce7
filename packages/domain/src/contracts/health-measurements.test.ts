import { describe, expect, it } from "vitest";
import {
  bandOf,
  bandProblems,
  MONITORING_UNITS,
  nextDue,
  THRESHOLD_MESSAGES,
  ZExamFrequencyBody,
  ZThresholdNotesBody,
} from "./health-measurements.ts";

describe("bands", () => {
  it("accepts 1 to 7 bands that do not overlap, bounds inclusive", () => {
    expect(bandProblems([{ min: 0, max: 10, risk: 0 }])).toEqual({});
    const seven = Array.from({ length: 7 }, (_, i) => ({ min: i * 10, max: i * 10 + 9, risk: i % 5 }));
    expect(bandProblems(seven)).toEqual({});
    expect(bandProblems([])).toEqual({ bands: [THRESHOLD_MESSAGES.count] });
    expect(bandProblems([...seven, { min: 100, max: 110, risk: 0 }])).toEqual({ bands: [THRESHOLD_MESSAGES.count] });
  });

  it("names the band that overlaps, in any order, and the one whose min is above its max", () => {
    expect(
      bandProblems([
        { min: 50, max: 60, risk: 1 },
        { min: 0, max: 50, risk: 0 },
      ]),
    ).toEqual({ "bands.0.min": [THRESHOLD_MESSAGES.overlap] });
    expect(bandProblems([{ min: 5, max: 1, risk: 0 }])).toEqual({ "bands.0.max": [THRESHOLD_MESSAGES.order] });
  });

  it("finds a value's band, or none in a gap", () => {
    const bands = [
      { min: 90, max: 119, risk: 0 },
      { min: 120, max: 139, risk: 1 },
    ];
    expect(bandOf(bands, 119)?.risk).toBe(0);
    expect(bandOf(bands, 120)?.risk).toBe(1);
    expect(bandOf(bands, 119.5)).toBeNull();
  });
});

describe("frequencies and notes", () => {
  it("allows every 1–365 units, at least 5 minutes", () => {
    expect(ZExamFrequencyBody.safeParse({ exam_id: "abc", every: 5, unit: MONITORING_UNITS.minute }).success).toBe(
      true,
    );
    expect(ZExamFrequencyBody.safeParse({ exam_id: "abc", every: 4, unit: MONITORING_UNITS.minute }).success).toBe(
      false,
    );
    expect(ZExamFrequencyBody.safeParse({ exam_id: "abc", every: 366, unit: MONITORING_UNITS.day }).success).toBe(
      false,
    );
  });

  it("adds the interval to the last reading", () => {
    const from = new Date("2026-01-31T08:00:00Z");
    expect(nextDue(from, 2, MONITORING_UNITS.week).toISOString()).toBe("2026-02-14T08:00:00.000Z");
    expect(nextDue(from, 6, MONITORING_UNITS.hour).toISOString()).toBe("2026-01-31T14:00:00.000Z");
  });

  it("needs the diagnostic or the operational protocol", () => {
    const missing = ZThresholdNotesBody.safeParse({ notes: "x" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe("Inserire il protocollo diagnostico o operativo");
    expect(ZThresholdNotesBody.safeParse({ operational_protocol: "Richiamare" }).success).toBe(true);
  });
});
