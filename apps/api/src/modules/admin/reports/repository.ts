import { and, between, desc, eq, lte, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { reportCompanyServices, reportDailyActivity, reportDailyServiceBookings, reportRollupState } from "./tables.ts";

/** Reads of the dashboards: the rollups only (tables.ts), filtered on their indexed day and region. */

export interface Range {
  from: string;
  to: string;
  region: string | null;
}

const activityWhere = (r: Range) =>
  and(
    between(reportDailyActivity.day, r.from, r.to),
    r.region === null ? undefined : eq(reportDailyActivity.region, r.region),
  );

export async function regions(db: Executor): Promise<string[]> {
  const [people, places] = await Promise.all([
    db.selectDistinct({ region: reportDailyActivity.region }).from(reportDailyActivity),
    db.selectDistinct({ region: reportCompanyServices.region }).from(reportCompanyServices),
  ]);
  const names = new Set([...people, ...places].map((r) => r.region).filter((r) => r !== ""));
  return [...names].sort((a, b) => a.localeCompare(b, "it"));
}

export async function lastRun(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ at: reportRollupState.lastRunAt }).from(reportRollupState).limit(1);
  return row?.at ?? null;
}

/** Registrations by type per ISO week (Monday). */
export async function weeklyRegistrations(db: Executor, r: Range) {
  const week = sql<string>`to_char(date_trunc('week', ${reportDailyActivity.day}), 'YYYY-MM-DD')`;
  return db
    .select({
      week,
      citizens: sql<number>`sum(${reportDailyActivity.registeredCitizens})::int`,
      operators: sql<number>`sum(${reportDailyActivity.registeredOperators})::int`,
      admins: sql<number>`sum(${reportDailyActivity.registeredAdmins})::int`,
    })
    .from(reportDailyActivity)
    .where(activityWhere(r))
    .groupBy(week)
    .orderBy(week);
}

/** The latest snapshot up to `to`: the companies with the most active services. */
export async function servicesByCompany(db: Executor, r: Range, limit = 15) {
  const [latest] = await db
    .select({ day: reportCompanyServices.day })
    .from(reportCompanyServices)
    .where(lte(reportCompanyServices.day, r.to))
    .orderBy(desc(reportCompanyServices.day))
    .limit(1);
  if (!latest) return [];
  return db
    .select({
      companyId: reportCompanyServices.companyId,
      name: reportCompanyServices.name,
      activeServices: reportCompanyServices.activeServices,
    })
    .from(reportCompanyServices)
    .where(
      and(
        eq(reportCompanyServices.day, latest.day),
        r.region === null ? undefined : eq(reportCompanyServices.region, r.region),
      ),
    )
    .orderBy(desc(reportCompanyServices.activeServices), reportCompanyServices.name)
    .limit(limit);
}

export async function bookingsByService(db: Executor, r: Range) {
  return db
    .select({
      positionRef: reportDailyServiceBookings.positionRef,
      bookings: sql<number>`sum(${reportDailyServiceBookings.bookings})::int`,
    })
    .from(reportDailyServiceBookings)
    .where(
      and(
        between(reportDailyServiceBookings.day, r.from, r.to),
        r.region === null ? undefined : eq(reportDailyServiceBookings.region, r.region),
      ),
    )
    .groupBy(reportDailyServiceBookings.positionRef)
    .orderBy(reportDailyServiceBookings.positionRef);
}

/** Citizens registered before `from`, per region: the cumulative series' starting points. */
export async function citizensBefore(db: Executor, r: Range) {
  return db
    .select({
      region: reportDailyActivity.region,
      n: sql<number>`sum(${reportDailyActivity.registeredCitizens})::int`,
    })
    .from(reportDailyActivity)
    .where(
      and(
        sql`${reportDailyActivity.day} < ${r.from}::date`,
        r.region === null ? undefined : eq(reportDailyActivity.region, r.region),
      ),
    )
    .groupBy(reportDailyActivity.region);
}

/** The range's rows per day and region (registrations of citizens). */
export async function citizensPerDay(db: Executor, r: Range) {
  return db
    .select({
      day: sql<string>`to_char(${reportDailyActivity.day}, 'YYYY-MM-DD')`,
      region: reportDailyActivity.region,
      n: reportDailyActivity.registeredCitizens,
    })
    .from(reportDailyActivity)
    .where(activityWhere(r));
}

export async function activityPerDay(db: Executor, r: Range) {
  const day = sql<string>`to_char(${reportDailyActivity.day}, 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      active: sql<number>`sum(${reportDailyActivity.activeCitizens})::int`,
      returning: sql<number>`sum(${reportDailyActivity.returningCitizens})::int`,
      bookings: sql<number>`sum(${reportDailyActivity.bookings})::int`,
      teleconsults: sql<number>`sum(${reportDailyActivity.teleconsults})::int`,
      readings: sql<number>`sum(${reportDailyActivity.readings})::int`,
    })
    .from(reportDailyActivity)
    .where(activityWhere(r))
    .groupBy(reportDailyActivity.day)
    .orderBy(reportDailyActivity.day);
}
