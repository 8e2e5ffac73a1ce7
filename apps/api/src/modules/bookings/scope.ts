import { notFound } from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { Ids } from "../../platform/ids.ts";
import { ownCompanyId } from "../companies/index.ts";
import type { BookingRow } from "./repository.ts";

/**
 * Record-level access: a citizen acts on their own bookings, an operator on their company's.
 * Anyone else's booking is a 404, never a 403, so nothing tells it exists.
 */

export type BookingActorKind = "citizen" | "operator";

export function actorKind(principal: Principal): BookingActorKind {
  return principal.type === 1 ? "operator" : "citizen";
}

export function bookingId(ids: Ids, hashid: string): number {
  const id = ids.decode(hashid);
  if (id === null) throw notFound();
  return id;
}

/** Throws 404 unless the principal is a party of the booking. */
export function assertParty(principal: Principal, row: BookingRow | null): asserts row is BookingRow {
  if (!row) throw notFound();
  if (actorKind(principal) === "operator") {
    if (row.companyId !== ownCompanyId(principal)) throw notFound();
  } else if (row.userId !== principal.userId) {
    throw notFound();
  }
}
