import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import {
  companies,
  companyServices,
  healthServices,
  libraryItems,
  operators,
  platformServiceSettings,
} from "./tables.ts";

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyServiceRow = typeof companyServices.$inferSelect;
export type LibraryItemRow = typeof libraryItems.$inferSelect;

export async function findMembership(db: Executor, userId: number) {
  const rows = await db
    .select({
      companyId: operators.companyId,
      role: operators.role,
      permissions: operators.permissions,
      active: operators.active,
      approval: operators.approval,
      level: companies.level,
      companyName: companies.name,
      companyActive: companies.active,
    })
    .from(operators)
    .innerJoin(companies, eq(companies.id, operators.companyId))
    .where(eq(operators.userId, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCompany(db: Executor, companyId: number): Promise<CompanyRow | null> {
  const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? null;
}

const companyById = preparedQuery((db) =>
  db
    .select()
    .from(companies)
    .where(eq(companies.id, sql.placeholder("companyId")))
    .limit(1)
    .prepare("companies_company_by_id"),
);
const servicesOfCompany = preparedQuery((db) =>
  db
    .select()
    .from(companyServices)
    .where(eq(companyServices.companyId, sql.placeholder("companyId")))
    .orderBy(companyServices.positionRef)
    .prepare("companies_services_of_company"),
);
const libraryOfCompany = preparedQuery((db) =>
  db
    .select()
    .from(libraryItems)
    .where(eq(libraryItems.companyId, sql.placeholder("companyId")))
    .orderBy(asc(libraryItems.label), asc(libraryItems.id))
    .prepare("companies_library_of_company"),
);

/**
 * The company, its platform services and its library, as prepared statements sent together: every
 * `GET users/fresh/me` of an operator reads them (the company summary).
 */
export async function summaryReads(db: Database, companyId: number) {
  const [rows, services, library] = await Promise.all([
    companyById(db).execute({ companyId }),
    servicesOfCompany(db).execute({ companyId }),
    libraryOfCompany(db).execute({ companyId }),
  ]);
  return { company: rows[0] ?? null, services, library };
}

export async function findCompaniesByIds(db: Executor, ids: number[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(companies).where(inArray(companies.id, ids));
}

/** By code in its stored form (normalizeCompanyCode): active companies only. */
export async function findCompanyByCode(db: Executor, code: string) {
  const rows = await db
    .select({ id: companies.id, name: companies.name, kind: companies.kind })
    .from(companies)
    .where(and(eq(companies.code, code), eq(companies.active, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateCompany(
  db: Executor,
  companyId: number,
  values: Partial<typeof companies.$inferInsert>,
): Promise<CompanyRow> {
  const rows = await db
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId))
    .returning();
  return rows[0] as CompanyRow;
}

/** The monitoring room citizens reach by default: the flagged one, else the oldest active room. */
export async function findDefaultControlRoom(db: Executor, level: number): Promise<CompanyRow | null> {
  const rows = await db
    .select()
    .from(companies)
    .where(and(eq(companies.level, level), eq(companies.active, true)))
    .orderBy(sql`${companies.defaultControlRoom} desc`, asc(companies.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertOperator(db: Executor, values: typeof operators.$inferInsert): Promise<void> {
  await db.insert(operators).values(values);
}

// ─── Platform services of companies ──────────────────────────────────────────────────────────

export function listCompanyServices(db: Executor, companyId: number): Promise<CompanyServiceRow[]> {
  return db
    .select()
    .from(companyServices)
    .where(eq(companyServices.companyId, companyId))
    .orderBy(companyServices.positionRef);
}

/** Active platform services of several companies at once (search results, care circle). */
export function listActiveServicesOf(db: Executor, companyIds: number[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .select({ companyId: companyServices.companyId, positionRef: companyServices.positionRef })
    .from(companyServices)
    .where(and(inArray(companyServices.companyId, companyIds), eq(companyServices.active, true)))
    .orderBy(companyServices.companyId, companyServices.positionRef);
}

export async function findCompanyService(
  db: Executor,
  companyId: number,
  positionRef: number,
): Promise<CompanyServiceRow | null> {
  const rows = await db
    .select()
    .from(companyServices)
    .where(and(eq(companyServices.companyId, companyId), eq(companyServices.positionRef, positionRef)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A company's platform service as a citizen reaches it: `active` only when the company runs it and
 * the back office has not disabled it for the whole platform (platform_service_settings), in one read.
 */
export async function findOfferedCompanyService(
  db: Executor,
  companyId: number,
  positionRef: number,
): Promise<CompanyServiceRow | null> {
  const rows = await db
    .select({ service: companyServices, platformEnabled: platformServiceSettings.enabled })
    .from(companyServices)
    .leftJoin(platformServiceSettings, eq(platformServiceSettings.positionRef, companyServices.positionRef))
    .where(and(eq(companyServices.companyId, companyId), eq(companyServices.positionRef, positionRef)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.service, active: row.service.active && row.platformEnabled !== false } : null;
}

export async function updateCompanyService(
  db: Executor,
  id: number,
  values: Partial<typeof companyServices.$inferInsert>,
): Promise<CompanyServiceRow> {
  const rows = await db.update(companyServices).set(values).where(eq(companyServices.id, id)).returning();
  return rows[0] as CompanyServiceRow;
}

/** Position refs that at least one active company runs actively. */
export async function listOfferedRefs(db: Executor): Promise<number[]> {
  const rows = await db
    .selectDistinct({ positionRef: companyServices.positionRef })
    .from(companyServices)
    .innerJoin(companies, eq(companies.id, companyServices.companyId))
    .where(and(eq(companyServices.active, true), eq(companies.active, true)));
  return rows.map((r) => r.positionRef);
}

/** Kept for the operator's company summary: its active health services. */
export function listActiveHealthServices(db: Executor, companyId: number) {
  return db
    .select({ id: healthServices.id, name: healthServices.name, positionRef: healthServices.positionRef })
    .from(healthServices)
    .where(and(eq(healthServices.companyId, companyId), eq(healthServices.active, true)))
    .orderBy(healthServices.positionRef, healthServices.name);
}

// ─── Library (bancadati) ─────────────────────────────────────────────────────────────────────

export function listLibraryItems(db: Executor, companyId: number): Promise<LibraryItemRow[]> {
  return db
    .select()
    .from(libraryItems)
    .where(eq(libraryItems.companyId, companyId))
    .orderBy(asc(libraryItems.label), asc(libraryItems.id));
}

export async function findLibraryItem(db: Executor, companyId: number, id: number): Promise<LibraryItemRow | null> {
  const rows = await db
    .select()
    .from(libraryItems)
    .where(and(eq(libraryItems.id, id), eq(libraryItems.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertLibraryItem(db: Executor, values: typeof libraryItems.$inferInsert) {
  const rows = await db.insert(libraryItems).values(values).returning();
  return rows[0] as LibraryItemRow;
}

export async function updateLibraryItem(
  db: Executor,
  companyId: number,
  id: number,
  values: Partial<typeof libraryItems.$inferInsert>,
): Promise<LibraryItemRow | null> {
  const rows = await db
    .update(libraryItems)
    .set(values)
    .where(and(eq(libraryItems.id, id), eq(libraryItems.companyId, companyId)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteLibraryItem(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(libraryItems)
    .where(and(eq(libraryItems.id, id), eq(libraryItems.companyId, companyId)))
    .returning({ id: libraryItems.id });
  return rows.length > 0;
}

/** Whether a stored file is some company's picture (public to signed-in users). */
export async function isCompanyPicture(db: Executor, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.pictureFileId, fileId))
    .limit(1);
  return rows.length > 0;
}

export type NewCompany = typeof companies.$inferInsert;
export type NewHealthService = typeof healthServices.$inferInsert;
