import { and, count, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
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
  // appointment) it was asked today.
  const teleconsultsToday = db
    .select({ n: count() })
    .from(teleconsults)
    .innerJoin(bookings, eq(bookings.id, teleconsults.bookingId))
    .where(
      or(
        and(gte(bookings.startAt, today), lt(bookings.startAt, tomorrow)),
        and(isNull(bookings.startAt), gte(teleconsults.createdAt, today), lt(teleconsults.createdAt, tomorrow)),
      ),
    );
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
