import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
// Read-only use of the bookings module's table: statistics group and count bookings per status,
// service and period in SQL. Going through the bookings service would mean loading every booking
// of the range into memory; nothing here writes to it (architecture.md, "Boundaries").
import { bookings } from "../bookings/tables.ts";
// Read-only too: whether a reminder of a booking was sent, for the no-show rates with and without
// reminders, in the same grouped query (one EXISTS on reminder_sends' (booking_id, …) unique index).
import { reminderSends } from "../notifications/tables.ts";
import { healthServices } from "./tables.ts";

export interface StatisticsWindow {
  companyId: number;
  /** Instants (epoch ms): from included, until excluded. */
  from: number;
  until: number;
  timeZone: string;
  interval: "day" | "week" | "month";
}

/** A booking's date: its appointment, or when it was made for an order with no appointment. */
const bookedAt = sql`coalesce(${bookings.startAt}, ${bookings.createdAt})`;

const inWindow = (w: StatisticsWindow) =>
  and(
    eq(bookings.companyId, w.companyId),
    sql`${bookedAt} >= ${new Date(w.from).toISOString()}::timestamptz`,
    sql`${bookedAt} < ${new Date(w.until).toISOString()}::timestamptz`,
  );

export function countByStatus(db: Executor, w: StatisticsWindow) {
  return db
    .select({ status: bookings.status, count: count() })
    .from(bookings)
    .where(inWindow(w))
    .groupBy(bookings.status);
}

export function countByService(db: Executor, w: StatisticsWindow) {
  return db
    .select({ serviceId: healthServices.id, name: healthServices.name, count: count() })
    .from(bookings)
    .leftJoin(healthServices, eq(healthServices.id, bookings.healthServiceId))
    .where(inWindow(w))
    .groupBy(healthServices.id, healthServices.name)
    .orderBy(desc(count()), healthServices.name);
}

/** Counts per local period start (YYYY-MM-DD in the company's zone) and status. */
export async function countByPeriod(db: Executor, w: StatisticsWindow) {
  // The interval is one of three literals checked by the contract, never user text.
  const unit = sql.raw(`'${w.interval}'`);
  const period = sql<string>`to_char(date_trunc(${unit}, ${bookedAt} at time zone ${w.timeZone}), 'YYYY-MM-DD')`;
  return (
    db
      .select({ period, status: bookings.status, count: count() })
      .from(bookings)
      .where(inWindow(w))
      // By position: the same expression written twice would carry two different bind parameters.
      .groupBy(sql`1`, sql`2`)
  );
}

/**
 * Appointments of the window closed as evaso or non presentato, per health service, local month and
 * whether a reminder of the booking was sent (on any channel): the no-show rates' figures.
 */
export function noShowCounts(db: Executor, w: StatisticsWindow) {
  const month = sql<string>`to_char(date_trunc('month', ${bookings.startAt} at time zone ${w.timeZone}), 'YYYY-MM-DD')`;
  const reminded = sql<boolean>`exists (select 1 from ${reminderSends} where ${reminderSends.bookingId} = ${bookings.id} and ${reminderSends.status} = 'sent')`;
  return (
    db
      .select({
        serviceId: healthServices.id,
        name: healthServices.name,
        month,
        reminded,
        served: sql<number>`count(*) filter (where ${bookings.status} = 'evaso')`.mapWith(Number),
        noShows: sql<number>`count(*) filter (where ${bookings.status} = 'non_presentato')`.mapWith(Number),
      })
      .from(bookings)
      .innerJoin(healthServices, eq(healthServices.id, bookings.healthServiceId))
      .where(and(inWindow(w), inArray(bookings.status, ["evaso", "non_presentato"]), isNotNull(bookings.startAt)))
      // By position, as countByPeriod: the month's expression carries its own bind parameter.
      .groupBy(sql`1`, sql`2`, sql`3`, sql`4`)
  );
}

/**
 * Bookings per company and status for the administrator's massive report (POST companies/massive/report):
 * one grouped read over the selected companies, optionally within local dates (appointment, or order day).
 */
export function bookingCountsByCompany(
  db: Executor,
  companyIds: number[],
  range: { from?: string; to?: string } = {},
): Promise<Array<{ companyId: number; status: string; count: number }>> {
  if (companyIds.length === 0) return Promise.resolve([]);
  const day = sql`(${bookedAt} at time zone 'Europe/Rome')::date`;
  return db
    .select({ companyId: bookings.companyId, status: bookings.status, count: count() })
    .from(bookings)
    .where(
      and(
        inArray(bookings.companyId, companyIds),
        range.from ? sql`${day} >= ${range.from}::date` : undefined,
        range.to ? sql`${day} <= ${range.to}::date` : undefined,
      ),
    )
    .groupBy(bookings.companyId, bookings.status);
}
