import { COMPANY_LEVELS, type TOperatorBooking, type TUser } from "@cura/domain";
import { makeBooking } from "../../test/bookings.ts";
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
    ...makeBooking({
      health_service: { hashid: "h1", name: "Misurazione pressione" },
      citizen: { hashid: "u9", name: "Maria", surname: "Rossi" },
      start: "2030-03-04T08:00:00.000Z",
      end: "2030-03-04T08:30:00.000Z",
      created_at: "2030-03-01T08:00:00.000Z",
      updated_at: "2030-03-01T08:00:00.000Z",
    }),
    code: "PR-AAAA-0001",
    awaiting: "new",
    ...overrides,
  };
}

export const paged = <T>(data: T[]) => ({ data, meta: { page: 1, per_page: 50, total: data.length } });
