import { describe, expect, it } from "vitest";
import { pageCount } from "./api/own-bookings.ts";
import { notesEditable } from "./notes-rule.ts";
import { sectionOf } from "./sections.ts";

describe("notes rule", () => {
  const start = "2026-11-21T10:00:00.000Z";
  it("allows editing until the appointment time, not at it or after", () => {
    expect(notesEditable({ start }, new Date("2026-11-21T09:59:59.000Z"))).toBe(true);
    expect(notesEditable({ start }, new Date(start))).toBe(false);
    expect(notesEditable({ start }, new Date("2026-11-22T00:00:00.000Z"))).toBe(false);
  });
  it("keeps a request without a time editable", () => {
    expect(notesEditable({ start: null }, new Date("2100-01-01T00:00:00.000Z"))).toBe(true);
  });
});

describe("tabs", () => {
  it("puts every status in one tab", () => {
    expect(sectionOf("ricevuto")).toBe("in-attesa");
    expect(sectionOf("in_attesa")).toBe("in-attesa");
    expect(sectionOf("confermato")).toBe("confermate");
    expect(["evaso", "rifiutato", "annullato"].map((s) => sectionOf(s as "evaso"))).toEqual([
      "storico",
      "storico",
      "storico",
    ]);
  });
  it("counts the pages of a server list, at least one", () => {
    expect(pageCount({ page: 1, per_page: 10, total: 23 })).toBe(3);
    expect(pageCount({ page: 1, per_page: 10, total: 20 })).toBe(2);
    expect(pageCount({ page: 1, per_page: 10, total: 0 })).toBe(1);
  });
});
