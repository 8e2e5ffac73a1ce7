import { COMPANY_LEVELS, type TOperatorBooking, type TUser } from "@cura/domain";
import { makeUser } from "../../test/helpers.tsx";

/** An operator of a pharmacy that takes bookings (platform service 1). */
export function bookingOperator(): TUser {
  return makeUser({
    type: 1,
    company: {
      hashid: "c1",
      name: "Farmacia Centrale",
      level: COMPANY_LEVELS.firstLevel,
      active_services: [{ hashid: "s1", name: "Prenotazioni", position_ref: 1 }],
      bancaDati: [],
    },
  });
}

export function operatorBooking(overrides: Partial<TOperatorBooking> = {}): TOperatorBooking {
  return {
    hashid: "b1",
    code: "PR-AAAA-0001",
    awaiting: "new",
    kind: "prestazione",
    status: "ricevuto",
    status_label: "ricevuto",
    health_service: { hashid: "h1", name: "Misurazione pressione" },
    company: { hashid: "c1", name: "Farmacia Centrale" },
    citizen: { hashid: "u9", name: "Maria", surname: "Rossi" },
    family_member: null,
    start: "2030-03-04T08:00:00.000Z",
    end: "2030-03-04T08:30:00.000Z",
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
    created_at: "2030-03-01T08:00:00.000Z",
    updated_at: "2030-03-01T08:00:00.000Z",
    ...overrides,
  };
}

export const paged = <T>(data: T[]) => ({ data, meta: { page: 1, per_page: 50, total: data.length } });
