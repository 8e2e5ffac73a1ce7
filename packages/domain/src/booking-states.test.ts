import { describe, expect, it } from "vitest";
import {
  availableBookingActions,
  BOOKING_ACTIONS,
  BOOKING_STATUSES,
  bookingActionsAt,
  bookingMessagesClosed,
  isBookingActionTimely,
  isFinalBookingStatus,
  nextBookingStatus,
} from "./booking-states.ts";

describe("booking state machine", () => {
  it("lets the company confirm, propose, refuse and close", () => {
    expect(nextBookingStatus("ricevuto", "confirm", "operator")).toBe("confermato");
    expect(nextBookingStatus("ricevuto", "propose", "operator")).toBe("in_attesa");
    expect(nextBookingStatus("confermato", "refuse", "operator")).toBe("rifiutato");
    expect(nextBookingStatus("confermato", "close", "operator")).toBe("evaso");
    expect(nextBookingStatus("confermato", "no_show", "operator")).toBe("non_presentato");
    expect(nextBookingStatus("ricevuto", "no_show", "operator")).toBeNull();
    expect(nextBookingStatus("confermato", "no_show", "citizen")).toBeNull();
  });

  it("lets the citizen answer a proposal, ask for a new date, and cancel", () => {
    expect(nextBookingStatus("in_attesa", "accept", "citizen")).toBe("confermato");
    expect(nextBookingStatus("in_attesa", "reject", "citizen")).toBe("annullato");
    expect(nextBookingStatus("confermato", "request_new_date", "citizen")).toBe("ricevuto");
    expect(nextBookingStatus("confermato", "cancel", "citizen")).toBe("annullato");
  });

  it("refuses each action to the other side", () => {
    expect(nextBookingStatus("ricevuto", "confirm", "citizen")).toBeNull();
    expect(nextBookingStatus("in_attesa", "accept", "operator")).toBeNull();
    expect(nextBookingStatus("confermato", "cancel", "operator")).toBeNull();
  });

  it("refuses closing what is not confirmed, and anything on a finished booking", () => {
    expect(nextBookingStatus("ricevuto", "close", "operator")).toBeNull();
    for (const status of ["evaso", "non_presentato", "rifiutato", "annullato"] as const) {
      expect(isFinalBookingStatus(status)).toBe(true);
      for (const action of BOOKING_ACTIONS) {
        expect(nextBookingStatus(status, action, "operator")).toBeNull();
        expect(nextBookingStatus(status, action, "citizen")).toBeNull();
      }
    }
  });

  it("offers every status a way forward unless it is final", () => {
    for (const status of BOOKING_STATUSES) {
      const actions = [...availableBookingActions(status, "operator"), ...availableBookingActions(status, "citizen")];
      expect(actions.length === 0).toBe(isFinalBookingStatus(status));
    }
    expect(availableBookingActions("in_attesa", "citizen")).toEqual(["accept", "reject", "request_new_date", "cancel"]);
  });

  it("stops the citizen's cancel and new date at the appointment time, not the company's actions", () => {
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(bookingActionsAt("confermato", "citizen", "2026-11-21T10:30:00Z", now)).toEqual([
      "request_new_date",
      "cancel",
    ]);
    expect(bookingActionsAt("confermato", "citizen", "2026-11-21T09:30:00Z", now)).toEqual([]);
    expect(bookingActionsAt("in_attesa", "citizen", "2026-11-21T09:30:00Z", now)).toEqual(["accept", "reject"]);
    expect(bookingActionsAt("confermato", "operator", "2026-11-21T09:30:00Z", now)).toEqual(
      availableBookingActions("confermato", "operator"),
    );
    // A request without a time yet is never past.
    expect(bookingActionsAt("ricevuto", "citizen", null, now)).toEqual(["cancel"]);
  });

  it("lets the company close a booking from its start on, never before", () => {
    const now = Date.parse("2026-11-21T07:12:00Z");
    // 18:00 in Rome, at 08:12: not served yet.
    expect(bookingActionsAt("confermato", "operator", "2026-11-21T17:00:00Z", now)).toEqual(["propose", "refuse"]);
    expect(isBookingActionTimely("close", "operator", "2026-11-21T17:00:00Z", now)).toBe(false);
    // From the start itself on.
    expect(bookingActionsAt("confermato", "operator", "2026-11-21T07:12:00Z", now)).toContain("close");
    expect(bookingActionsAt("confermato", "operator", "2026-11-21T06:00:00Z", now)).toContain("close");
    // A product order has no time: closed whenever it is picked up.
    expect(isBookingActionTimely("close", "operator", null, now)).toBe(true);
    // A no-show needs an appointment, from its start on.
    expect(isBookingActionTimely("no_show", "operator", "2026-11-21T17:00:00Z", now)).toBe(false);
    expect(isBookingActionTimely("no_show", "operator", "2026-11-21T07:12:00Z", now)).toBe(true);
    expect(isBookingActionTimely("no_show", "operator", null, now)).toBe(false);
    // The other actions of the company keep no time rule.
    expect(isBookingActionTimely("refuse", "operator", "2026-11-21T17:00:00Z", now)).toBe(true);
  });
});

describe("bookingMessagesClosed", () => {
  it("closes a teleconsultation's messages once its booking is final, never another booking's", () => {
    expect(bookingMessagesClosed({ kind: "teleconsulto", status: "confermato" })).toBe(false);
    expect(bookingMessagesClosed({ kind: "teleconsulto", status: "evaso" })).toBe(true);
    expect(bookingMessagesClosed({ kind: "teleconsulto", status: "annullato" })).toBe(true);
    expect(bookingMessagesClosed({ kind: "prestazione", status: "evaso" })).toBe(false);
  });
});
