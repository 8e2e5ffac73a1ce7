import { describe, expect, it } from "vitest";
import { canTakeCharge, type OperatorBookingState, operatorBookingActions } from "./operator-booking-actions.ts";

const now = Date.parse("2026-11-21T07:12:00Z");
const later = "2026-11-21T17:00:00Z";
const earlier = "2026-11-21T06:00:00Z";
const booking = (state: Partial<OperatorBookingState>): OperatorBookingState => ({
  kind: "prestazione",
  status: "confermato",
  start: later,
  awaiting: null,
  hasHealthService: true,
  ...state,
});

describe("the operator's actions on one booking", () => {
  it("offers closing a confirmed booking only from its start on", () => {
    expect(operatorBookingActions(booking({}), now)).toEqual(["propose", "refuse", "take_charge"]);
    expect(operatorBookingActions(booking({ start: earlier }), now)).toEqual([
      "propose",
      "refuse",
      "close",
      "no_show",
      "take_charge",
    ]);
  });

  it("offers 'Non presentato' beside 'Evadi': a confirmed appointment from its start on, never without one", () => {
    expect(operatorBookingActions(booking({}), now)).not.toContain("no_show");
    expect(operatorBookingActions(booking({ start: "2026-11-21T07:12:00Z" }), now)).toContain("no_show");
    expect(operatorBookingActions(booking({ status: "ricevuto", start: earlier, awaiting: "new" }), now)).not.toContain(
      "no_show",
    );
    // A product order (no appointment) is closed, never missed.
    const order = booking({ kind: "prodotto", start: null, hasHealthService: false });
    expect(operatorBookingActions(order, now)).not.toContain("no_show");
    expect(operatorBookingActions(booking({ status: "non_presentato", start: earlier }), now)).toEqual([]);
  });

  it("offers nothing on a closed, refused or acknowledged booking", () => {
    for (const status of ["evaso", "non_presentato", "rifiutato", "annullato"] as const)
      expect(operatorBookingActions(booking({ status, start: earlier }), now)).toEqual([]);
    expect(canTakeCharge("evaso", null)).toBe(false);
  });

  it("acknowledges a citizen's cancellation or rejection not seen yet", () => {
    expect(operatorBookingActions(booking({ status: "annullato", awaiting: "cancelled" }), now)).toEqual([
      "acknowledge",
    ]);
    expect(operatorBookingActions(booking({ status: "annullato", awaiting: "proposal_rejected" }), now)).toEqual([
      "acknowledge",
    ]);
  });

  it("answers a change request instead of confirming or refusing", () => {
    expect(operatorBookingActions(booking({ status: "ricevuto", awaiting: "change_request" }), now)).toEqual([
      "confirm_change",
      "propose",
      "reject_change",
      "take_charge",
    ]);
    expect(operatorBookingActions(booking({ status: "ricevuto", awaiting: "new" }), now)).toEqual([
      "confirm",
      "propose",
      "refuse",
      "take_charge",
    ]);
  });

  it("proposes a time to a request without one, and no slot to a product order", () => {
    expect(operatorBookingActions(booking({ status: "ricevuto", start: null, awaiting: "new" }), now)).toEqual([
      "propose",
      "refuse",
      "take_charge",
    ]);
    const order = booking({ kind: "prodotto", start: null, hasHealthService: false });
    expect(operatorBookingActions({ ...order, status: "ricevuto" }, now)).toEqual(["confirm", "refuse", "take_charge"]);
    expect(operatorBookingActions(order, now)).toEqual(["refuse", "close", "take_charge"]);
  });
});
