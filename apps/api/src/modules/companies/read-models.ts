import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { careRelationships, companies, healthServices, operators } from "./tables.ts";

/**
 * Read models for other modules' queries (docs/architecture.md "Boundaries"). A list of bookings or
 * patients shows a company's or a health service's name, and filters by a platform service or by the
 * care circle, in its own single query, paged and sorted in SQL: these fragments put that in the
 * other module's query while this module keeps the SQL of its tables. Read only.
 */

/** A membership as `membershipOfUser` returns it; `membershipFromRow` (service.ts) makes it a Membership. */
export interface MembershipRow {
  companyId: number;
  role: string;
  permissions: string[];
  active: boolean;
  approval: "pending" | "approved" | "refused";
  level: number;
  /** False when a platform administrator disabled the company: its operators count as suspended. */
  companyActive?: boolean;
}

/**
 * The operator membership of the user whose key is in `userId`, as JSON (null for anyone else): the
 * session lookup, which runs on every request, reads it in its own query instead of a second one.
 */
export function membershipOfUser(userId: AnyPgColumn): SQL<MembershipRow | null> {
  return sql<MembershipRow | null>`(select json_build_object('companyId', ${operators.companyId}, 'role', ${operators.role}, 'permissions', ${operators.permissions}, 'active', ${operators.active}, 'approval', ${operators.approval}, 'level', ${companies.level}, 'companyActive', ${companies.active}) from ${operators} join ${companies} on ${companies.id} = ${operators.companyId} where ${operators.userId} = ${userId} limit 1)`;
}

/** The name of the company whose key is in `companyId` (a scalar subquery). */
export function companyName(companyId: AnyPgColumn): SQL<string> {
  return sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${companyId})`;
}

/** The name of the health service whose key is in `healthServiceId`; null when the key is null (an order). */
export function healthServiceName(healthServiceId: AnyPgColumn): SQL<string | null> {
  return sql<
    string | null
  >`(select ${healthServices.name} from ${healthServices} where ${healthServices.id} = ${healthServiceId})`;
}

/** The keys of a company's health services under a platform service ref, as a subquery for `in`. */
export function healthServiceIdsUnder(companyId: number, positionRef: number): SQL {
  return sql`(select ${healthServices.id} from ${healthServices} where ${healthServices.companyId} = ${companyId} and ${healthServices.positionRef} = ${positionRef})`;
}

/** The users who have the company in their care circle, as a subquery (for `in` or `union`). */
export function careCircleUserIds(companyId: number): SQL {
  return sql`select ${careRelationships.userId} from ${careRelationships} where ${careRelationships.companyId} = ${companyId}`;
}

/** Whether the user whose key is in `userId` has the company in their care circle. */
export function inCareCircle(companyId: number, userId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${careRelationships} where ${careRelationships.companyId} = ${companyId} and ${careRelationships.userId} = ${userId})`;
}

type HealthServiceSettings = { id: number; companyId: number; slotMinutes: number; active: boolean };

function selectHealthServiceSettings(db: Executor, id: number) {
  return db
    .select({
      id: healthServices.id,
      companyId: healthServices.companyId,
      slotMinutes: healthServices.slotMinutes,
      active: healthServices.active,
    })
    .from(healthServices)
    .where(eq(healthServices.id, id))
    .limit(1);
}

/**
 * Locks a health service's row for the rest of the transaction: every booking of one health service
 * takes this lock first, so two bookings racing for its last free slot check availability one after
 * the other. Its company, its slot length and whether it takes bookings come with it.
 */
export async function lockHealthService(db: Executor, id: number): Promise<HealthServiceSettings | null> {
  const rows = await selectHealthServiceSettings(db, id).for("update");
  return rows[0] ?? null;
}

/** A health service's company, slot length and state (a recurring reservation's). */
export async function healthServiceSettings(db: Executor, id: number): Promise<HealthServiceSettings | null> {
  const rows = await selectHealthServiceSettings(db, id);
  return rows[0] ?? null;
}
