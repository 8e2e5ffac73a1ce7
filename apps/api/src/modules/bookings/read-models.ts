import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { bookings } from "./tables.ts";

/**
 * Read models for other modules' queries (docs/architecture.md "Boundaries"): a company's patients
 * are, among others, the people who booked there, listed and paged by name in the patients module's
 * single query. These fragments put that in its query while this module keeps its table's SQL.
 */

/** The users who have bookings at the company, as a subquery (for `in` or `union`). */
export function bookingUserIds(companyId: number): SQL {
  return sql`select ${bookings.userId} from ${bookings} where ${bookings.companyId} = ${companyId}`;
}

/** How many bookings the user whose key is in `userId` has at the company. */
export function bookingCountOf(companyId: number, userId: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${bookings} where ${bookings.companyId} = ${companyId} and ${bookings.userId} = ${userId})`;
}
