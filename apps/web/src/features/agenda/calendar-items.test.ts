import type { TBooking } from "@cura/domain";
import { describe, expect, it } from "vitest";
import {
  allFilters,
  applyFilters,
  bookingItem,
  eventItem,
  GROUP_COLOURS,
  rangeOf,
  weekdayOf,
} from "./calendar-items.ts";
import { agendaEvent, booking } from "./test-data.ts";

const label = (b: TBooking) => b.health_service?.name ?? "";

describe("calendar items", () => {
  it("colours bookings by status group and links them to their detail page", () => {
    const confirmed = bookingItem(booking(), "/cittadino/appuntamenti/dettaglio", label);
    expect(confirmed).toMatchObject({
      type: "prestazione",
      group: "confirmed",
      colour: GROUP_COLOURS.confirmed,
      url: "/cittadino/appuntamenti/dettaglio/b1",
      title: "Visita cardiologica",
    });
    expect(bookingItem(booking({ status: "ricevuto" }), "/x", label)?.group).toBe("awaiting");
    expect(bookingItem(booking({ status: "in_attesa" }), "/x", label)?.group).toBe("awaiting");
    expect(bookingItem(booking({ status: "evaso" }), "/x", label)?.group).toBe("completed");
    expect(bookingItem(booking({ status: "annullato" }), "/x", label)?.colour).toBe(GROUP_COLOURS.closed);
    expect(bookingItem(booking({ kind: "prodotto" }), "/x", label)?.type).toBe("ordine");
    expect(bookingItem(booking({ start: null, end: null }), "/x", label)).toBeNull();
  });

  it("shows one's events as events, with name and place", () => {
    expect(eventItem(agendaEvent())).toMatchObject({
      type: "evento",
      group: null,
      url: null,
      title: "Dentista · Studio Bianchi",
    });
  });

  it("filters by weekday, type and status group", () => {
    const monday = bookingItem(booking(), "/x", label);
    const tuesdayEvent = eventItem(agendaEvent());
    const cancelled = bookingItem(booking({ hashid: "b2", status: "annullato" }), "/x", label);
    const items = [monday, tuesdayEvent, cancelled].flatMap((i) => (i ? [i] : []));
    const filters = allFilters();
    expect(applyFilters(items, filters)).toHaveLength(3);
    const noMonday = { ...filters, weekdays: new Set(([2, 3, 4, 5, 6, 7] as const).map((d) => d)) };
    expect(applyFilters(items, noMonday).map((i) => i.id)).toEqual([tuesdayEvent.id]);
    const noEvents = { ...filters, types: new Set(["prestazione", "ordine", "teleconsulto"] as const) };
    expect(applyFilters(items, noEvents).map((i) => i.type)).not.toContain("evento");
    const noClosed = { ...filters, groups: new Set(["confirmed", "completed", "awaiting"] as const) };
    // Events have no status: the status filter leaves them.
    expect(applyFilters(items, noClosed).map((i) => i.id)).toEqual([monday?.id, tuesdayEvent.id]);
  });

  it("reads weekdays Monday 1 to Sunday 7 and turns FullCalendar's range into inclusive dates", () => {
    expect(weekdayOf(new Date(2026, 10, 23, 12).toISOString())).toBe(1);
    expect(weekdayOf(new Date(2026, 10, 29, 12).toISOString())).toBe(7);
    expect(rangeOf(new Date(2026, 10, 1), new Date(2026, 11, 1))).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  });
});
