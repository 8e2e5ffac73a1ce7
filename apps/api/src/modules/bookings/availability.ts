import { BOOKING_MESSAGES, COMPANY_MESSAGES, conflict, fieldError, notFound } from "@cura/domain";
import type { Database, Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { zonedDate } from "../../platform/zoned-time.ts";
import {
  findOfferedCompanyService,
  healthServiceDaySlots,
  type SlotScope,
  type TakenSlotsProvider,
  visibleCompany,
  visibleHealthService,
} from "../companies/index.ts";
import * as repository from "./repository.ts";

/** The platform service of bookings (spec 001 §9 service refs). */
const BOOKINGS_SERVICE_REF = 1;

/** What the companies module's slots see of bookings: the intervals held by active bookings. */
export const takenSlots: TakenSlotsProvider = {
  async takenIntervals(db: Executor, scope: SlotScope, from: Date, to: Date) {
    const rows = await repository.activeIntervals(db, scope, from, to);
    return rows.flatMap((r) => [
      ...(r.start && r.end ? [{ start: r.start.getTime(), end: r.end.getTime() }] : []),
      // A proposed change holds its slot too until the citizen answers.
      ...(r.proposedStart && r.proposedEnd ? [{ start: r.proposedStart.getTime(), end: r.proposedEnd.getTime() }] : []),
    ]);
  },
  hasBookings: (db, healthServiceId) => repository.hasBookings(db, healthServiceId),
};

/**
 * A health service one may book, with its company. Visibility as for the slots call: inactive
 * services and switched-off platform services are 404.
 */
export async function bookableHealthService(
  ctx: ModuleContext,
  tx: Executor,
  principal: Principal,
  healthServiceHashid: string,
) {
  const { service, company, staff } = await visibleHealthService(
    { ...ctx, db: tx as Database },
    principal,
    healthServiceHashid,
  );
  // Not active when the company stopped it, or the back office disabled it for the whole platform.
  const platform = await findOfferedCompanyService(tx, company.id, service.positionRef);
  if (!staff && !platform) throw notFound(COMPANY_MESSAGES.serviceNotEnabled);
  if (!staff && platform && !platform.active) throw notFound(COMPANY_MESSAGES.serviceNotActive);
  return { service, company };
}

/**
 * The company a product order goes to: an active pharmacy (any subtype of type farmacia) that runs
 * the bookings platform service (ref 1). An unknown or inactive company is a 404; a company that
 * is not a pharmacy, or does not take bookings, is a 422 on `company`.
 */
export async function orderingPharmacy(ctx: ModuleContext, tx: Executor, principal: Principal, companyHashid: string) {
  const company = await visibleCompany(tx, ctx.ids, principal, companyHashid);
  if (!company.active) throw notFound();
  const platform = await findOfferedCompanyService(tx, company.id, BOOKINGS_SERVICE_REF);
  if (company.kind !== "farmacia" || !platform?.active) throw fieldError("company", BOOKING_MESSAGES.notPharmacy);
  return company;
}

/**
 * The free slot of a health service starting at `start`, or a 409 when it is taken, past, or not a
 * slot of the service. It runs the companies module's slot computation of that day inside the
 * caller's transaction (which holds the health service's lock).
 */
export async function freeSlotAt(
  ctx: ModuleContext,
  tx: Executor,
  principal: Principal,
  healthServiceHashid: string,
  start: number,
): Promise<{ start: Date; end: Date; positionRef: number }> {
  const { service, company } = await bookableHealthService(ctx, tx, principal, healthServiceHashid);

  const days = await healthServiceDaySlots(tx, company, service, zonedDate(start, company.timezone));
  const iso = new Date(start).toISOString();
  const slot = days.flatMap((day) => day.slots).find((s) => s.start === iso);
  if (!slot) throw conflict(BOOKING_MESSAGES.slotTaken);
  return { start: new Date(slot.start), end: new Date(slot.end), positionRef: service.positionRef };
}
