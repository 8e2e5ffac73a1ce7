import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { coveredCompany } from "./repository.ts";
import { SUBSCRIPTION_GATED_REFS, subscriptionDay } from "./service.ts";

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
  return coveredCompany(companyId, ref, subscriptionDay(at));
}
