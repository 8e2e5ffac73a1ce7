import { COMPANY_MESSAGES, notFound, type TSlotDay } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { type SlotScope, takenSlotsProvider } from "./bookings-hook.ts";
import { dateRange, effectiveHours } from "./openings.ts";
import type { HoursOwner } from "./openings-repository.ts";
import * as openingsRepository from "./openings-repository.ts";
import * as repository from "./repository.ts";
import { platformRef, worksFor } from "./scope.ts";
import * as servicesRepository from "./services-repository.ts";
import { computeSlots } from "./slots.ts";

/** Loads what the slot computation needs (hours, closures, booked intervals, options) and runs it. */

export interface SlotsAnswer {
  data: {
    from: string;
    to: string;
    time_zone: string;
    slot_minutes: number;
    overlap: boolean;
    days: TSlotDay[];
  };
  message?: string;
}

async function slotsFor(
  ctx: ModuleContext,
  company: repository.CompanyRow,
  owner: HoursOwner,
  scope: SlotScope,
  settings: { slotMinutes: number; capacity: number | null },
  range: { from?: string; to?: string },
): Promise<SlotsAnswer> {
  const { from, to } = dateRange(company.timezone, range.from, range.to);
  const windowStart = new Date(zonedToInstant(from, "00:00", company.timezone));
  const windowEnd = new Date(zonedToInstant(addDays(to, 1), "00:00", company.timezone));
  const [{ weekly }, closures, taken] = await Promise.all([
    effectiveHours(ctx.db, owner),
    openingsRepository.closuresFor(ctx.db, owner, from, to),
    takenSlotsProvider().takenIntervals(ctx.db, scope, windowStart, windowEnd),
  ]);
  const days = computeSlots({
    from,
    to,
    timeZone: company.timezone,
    slotMinutes: settings.slotMinutes,
    weekly,
    closures,
    taken,
    allowOverlap: company.allowOverlap,
    capacity: settings.capacity,
    now: Date.now(),
  });
  return {
    data: {
      from,
      to,
      time_zone: company.timezone,
      slot_minutes: settings.slotMinutes,
      overlap: company.allowOverlap,
      days,
    },
    ...(days.length === 0 ? { message: COMPANY_MESSAGES.noAvailability } : {}),
  };
}

/**
 * The slots of one health service on one date, for the bookings module's re-check of a slot under
 * the health service's lock. It runs inside the caller's transaction, one query after the other: a
 * transaction is one connection (slotsFor reads its inputs in parallel on ctx.db).
 */
export async function healthServiceDaySlots(
  tx: Executor,
  company: repository.CompanyRow,
  service: { id: number; slotMinutes: number; capacity: number | null },
  date: string,
): Promise<TSlotDay[]> {
  const owner = { companyId: company.id, kind: "health", serviceId: service.id } as const;
  const { weekly } = await effectiveHours(tx, owner);
  const closures = await openingsRepository.closuresFor(tx, owner, date, date);
  const taken = await takenSlotsProvider().takenIntervals(
    tx,
    { companyId: company.id, healthServiceId: service.id },
    new Date(zonedToInstant(date, "00:00", company.timezone)),
    new Date(zonedToInstant(addDays(date, 1), "00:00", company.timezone)),
  );
  return computeSlots({
    from: date,
    to: date,
    timeZone: company.timezone,
    slotMinutes: service.slotMinutes,
    weekly,
    closures,
    taken,
    allowOverlap: company.allowOverlap,
    capacity: service.capacity,
    now: Date.now(),
  });
}

/** `GET healthservices/slots/array/{hash}?from=&to=`: bookable slots of a health service. */
export async function healthServiceSlots(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  query: { company?: string; from?: string; to?: string },
): Promise<SlotsAnswer> {
  // The service, its company and its platform service in one query; visible as visibleHealthService
  // (openings.ts) says: to the company's staff always, to others when both are active.
  const id = ctx.ids.decode(hashid);
  const found = id === null ? null : await servicesRepository.findHealthServiceForSlots(ctx.db, id);
  if (!found) throw notFound();
  const { service, company, platform } = found;
  const staff = worksFor(principal, company);
  if (!staff && (!service.active || !company.active)) throw notFound();
  // The company parameter, when given, must be the service's own.
  if (query.company && ctx.ids.decode(query.company) !== company.id) throw notFound();
  // A health service is booked through its platform service (bookings, teleconsult…): when the
  // company has switched that off, citizens get no slot (its staff still see them).
  if (!staff && !platform) throw notFound(COMPANY_MESSAGES.serviceNotEnabled);
  if (!staff && platform && !platform.active) throw notFound(COMPANY_MESSAGES.serviceNotActive);
  return slotsFor(
    ctx,
    company,
    { companyId: company.id, kind: "health", serviceId: service.id },
    { companyId: company.id, healthServiceId: service.id },
    { slotMinutes: service.slotMinutes, capacity: service.capacity },
    query,
  );
}

/** `GET services/slots/array/{hash}?company=&from=&to=`: bookable slots of a platform service at a company. */
export async function platformServiceSlots(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  query: { company?: string; from?: string; to?: string },
): Promise<SlotsAnswer> {
  const ref = platformRef(ctx.ids, hashid);
  // Without a company parameter an operator means their own company.
  const companyId = query.company ? ctx.ids.decode(query.company) : principal.companyId;
  const company = companyId === null ? null : await repository.findCompany(ctx.db, companyId);
  if (!company || (!company.active && !worksFor(principal, company))) throw notFound();
  const service = await repository.findCompanyService(ctx.db, company.id, ref);
  if (!service) throw notFound(COMPANY_MESSAGES.serviceNotEnabled);
  if (!service.active && !worksFor(principal, company)) throw notFound(COMPANY_MESSAGES.serviceNotActive);
  return slotsFor(
    ctx,
    company,
    { companyId: company.id, kind: "platform", companyServiceId: service.id },
    { companyId: company.id, positionRef: ref },
    { slotMinutes: service.slotMinutes, capacity: service.capacity },
    query,
  );
}
