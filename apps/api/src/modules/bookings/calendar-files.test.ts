import type { TBooking } from "@cura/domain";
import { describe, expect, it } from "vitest";
import { bookingIcs, bookingPdf } from "./calendar-files.ts";

const booking: TBooking = {
  hashid: "b1",
  kind: "prodotto",
  status: "annullato",
  status_label: "annullato",
  health_service: null,
  company: { hashid: "c1", name: 'Farmacia Città, Sant\'Anna; "Centro"' },
  citizen: { hashid: "u1", name: "Niccolò", surname: "D'Amico" },
  family_member: { hashid: "f1", name: "Zoë", surname: "D'Amico" },
  start: "2026-11-23T09:00:00.000Z",
  end: "2026-11-23T09:30:00.000Z",
  preferences: null,
  products: [{ code: "A1", name: "Tachipirina 500 mg", quantity: 2 }],
  nre: null,
  rev: null,
  proposed_start: null,
  proposed_end: null,
  notes: "Già pagato 😀 — grazie; 你好",
  operator_notes: null,
  refusal_reason: null,
  cancellation_reason: 1,
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: "2026-11-20T09:00:00.000Z",
};

describe("a booking's files", () => {
  it("the .ics escapes text and cancels a cancelled booking", async () => {
    const ics = (
      await bookingIcs(booking, new Date(booking.start ?? ""), new Date(booking.end ?? ""), "cura.example")
    ).replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("DTSTART:20261123T090000Z");
    expect(ics).toContain("DTEND:20261123T093000Z");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("SUMMARY:Ordine");
    expect(ics).toContain('LOCATION:Farmacia Città\\, Sant\'Anna\\; "Centro"');
    expect(ics).toContain("UID:b1@cura.example");
  });

  it("the PDF is written whatever the text (characters outside the standard fonts included)", async () => {
    const pdf = await bookingPdf(booking, new Date("2026-11-21T10:00:00Z"));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
  });
});
