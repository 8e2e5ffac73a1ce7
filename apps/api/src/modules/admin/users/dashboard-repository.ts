import { and, count, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
// Read-only counts (.dependency-cruiser.cjs names why).
import { bookings } from "../../bookings/tables.ts";
import { companies } from "../../companies/tables.ts";
import { users } from "../../identity/tables.ts";
import { teleconsults } from "../../teleconsult/tables.ts";
import { periodStart } from "./repository.ts";

const today = periodStart("day");
const tomorrow = sql`(${today} + interval '1 day')`;

/** The figures of `GET utilities/dati/app`, each one aggregate query. */
export async function dashboardFigures(db: Executor) {
  const byType = db
    .select({ type: users.type, n: count() })
    .from(users)
    .where(isNull(users.deletedAt))
    .groupBy(users.type);
  const registrations = db
    .select({
      today: sql<number>`count(*) filter (where ${users.createdAt} >= ${today})`.mapWith(Number),
      week: count(),
    })
    .from(users)
    .where(and(isNull(users.deletedAt), gte(users.createdAt, sql`least(${today}, ${periodStart("week")})`)));
  const activeCompanies = db.select({ n: count() }).from(companies).where(eq(companies.active, true));
  const bookingsToday = db
    .select({ status: bookings.status, n: count() })
    .from(bookings)
    .where(and(gte(bookings.startAt, today), lt(bookings.startAt, tomorrow)))
    .groupBy(bookings.status);
  // A teleconsultation of today: its appointment is today, or (quick and paediatric requests, with no
  // appointment) it was asked today. Two counts added in one statement, each on its own index
  // (bookings' start, teleconsults' creation): an `or` of the two read every booking without a start.
  const teleconsultsToday = db
    .execute(
      sql`select (select count(*) from ${teleconsults} join ${bookings} on ${bookings.id} = ${teleconsults.bookingId}
          where ${bookings.startAt} >= ${today} and ${bookings.startAt} < ${tomorrow})
        + (select count(*) from ${teleconsults} join ${bookings} on ${bookings.id} = ${teleconsults.bookingId}
          where ${bookings.startAt} is null and ${teleconsults.createdAt} >= ${today} and ${teleconsults.createdAt} < ${tomorrow}) as n`,
    )
    // Both drivers answer { rows }; a count may come back as a string (bigint).
    .then((result) => [{ n: Number((result as { rows: Array<{ n: string | number }> }).rows[0]?.n ?? 0) }]);
  const [types, regs, active, statuses, tele] = await Promise.all([
    byType,
    registrations,
    activeCompanies,
    bookingsToday,
    teleconsultsToday,
  ]);
  return {
    types,
    registrations: regs[0] ?? { today: 0, week: 0 },
    activeCompanies: active[0]?.n ?? 0,
    statuses,
    teleconsults: tele[0]?.n ?? 0,
  };
}
