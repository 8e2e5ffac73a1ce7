import type { TBooking } from "@cura/domain";

/** A booking as the API answers it, for component tests: features override what their tests are about. */
export function makeBooking(overrides: Partial<TBooking> = {}): TBooking {
  return {
    hashid: "b1",
    kind: "prestazione",
    status: "ricevuto",
    status_label: "ricevuto",
    health_service: { hashid: "hs1", name: "Elettrocardiogramma" },
    company: { hashid: "c1", name: "Farmacia Centrale" },
    citizen: { hashid: "u1", name: "Mario", surname: "Rossi" },
    family_member: null,
    start: "2099-03-10T09:00:00.000Z",
    end: "2099-03-10T09:30:00.000Z",
    preferences: null,
    products: null,
    nre: null,
    rev: null,
    proposed_start: null,
    proposed_end: null,
    notes: null,
    operator_notes: null,
    refusal_reason: null,
    cancellation_reason: null,
    created_at: "2026-11-01T08:00:00.000Z",
    updated_at: "2026-11-01T08:00:00.000Z",
    ...overrides,
  };
}
