import {
  COMPANY_MESSAGES,
  fieldError,
  notFound,
  SLOT_LIMITS,
  type TClosure,
  type TClosureBody,
  type TOpeningsBody,
  type TTimeRange,
  type TWeeklyOpenings,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { addDays, daysBetween, isoWeekday, zonedDate } from "../../platform/zoned-time.ts";
import type { HoursOwner } from "./openings-repository.ts";
import * as openingsRepository from "./openings-repository.ts";
import { closure as presentClosure, weeklyMap, weeklyOpenings } from "./presenters.ts";
import * as repository from "./repository.ts";
import { manageableCompany, ownCompanyId, platformRef, worksFor } from "./scope.ts";
import * as servicesRepository from "./services-repository.ts";
import { openDays, type WeeklyHours } from "./slots.ts";

/**
 * Opening hours of companies, health services and platform services (several ranges a day), and
 * closures (prohibited dates). A service without hours of its own follows the company's.
 */

/** The effective weekly hours of an owner: its own rows, or the company's when it has none. */
export async function effectiveHours(
  db: Executor,
  owner: HoursOwner,
): Promise<{ weekly: Map<number, TTimeRange[]>; inherited: boolean }> {
  const rows = await openingsRepository.listHoursWithCompany(db, owner);
  const own = rows.filter((r) => r.serviceId !== null || r.companyServiceId !== null);
  if (owner.kind === "company" || own.length === 0) {
    return {
      weekly: weeklyMap(rows.filter((r) => r.serviceId === null && r.companyServiceId === null)),
      inherited: owner.kind !== "company",
    };
  }
  return { weekly: weeklyMap(own), inherited: false };
}

async function replaceHours(
  ctx: ModuleContext,
  request: FastifyRequest,
  owner: HoursOwner,
  body: TOpeningsBody,
  audit: { entity: string; entityId: number },
): Promise<void> {
  const rows = body.days.flatMap((day) =>
    day.ranges.map((r) => ({ weekday: day.weekday, opensAt: r.from, closesAt: r.to })),
  );
  await ctx.db.transaction(async (tx) => {
    await openingsRepository.replaceHours(tx, owner, rows);
    await recordAudit(tx, actorOf(request), {
      action: "openings.updated",
      entity: audit.entity,
      entityId: audit.entityId,
      companyId: owner.companyId,
      detail: { days: body.days.map((d) => ({ weekday: d.weekday, ranges: d.ranges.length })) },
    });
  });
}

/** `POST companies/own/openings` and `companies/{company}/openings`. */
export async function setCompanyOpenings(
  ctx: ModuleContext,
  request: FastifyRequest,
  company: repository.CompanyRow,
  body: TOpeningsBody,
): Promise<TWeeklyOpenings> {
  const owner: HoursOwner = { companyId: company.id, kind: "company" };
  await replaceHours(ctx, request, owner, body, { entity: "company", entityId: company.id });
  const { weekly } = await effectiveHours(ctx.db, owner);
  return weeklyOpenings(weekly, false, company.timezone);
}

/** A health service of the operator's company (or of a centre their room manages); else 404. */
export async function manageableHealthService(ctx: ModuleContext, principal: Principal, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const found = id === null ? null : await servicesRepository.findHealthService(ctx.db, id);
  if (!found) throw notFound();
  const company = await repository.findCompany(ctx.db, found.service.companyId);
  if (!company || !worksFor(principal, company)) throw notFound();
  return { ...found, company };
}

/** `POST healthservices/own/openings/{hash}`: the service's own hours; an empty list follows the company's. */
export async function setHealthServiceOpenings(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: TOpeningsBody,
): Promise<TWeeklyOpenings> {
  const { service, company } = await manageableHealthService(ctx, principal, hashid);
  const owner: HoursOwner = { companyId: company.id, kind: "health", serviceId: service.id };
  await replaceHours(ctx, request, owner, body, { entity: "health_service", entityId: service.id });
  const { weekly, inherited } = await effectiveHours(ctx.db, owner);
  return weeklyOpenings(weekly, inherited, company.timezone);
}

/** A platform service the operator's own company runs (services/own/…); else 404. */
export async function ownCompanyService(ctx: ModuleContext, principal: Principal, hashid: string) {
  const ref = platformRef(ctx.ids, hashid);
  const companyId = ownCompanyId(principal);
  const [company, service] = await Promise.all([
    repository.findCompany(ctx.db, companyId),
    repository.findCompanyService(ctx.db, companyId, ref),
  ]);
  if (!company || !service) throw notFound(COMPANY_MESSAGES.serviceNotEnabled);
  return { company, service };
}

/** `POST services/own/openings/{hash}`: hours of one of the company's platform services. */
export async function setPlatformServiceOpenings(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: TOpeningsBody,
): Promise<TWeeklyOpenings> {
  const { company, service } = await ownCompanyService(ctx, principal, hashid);
  const owner: HoursOwner = { companyId: company.id, kind: "platform", companyServiceId: service.id };
  await replaceHours(ctx, request, owner, body, { entity: "company_service", entityId: service.id });
  const { weekly, inherited } = await effectiveHours(ctx.db, owner);
  return weeklyOpenings(weekly, inherited, company.timezone);
}

/** `GET services/own/openings/{hash}`: a platform service's weekly hours (its own, or the company's). */
export async function platformServiceOpenings(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
): Promise<TWeeklyOpenings> {
  const { company, service } = await ownCompanyService(ctx, principal, hashid);
  const { weekly, inherited } = await effectiveHours(ctx.db, {
    companyId: company.id,
    kind: "platform",
    companyServiceId: service.id,
  });
  return weeklyOpenings(weekly, inherited, company.timezone);
}

/** `GET companies/openings/get/{x}`: a company's weekly hours, for anyone signed in. */
export async function companyOpenings(ctx: ModuleContext, company: repository.CompanyRow): Promise<TWeeklyOpenings> {
  const { weekly } = await effectiveHours(ctx.db, { companyId: company.id, kind: "company" });
  return weeklyOpenings(weekly, false, company.timezone);
}

/** A health service anyone signed in may see: active ones of active companies, or any for its staff. */
export async function visibleHealthService(ctx: ModuleContext, principal: Principal, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const found = id === null ? null : await servicesRepository.findHealthService(ctx.db, id);
  if (!found) throw notFound();
  const company = await repository.findCompany(ctx.db, found.service.companyId);
  if (!company) throw notFound();
  const staff = worksFor(principal, company);
  if (!staff && (!found.service.active || !company.active)) throw notFound();
  return { ...found, company, staff };
}

/** `GET healthservices/days/openings/{id}`: a health service's weekly hours (its own or the company's). */
export async function healthServiceOpenings(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
): Promise<TWeeklyOpenings> {
  const { service, company } = await visibleHealthService(ctx, principal, hashid);
  const { weekly, inherited } = await effectiveHours(ctx.db, {
    companyId: company.id,
    kind: "health",
    serviceId: service.id,
  });
  return weeklyOpenings(weekly, inherited, company.timezone);
}

/** Resolves a date range: default today and the following six days, at most 31 days. */
export function dateRange(timeZone: string, from?: string, to?: string): { from: string; to: string } {
  const start = from ?? zonedDate(Date.now(), timeZone);
  const end = to ?? addDays(start, 6);
  if (end < start) throw fieldError("to", COMPANY_MESSAGES.dateOrder);
  if (daysBetween(start, end) >= SLOT_LIMITS.maxDays) throw fieldError("to", COMPANY_MESSAGES.rangeTooLong);
  return { from: start, to: end };
}

/** `POST healthservices/days/openings/{id}`: the open dates of a range with their hours, after closures. */
export async function healthServiceOpenDays(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  range: { from?: string; to?: string },
) {
  const { service, company } = await visibleHealthService(ctx, principal, hashid);
  const { from, to } = dateRange(company.timezone, range.from, range.to);
  const owner: HoursOwner = { companyId: company.id, kind: "health", serviceId: service.id };
  const [{ weekly }, closures] = await Promise.all([
    effectiveHours(ctx.db, owner),
    openingsRepository.closuresFor(ctx.db, owner, from, to),
  ]);
  return { from, to, time_zone: company.timezone, days: openDays(from, to, weekly as WeeklyHours, closures) };
}

/** `GET services/opening/day/{hash}?company=&date=`: a platform service's hours at a company on one date. */
export async function platformServiceDay(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  query: { company: string; date?: string },
) {
  const ref = platformRef(ctx.ids, hashid);
  const companyId = ctx.ids.decode(query.company);
  const company = companyId === null ? null : await repository.findCompany(ctx.db, companyId);
  if (!company || (!company.active && !worksFor(principal, company))) throw notFound();
  const service = await repository.findCompanyService(ctx.db, company.id, ref);
  if (!service || (!service.active && !worksFor(principal, company)))
    throw notFound(COMPANY_MESSAGES.serviceNotEnabled);
  const date = query.date ?? zonedDate(Date.now(), company.timezone);
  const owner: HoursOwner = { companyId: company.id, kind: "platform", companyServiceId: service.id };
  const [{ weekly }, closures] = await Promise.all([
    effectiveHours(ctx.db, owner),
    openingsRepository.closuresFor(ctx.db, owner, date, date),
  ]);
  const weekday = isoWeekday(date);
  const closedFor = closures[0];
  const ranges = closedFor ? [] : (weekly.get(weekday) ?? []);
  return {
    date,
    weekday,
    open: ranges.length > 0,
    closed_for: closedFor ? (closedFor.reason ?? "Chiusura") : null,
    ranges,
    time_zone: company.timezone,
  };
}

// ─── Closures (prohibidates) ─────────────────────────────────────────────────────────────────

async function closureScope(ctx: ModuleContext, company: repository.CompanyRow, body: TClosureBody) {
  let serviceId: number | null = null;
  let companyServiceId: number | null = null;
  if (body.service) {
    const id = ctx.ids.decode(body.service);
    const found = id === null ? null : await servicesRepository.findHealthService(ctx.db, id);
    if (!found || found.service.companyId !== company.id) throw fieldError("service", "Prestazione non trovata");
    serviceId = found.service.id;
  }
  if (body.platform_service) {
    const ref = ctx.ids.decode(body.platform_service);
    const found = ref === null ? null : await repository.findCompanyService(ctx.db, company.id, ref);
    if (!found) throw fieldError("platform_service", COMPANY_MESSAGES.serviceNotEnabled);
    companyServiceId = found.id;
  }
  return { serviceId, companyServiceId };
}

/** `POST prohibidates/{hashid}`: a closure of company {hashid} (own or managed), whole or of one service. */
export async function createClosure(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  companyHashid: string,
  body: TClosureBody,
): Promise<TClosure> {
  const company = await manageableCompany(ctx.db, ctx.ids, principal, companyHashid);
  const scope = await closureScope(ctx, company, body);
  const id = await ctx.db.transaction(async (tx) => {
    const id = await openingsRepository.insertClosure(tx, {
      companyId: company.id,
      ...scope,
      dateFrom: body.date_from,
      dateTo: body.date_to,
      reason: body.reason,
    });
    await recordAudit(tx, actorOf(request), {
      action: "closure.created",
      entity: "closure",
      entityId: id,
      companyId: company.id,
      detail: { date_from: body.date_from, date_to: body.date_to, ...scope },
    });
    return id;
  });
  return closureOf(ctx, principal, ctx.ids.encode(id));
}

/** A closure of a company the operator manages; anyone else's is a 404. */
async function manageableClosure(ctx: ModuleContext, principal: Principal, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await openingsRepository.findClosure(ctx.db, id);
  if (!row) throw notFound();
  const company = await repository.findCompany(ctx.db, row.closure.companyId);
  if (!company || !worksFor(principal, company)) throw notFound();
  return { row, company };
}

/** `GET prohibidates/{hashid}`. */
export async function closureOf(ctx: ModuleContext, principal: Principal, hashid: string): Promise<TClosure> {
  const { row } = await manageableClosure(ctx, principal, hashid);
  return presentClosure(ctx.ids, row);
}

/** `PUT prohibidates/{hashid}`: dates, reason and scope replaced. */
export async function updateClosure(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: TClosureBody,
): Promise<TClosure> {
  const { row, company } = await manageableClosure(ctx, principal, hashid);
  const scope = await closureScope(ctx, company, body);
  await ctx.db.transaction(async (tx) => {
    await openingsRepository.updateClosure(tx, row.closure.id, {
      ...scope,
      dateFrom: body.date_from,
      dateTo: body.date_to,
      reason: body.reason,
    });
    await recordAudit(tx, actorOf(request), {
      action: "closure.updated",
      entity: "closure",
      entityId: row.closure.id,
      companyId: company.id,
      detail: { date_from: body.date_from, date_to: body.date_to, ...scope },
    });
  });
  return closureOf(ctx, principal, hashid);
}

/** `DELETE prohibidates/{hashid}` (the spec lists no way to remove a closure; an operator needs one). */
export async function deleteClosure(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
): Promise<void> {
  const { row, company } = await manageableClosure(ctx, principal, hashid);
  await ctx.db.transaction(async (tx) => {
    await openingsRepository.deleteClosure(tx, row.closure.id);
    await recordAudit(tx, actorOf(request), {
      action: "closure.deleted",
      entity: "closure",
      entityId: row.closure.id,
      companyId: company.id,
    });
  });
}

/** `GET companies/{company}/prohibidates`: current and future closures (all with past=true). */
export async function companyClosures(
  ctx: ModuleContext,
  principal: Principal,
  companyHashid: string,
  past: boolean,
): Promise<TClosure[]> {
  const company = await manageableCompany(ctx.db, ctx.ids, principal, companyHashid);
  const today = zonedDate(Date.now(), company.timezone);
  const rows = await openingsRepository.listClosures(ctx.db, company.id, past ? null : today);
  return rows.map((row) => presentClosure(ctx.ids, row));
}
