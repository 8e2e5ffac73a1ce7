import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { companies, healthServices, operators } from "./tables.ts";

export async function findMembership(db: Executor, userId: number) {
  const rows = await db
    .select({
      companyId: operators.companyId,
      role: operators.role,
      permissions: operators.permissions,
      active: operators.active,
      level: companies.level,
      companyName: companies.name,
    })
    .from(operators)
    .innerJoin(companies, eq(companies.id, operators.companyId))
    .where(eq(operators.userId, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCompany(db: Executor, companyId: number) {
  const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? null;
}

/** Company codes are matched exactly: they are handed out by the company's administrator. */
export async function findCompanyByCode(db: Executor, code: string) {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, code)).limit(1);
  return rows[0] ?? null;
}

export async function insertOperator(db: Executor, values: typeof operators.$inferInsert): Promise<void> {
  await db.insert(operators).values(values);
}

export function listActiveServices(db: Executor, companyId: number) {
  return db
    .select({ id: healthServices.id, name: healthServices.name, positionRef: healthServices.positionRef })
    .from(healthServices)
    .where(and(eq(healthServices.companyId, companyId), eq(healthServices.active, true)))
    .orderBy(healthServices.positionRef, healthServices.name);
}

export type NewCompany = typeof companies.$inferInsert;
export type NewHealthService = typeof healthServices.$inferInsert;
