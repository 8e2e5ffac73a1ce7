import { DOCUMENT_MESSAGES, DomainError, notFound } from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { bookingById } from "../bookings/index.ts";
import { caregiverGrant } from "../care/index.ts";
import { ownCompanyId } from "../companies/index.ts";

/** How the person asking stands to a reservation's documents. */
export type DocumentRole =
  /** An operator of the reservation's company. */
  | { kind: "operator" }
  /** The reservation's citizen. */
  | { kind: "citizen"; citizenId: number }
  /** A caregiver the citizen enabled: reads and signs "per conto di". */
  | { kind: "caregiver"; citizenId: number };

export interface ReservationParty {
  bookingId: number;
  companyId: number;
  citizenId: number;
}

/** The reservation's company and citizen, or a 404 (unknown or malformed id). */
export async function reservationParty(ctx: ModuleContext, bookingId: number | null): Promise<ReservationParty> {
  if (bookingId === null) throw notFound(DOCUMENT_MESSAGES.reservationNotFound);
  const booking = await bookingById(ctx, bookingId).catch((error: unknown) => {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  });
  const companyId = booking ? ctx.ids.decode(booking.company.hashid) : null;
  const citizenId = booking ? ctx.ids.decode(booking.citizen.hashid) : null;
  if (companyId === null || citizenId === null) throw notFound(DOCUMENT_MESSAGES.reservationNotFound);
  return { bookingId, companyId, citizenId };
}

/**
 * Who may see a reservation's documents: its company's operators, its citizen, and a caregiver the
 * citizen enabled (care module). Anyone else gets the same 404 as for a reservation that does not
 * exist, so nothing tells another company's or person's reservation apart.
 */
export async function roleOnReservation(
  ctx: ModuleContext,
  principal: Principal,
  party: ReservationParty,
  message: string = DOCUMENT_MESSAGES.reservationNotFound,
): Promise<DocumentRole> {
  if (principal.type === 1) {
    if (ownCompanyId(principal) === party.companyId) return { kind: "operator" };
    throw notFound(message);
  }
  if (principal.type !== 0) throw notFound(message);
  if (principal.userId === party.citizenId) return { kind: "citizen", citizenId: party.citizenId };
  const grant = await caregiverGrant(ctx.db, principal.userId, party.citizenId);
  if (grant?.enabled) return { kind: "caregiver", citizenId: party.citizenId };
  throw notFound(message);
}
