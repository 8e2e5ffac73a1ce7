import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { companySubscriptions } from "./tables.ts";

export type NewCompanySubscription = typeof companySubscriptions.$inferInsert;

/** An active subscription to the ref covering the (Italian) date `day`: the gate's one condition. */
function covering(ref: number, day: string): SQL | undefined {
  return and(
    eq(companySubscriptions.positionRef, ref),
    eq(companySubscriptions.status, "active"),
    lte(companySubscriptions.startDate, day),
    or(isNull(companySubscriptions.endDate), gte(companySubscriptions.endDate, day)),
  );
}

/**
 * The gate as a condition of another module's query (billing/read-models.ts): the company whose key
 * is in `companyId` has a covering subscription.
 */
export function coveredCompany(companyId: AnyPgColumn, ref: number, day: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${companySubscriptions} where ${and(
    eq(companySubscriptions.companyId, companyId),
    covering(ref, day),
  )})`;
}

/** True when an active subscription of the company to the ref covers the (Italian) date `day`. */
export async function hasActiveSubscription(
  db: Executor,
  companyId: number,
  ref: number,
  day: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: companySubscriptions.id })
    .from(companySubscriptions)
    .where(and(eq(companySubscriptions.companyId, companyId), covering(ref, day)))
    .limit(1);
  return rows.length > 0;
}

/** The companies among `companyIds` with an active subscription to the ref on `day`. */
export async function subscribedCompanies(
  db: Executor,
  companyIds: number[],
  ref: number,
  day: string,
): Promise<number[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ companyId: companySubscriptions.companyId })
    .from(companySubscriptions)
    .where(and(inArray(companySubscriptions.companyId, companyIds), covering(ref, day)));
  return rows.map((row) => row.companyId);
}

export async function insertSubscriptions(db: Executor, values: NewCompanySubscription[]): Promise<void> {
  if (values.length > 0) await db.insert(companySubscriptions).values(values);
}

/** Companies that already have a subscription to the ref (the seed adds the missing ones only). */
export async function companiesWithSubscription(db: Executor, ref: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ companyId: companySubscriptions.companyId })
    .from(companySubscriptions)
    .where(eq(companySubscriptions.positionRef, ref));
  return new Set(rows.map((row) => row.companyId));
}
