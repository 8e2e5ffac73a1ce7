import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { companyName } from "../../companies/index.ts";
import { asl, aslCompanies } from "./tables.ts";

export type AslRow = typeof asl.$inferSelect;

/** Every ASL, or those of one ISTAT region, by region and name (the region index). */
export async function listAsl(db: Executor, regioneIstat?: string): Promise<AslRow[]> {
  return db
    .select()
    .from(asl)
    .where(regioneIstat ? eq(asl.regioneIstat, regioneIstat) : undefined)
    .orderBy(asc(asl.regioneIstat), asc(asl.denominazione), asc(asl.codiceAsl));
}

export async function findAsl(db: Executor, codice: string): Promise<AslRow | null> {
  const [row] = await db.select().from(asl).where(eq(asl.codiceAsl, codice)).limit(1);
  return row ?? null;
}

export async function findAslMany(db: Executor, codici: string[]): Promise<AslRow[]> {
  if (codici.length === 0) return [];
  return db.select().from(asl).where(inArray(asl.codiceAsl, codici));
}

export async function updateAsl(
  db: Executor,
  codice: string,
  values: Partial<Pick<AslRow, "denominazione" | "sitoWeb" | "note" | "accorpataIn" | "accorpataDal">>,
): Promise<AslRow | null> {
  const [row] = await db
    .update(asl)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(asl.codiceAsl, codice))
    .returning();
  return row ?? null;
}

export async function updateAslMany(
  db: Executor,
  codici: string[],
  values: Pick<AslRow, "accorpataIn" | "accorpataDal">,
): Promise<void> {
  await db
    .update(asl)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(asl.codiceAsl, codici));
}

/** The linked companies with their names (companies' read model), by ASL. */
export async function linkedCompanies(
  db: Executor,
): Promise<Array<{ codiceAsl: string; companyId: number; name: string }>> {
  return db
    .select({
      codiceAsl: aslCompanies.codiceAsl,
      companyId: aslCompanies.companyId,
      name: companyName(aslCompanies.companyId),
    })
    .from(aslCompanies)
    .orderBy(asc(aslCompanies.codiceAsl), asc(aslCompanies.companyId));
}

export async function companyLink(db: Executor, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ codiceAsl: aslCompanies.codiceAsl })
    .from(aslCompanies)
    .where(eq(aslCompanies.companyId, companyId));
  return row?.codiceAsl ?? null;
}

/** A company belongs to one ASL: linking it again moves it. */
export async function linkCompany(db: Executor, codice: string, companyId: number): Promise<void> {
  await db
    .insert(aslCompanies)
    .values({ codiceAsl: codice, companyId })
    .onConflictDoUpdate({ target: aslCompanies.companyId, set: { codiceAsl: codice, createdAt: new Date() } });
}

export async function unlinkCompany(db: Executor, codice: string, companyId: number): Promise<boolean> {
  const rows = await db
    .delete(aslCompanies)
    .where(and(eq(aslCompanies.companyId, companyId), eq(aslCompanies.codiceAsl, codice)))
    .returning({ codiceAsl: aslCompanies.codiceAsl });
  return rows.length > 0;
}
