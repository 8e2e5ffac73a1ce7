import { and, eq, gte, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { zonedDate } from "../../platform/zoned-time.ts";
import { SUBSCRIPTION_GATED_REFS } from "./service.ts";
import { companySubscriptions } from "./tables.ts";

/** A subscription covers Italian days, as the gate of service.ts reads it. */
const TIME_ZONE = "Europe/Rome";

/**
 * Read models for other modules' queries (docs/architecture.md "Boundaries"): the subscription gate
 * as a condition of another module's list, so that a page of what subscribed companies offer is one
 * statement whatever the number of companies. Read only.
 */

/**
 * Whether the company whose key is in `companyId` may run the platform service `ref` at `at`
 * (isCompanyServiceActive's rule): for a gated ref, an active subscription covering that day.
 */
export function companyServiceActive(companyId: AnyPgColumn, ref: number, at: Date): SQL<boolean> {
  if (!SUBSCRIPTION_GATED_REFS.includes(ref)) return sql<boolean>`true`;
  const day = zonedDate(at.getTime(), TIME_ZONE);
  return sql<boolean>`exists (select 1 from ${companySubscriptions} where ${and(
    eq(companySubscriptions.companyId, companyId),
    eq(companySubscriptions.positionRef, ref),
    eq(companySubscriptions.status, "active"),
    lte(companySubscriptions.startDate, day),
    or(isNull(companySubscriptions.endDate), gte(companySubscriptions.endDate, day)),
  )})`;
}
