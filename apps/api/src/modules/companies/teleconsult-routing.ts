import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { careRelationships, companies, companyServices, operators } from "./tables.ts";

/**
 * For the teleconsult module's routing (issue 10): the companies that may answer a quick or
 * paediatric request now. A company qualifies when it is active, runs the platform service actively,
 * and one of the operators switched on (`operatorUserIds`, whose switches the teleconsult module
 * owns) is its enabled, approved operator holding the service's permission string; of those, the
 * citizen's care-circle companies and the companies of the citizen's province. One statement.
 */
export interface TeleconsultRoutingCandidate {
  companyId: number;
  name: string;
  comune: string | null;
  /** In the citizen's province. */
  inProvince: boolean;
  inCircle: boolean;
  preferred: boolean;
  /** The operators of `operatorUserIds` who qualify there (the popups go to them). */
  operatorUserIds: number[];
}

export async function teleconsultRoutingCandidates(
  db: Executor,
  input: {
    ref: number;
    permission: string;
    operatorUserIds: number[];
    citizenUserId: number;
    provincia: string | null;
  },
): Promise<TeleconsultRoutingCandidate[]> {
  if (input.operatorUserIds.length === 0) return [];
  const rows = await db
    .select({
      companyId: companies.id,
      name: companies.name,
      comune: companies.comune,
      inProvince:
        input.provincia === null
          ? sql<boolean>`false`
          : sql<boolean>`coalesce(lower(${companies.provincia}) = lower(${input.provincia}), false)`,
      inCircle: sql<boolean>`bool_or(${careRelationships.userId} is not null)`,
      preferred: sql<boolean>`coalesce(bool_or(${careRelationships.preferred}), false)`,
      operatorUserIds: sql<number[]>`array_agg(distinct ${operators.userId})`,
    })
    .from(companies)
    .innerJoin(
      companyServices,
      and(
        eq(companyServices.companyId, companies.id),
        eq(companyServices.positionRef, input.ref),
        eq(companyServices.active, true),
      ),
    )
    .innerJoin(
      operators,
      and(
        eq(operators.companyId, companies.id),
        inArray(operators.userId, input.operatorUserIds),
        eq(operators.active, true),
        eq(operators.approval, "approved"),
        sql`${input.permission} = any(${operators.permissions})`,
      ),
    )
    .leftJoin(
      careRelationships,
      and(eq(careRelationships.companyId, companies.id), eq(careRelationships.userId, input.citizenUserId)),
    )
    .where(
      and(
        eq(companies.active, true),
        input.provincia === null
          ? sql`${careRelationships.userId} is not null`
          : sql`(${careRelationships.userId} is not null or lower(${companies.provincia}) = lower(${input.provincia}))`,
      ),
    )
    .groupBy(companies.id, companies.name, companies.comune, companies.provincia)
    .orderBy(companies.name, companies.id);
  return rows.map((row) => ({ ...row, operatorUserIds: row.operatorUserIds.map(Number) }));
}

/** Whether the company runs the platform service `ref` actively (company_services). */
export async function runsPlatformService(db: Executor, companyId: number, ref: number): Promise<boolean> {
  const rows = await db
    .select({ id: companyServices.id })
    .from(companyServices)
    .where(
      and(
        eq(companyServices.companyId, companyId),
        eq(companyServices.positionRef, ref),
        eq(companyServices.active, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
