import {
  ADMIN_REPORTS_MESSAGES,
  fieldError,
  REPORTS_MAX_DAYS,
  type TActivityReport,
  type TGrowthReport,
  type TRegistrationsReport,
  type TReportsOverview,
  type TReportsQuery,
} from "@cura/domain";
import type { ModuleContext } from "../../../platform/module.ts";
import { addDays, daysBetween, zonedDate } from "../../../platform/zoned-time.ts";
import * as repository from "./repository.ts";

/**
 * The reports' use cases (issue 14). Every route is for type 2 (the route's rule); the figures come
 * from the rollups only, so a dashboard costs the same whatever the size of the platform.
 */

/** The filters with their defaults: the last year up to today (Italian days), every region. */
export function rangeOf(query: TReportsQuery, now = Date.now()): repository.Range {
  const to = query.to ?? zonedDate(now, "Europe/Rome");
  const from = query.from ?? addDays(to, -364);
  // The contract checks a range given whole; one given by its start alone is checked here.
  if (from > to) throw fieldError("from", ADMIN_REPORTS_MESSAGES.rangeInvalid);
  if (daysBetween(from, to) > REPORTS_MAX_DAYS) throw fieldError("from", ADMIN_REPORTS_MESSAGES.rangeTooLong);
  return { from, to, region: query.region ? query.region : null };
}

export async function overview(ctx: ModuleContext): Promise<TReportsOverview> {
  const [regions, updated] = await Promise.all([repository.regions(ctx.db), repository.lastRun(ctx.db)]);
  const [registrations, growth, activity] = ctx.config.reports.embedUrls;
  return {
    embeds: { registrations: registrations ?? null, growth: growth ?? null, activity: activity ?? null },
    regions,
    updated_at: updated ? updated.toISOString() : null,
  };
}

export async function registrations(ctx: ModuleContext, query: TReportsQuery): Promise<TRegistrationsReport> {
  const range = rangeOf(query);
  const [weeks, companies, services] = await Promise.all([
    repository.weeklyRegistrations(ctx.db, range),
    repository.servicesByCompany(ctx.db, range),
    repository.bookingsByService(ctx.db, range),
  ]);
  return {
    ...range,
    weeks,
    services_by_company: companies.map((c) => ({
      company: ctx.ids.encode(c.companyId),
      name: c.name,
      active_services: c.activeServices,
    })),
    bookings_by_service: services.map((s) => ({ position_ref: s.positionRef, bookings: s.bookings })),
  };
}

export async function growth(ctx: ModuleContext, query: TReportsQuery): Promise<TGrowthReport> {
  const range = rangeOf(query);
  const [before, rows] = await Promise.all([
    repository.citizensBefore(ctx.db, range),
    repository.citizensPerDay(ctx.db, range),
  ]);
  const days = Array.from({ length: daysBetween(range.from, range.to) + 1 }, (_, i) => addDays(range.from, i));
  const index = new Map(days.map((d, i) => [d, i]));
  const perRegion = new Map<string, number[]>();
  const series = (region: string) => {
    let points = perRegion.get(region);
    if (!points) {
      points = new Array<number>(days.length).fill(0);
      perRegion.set(region, points);
    }
    return points;
  };
  for (const b of before) series(b.region).fill(b.n);
  // Each day's registrations, then a running sum per region.
  const added = new Map<string, number[]>();
  for (const row of rows) {
    const i = index.get(row.day);
    if (i === undefined || row.n === 0) continue;
    series(row.region);
    const list = added.get(row.region) ?? new Array<number>(days.length).fill(0);
    list[i] = (list[i] ?? 0) + row.n;
    added.set(row.region, list);
  }
  for (const [region, list] of added) {
    const points = series(region);
    let sum = 0;
    for (let i = 0; i < days.length; i++) {
      sum += list[i] ?? 0;
      points[i] = (points[i] ?? 0) + sum;
    }
  }
  const total = days.map((_, i) => [...perRegion.values()].reduce((s, p) => s + (p[i] ?? 0), 0));
  const by_region = [...perRegion.entries()]
    .map(([region, points]) => ({ region, points }))
    .sort((a, b) => (b.points.at(-1) ?? 0) - (a.points.at(-1) ?? 0) || a.region.localeCompare(b.region, "it"));
  return { ...range, days, total, by_region };
}

export async function activity(ctx: ModuleContext, query: TReportsQuery): Promise<TActivityReport> {
  const range = rangeOf(query);
  const rows = new Map((await repository.activityPerDay(ctx.db, range)).map((r) => [r.day, r]));
  let active = 0;
  let returning = 0;
  const days = Array.from({ length: daysBetween(range.from, range.to) + 1 }, (_, i) => {
    const day = addDays(range.from, i);
    const row = rows.get(day);
    active += row?.active ?? 0;
    returning += row?.returning ?? 0;
    return {
      day,
      active_citizens: row?.active ?? 0,
      bookings: row?.bookings ?? 0,
      teleconsults: row?.teleconsults ?? 0,
      readings: row?.readings ?? 0,
      returning_share: row && row.active > 0 ? row.returning / row.active : null,
    };
  });
  return { ...range, days, returning_share: active > 0 ? returning / active : null };
}
