import { and, asc, desc, eq, gt, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { qualified } from "../../db/qualified.ts";
import { insertCompanyWithCode } from "./company-codes.ts";
import { escapeLike } from "./services-repository.ts";
import { bookingCountsByCompany } from "./statistics-repository.ts";
import { companies, companyServices, healthServices, operators } from "./tables.ts";

/**
 * What the platform administrator's back office (modules/admin/companies, issue 14) reads and writes
 * of companies, their operators, platform services and health services: the data only. The rules,
 * the access checks and the audit entries are the admin module's use cases, which pass their
 * transaction here.
 */

export type AdminCompanyFilter = {
  q?: string;
  type?: string;
  subtype?: string;
  level?: number;
  regione?: string;
  provincia?: string;
  comune?: string;
  status?: "active" | "disabled";
};

function conditions(filter: AdminCompanyFilter): SQL | undefined {
  const list: Array<SQL | undefined> = [];
  if (filter.q) {
    const like = `%${escapeLike(filter.q.toLowerCase())}%`;
    list.push(
      sql`(lower(${companies.name}) like ${like} or lower(${companies.code}) like ${like} or lower(coalesce(${companies.email}, '')) like ${like} or coalesce(${companies.vatNumber}, '') like ${like})`,
    );
  }
  if (filter.type) list.push(eq(companies.kind, filter.type));
  if (filter.subtype) list.push(eq(companies.subtype, filter.subtype));
  if (filter.level !== undefined) list.push(eq(companies.level, filter.level));
  // Lowered, as the indexes of the search are (companies_regione_idx and the others).
  if (filter.regione) list.push(sql`lower(${companies.regione}) = ${filter.regione.toLowerCase()}`);
  if (filter.provincia) list.push(sql`lower(${companies.provincia}) = ${filter.provincia.toLowerCase()}`);
  if (filter.comune) list.push(sql`lower(${companies.comune}) = ${filter.comune.toLowerCase()}`);
  if (filter.status) list.push(eq(companies.active, filter.status === "active"));
  return and(...list);
}

/** Operators working for the company (not those it refused). */
const operatorCount = sql<number>`(select count(*)::int from ${operators} where ${operators.companyId} = ${qualified(companies.id)} and ${operators.approval} <> 'refused')`;

export type AdminCompanyRow = typeof companies.$inferSelect & { operatorCount: number };

const SORTS = {
  name: [asc(companies.name), asc(companies.id)],
  "-name": [desc(companies.name), desc(companies.id)],
  created_at: [asc(companies.createdAt), asc(companies.id)],
  "-created_at": [desc(companies.createdAt), desc(companies.id)],
} as const;

/** A page of companies, filtered, sorted on indexed columns (companies_name_idx, companies_created_idx). */
export async function listCompanies(
  db: Executor,
  filter: AdminCompanyFilter,
  options: { sort: keyof typeof SORTS; limit: number; offset: number },
): Promise<{ rows: AdminCompanyRow[]; total: number }> {
  const rows = await db
    .select({ company: companies, operatorCount, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(companies)
    .where(conditions(filter))
    .orderBy(...SORTS[options.sort])
    .limit(options.limit)
    .offset(options.offset);
  return {
    rows: rows.map((r) => ({ ...r.company, operatorCount: r.operatorCount })),
    total: rows[0]?.total ?? 0,
  };
}

/** The filtered companies after `afterId`, by key: the XLS export reads them in batches (constant memory). */
export async function companiesAfter(
  db: Executor,
  filter: AdminCompanyFilter,
  afterId: number,
  limit: number,
): Promise<AdminCompanyRow[]> {
  const rows = await db
    .select({ company: companies, operatorCount })
    .from(companies)
    .where(and(conditions(filter), gt(companies.id, afterId)))
    .orderBy(asc(companies.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.company, operatorCount: r.operatorCount }));
}

export async function companyWithCount(db: Executor, companyId: number): Promise<AdminCompanyRow | null> {
  const rows = await db
    .select({ company: companies, operatorCount })
    .from(companies)
    .where(eq(companies.id, companyId));
  const row = rows[0];
  return row ? { ...row.company, operatorCount: row.operatorCount } : null;
}

export { platformServicesWithHours } from "./openings-repository.ts";
// The back office names, describes and disables the platform services (admin/companies/platform-services.ts).
export { platformServiceSettings } from "./tables.ts";
export { bookingCountsByCompany };

/** A new company with a fresh unique 10-character code. */
export function insertCompany(db: Executor, values: Omit<typeof companies.$inferInsert, "code">) {
  return insertCompanyWithCode(db, values);
}

export async function updateCompany(
  db: Executor,
  companyId: number,
  values: Partial<typeof companies.$inferInsert>,
): Promise<void> {
  await db
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
}

/** Locks the company's row for the rest of the transaction (toggling, changing its administrators). */
export async function lockCompany(db: Executor, companyId: number) {
  const rows = await db.select().from(companies).where(eq(companies.id, companyId)).for("update");
  return rows[0] ?? null;
}

/** An approved membership with the company's administrator role, enabled: who gets the code, who may not go. */
export async function administratorIds(db: Executor, companyId: number, role: string): Promise<number[]> {
  const rows = await db
    .select({ userId: operators.userId })
    .from(operators)
    .where(
      and(
        eq(operators.companyId, companyId),
        eq(operators.role, role),
        eq(operators.approval, "approved"),
        eq(operators.active, true),
      ),
    )
    .orderBy(asc(operators.userId));
  return rows.map((r) => r.userId);
}

/** Any user's membership (whatever its state), for an action on an operator by user id. */
export async function membershipRow(db: Executor, userId: number) {
  const rows = await db.select().from(operators).where(eq(operators.userId, userId)).limit(1);
  return rows[0] ?? null;
}

export async function insertOperator(db: Executor, values: typeof operators.$inferInsert): Promise<void> {
  await db.insert(operators).values(values);
}

/** Detaches an operator from their company: the membership goes, the user stays. */
export async function deleteMembership(db: Executor, companyId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(operators)
    .where(and(eq(operators.companyId, companyId), eq(operators.userId, userId)))
    .returning({ id: operators.id });
  return rows.length > 0;
}

export async function setRole(
  db: Executor,
  companyId: number,
  userId: number,
  values: { role: string; permissions: string[] },
): Promise<void> {
  await db
    .update(operators)
    .set(values)
    .where(and(eq(operators.companyId, companyId), eq(operators.userId, userId), ne(operators.approval, "refused")));
}

/** Creates the company's platform service, or changes it: the administrator enables services per company. */
export async function upsertCompanyService(
  db: Executor,
  companyId: number,
  positionRef: number,
  values: { active: boolean; payedByCompany: boolean; payedByCitizen: boolean },
) {
  const rows = await db
    .insert(companyServices)
    .values({ companyId, positionRef, ...values })
    .onConflictDoUpdate({ target: [companyServices.companyId, companyServices.positionRef], set: values })
    .returning();
  return rows[0] as typeof companyServices.$inferSelect;
}

export async function insertHealthServices(db: Executor, rows: Array<typeof healthServices.$inferInsert>) {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(healthServices).values(rows).returning({ id: healthServices.id });
  return inserted.length;
}

/** How many active companies run each platform service actively (the administrator's services page). */
export async function activeCompaniesPerRef(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ positionRef: companyServices.positionRef, count: sql<number>`count(*)::int` })
    .from(companyServices)
    .innerJoin(companies, eq(companies.id, companyServices.companyId))
    .where(and(eq(companyServices.active, true), eq(companies.active, true)))
    .groupBy(companyServices.positionRef);
  return new Map(rows.map((r) => [r.positionRef, Number(r.count)]));
}

/** Every company's health services, filtered (name contains, company, platform service, state), by name. */
export async function listAllHealthServices(
  db: Executor,
  filter: { q?: string; companyId?: number; positionRef?: number; active?: boolean },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.q ? sql`lower(${healthServices.name}) like ${`%${escapeLike(filter.q.toLowerCase())}%`}` : undefined,
    filter.companyId !== undefined ? eq(healthServices.companyId, filter.companyId) : undefined,
    filter.positionRef !== undefined ? eq(healthServices.positionRef, filter.positionRef) : undefined,
    filter.active !== undefined ? eq(healthServices.active, filter.active) : undefined,
  );
  const rows = await db
    .select({
      id: healthServices.id,
      name: healthServices.name,
      positionRef: healthServices.positionRef,
      slotMinutes: healthServices.slotMinutes,
      priceCents: healthServices.priceCents,
      active: healthServices.active,
      companyId: companies.id,
      companyName: companies.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(healthServices)
    .innerJoin(companies, eq(companies.id, healthServices.companyId))
    .where(where)
    .orderBy(asc(healthServices.name), asc(healthServices.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}
