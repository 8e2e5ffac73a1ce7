import { describe, expect, it } from "vitest";
import { AGENDA_MESSAGES, ZAgendaEventBody, ZFrequencyCreateBody } from "./agenda.ts";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("agenda contracts", () => {
  it("an event needs name, place, date and time; notes are optional", () => {
    expect(
      ZAgendaEventBody.safeParse({ name: "Dentista", place: "Roma", date: "2026-12-01", time: "09:30" }).success,
    ).toBe(true);
    expect(messages(ZAgendaEventBody.safeParse({}))).toEqual({
      name: AGENDA_MESSAGES.nameRequired,
      place: AGENDA_MESSAGES.placeRequired,
      date: AGENDA_MESSAGES.dateRequired,
      time: AGENDA_MESSAGES.timeRequired,
    });
    expect(messages(ZAgendaEventBody.safeParse({ name: "x", place: "y", date: "2026-12-01", time: "24:00" }))).toEqual({
      time: AGENDA_MESSAGES.timeRequired,
    });
  });

  it("a recurring reservation has an interval of 1–365 days, weeks or months and ends after its next date", () => {
    const base = { health_service: "abc123", every: 2, unit: 1, next_date: "2026-12-01", time: "09:00" };
    expect(ZFrequencyCreateBody.safeParse(base).success).toBe(true);
    expect(messages(ZFrequencyCreateBody.safeParse({ ...base, every: 0, unit: 3 }))).toEqual({
      every: AGENDA_MESSAGES.everyInvalid,
      unit: AGENDA_MESSAGES.unitInvalid,
    });
    expect(messages(ZFrequencyCreateBody.safeParse({ ...base, end_date: "2026-11-30" }))).toEqual({
      end_date: AGENDA_MESSAGES.endBeforeNext,
    });
  });
});
