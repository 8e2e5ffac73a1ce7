import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { escapeLike } from "./services-repository.ts";
import { companies, companyArchives } from "./tables.ts";

export type ArchiveRow = typeof companyArchives.$inferSelect;

export async function listArchive(
  db: Executor,
  companyId: number,
  options: { q?: string; limit: number; offset: number },
) {
  const conditions: Array<SQL | undefined> = [eq(companyArchives.companyId, companyId)];
  if (options.q) {
    const like = `%${escapeLike(options.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${companyArchives.title}) like ${like} or lower(${companyArchives.fileName}) like ${like})`,
    );
  }
  const rows = await db
    .select({ archive: companyArchives, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(companyArchives)
    .where(and(...conditions))
    .orderBy(desc(companyArchives.createdAt), desc(companyArchives.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findArchive(db: Executor, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(companyArchives)
    .where(and(eq(companyArchives.id, id), eq(companyArchives.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertArchive(db: Executor, values: typeof companyArchives.$inferInsert): Promise<number> {
  const rows = await db.insert(companyArchives).values(values).returning({ id: companyArchives.id });
  return (rows[0] as { id: number }).id;
}

export async function updateArchive(
  db: Executor,
  companyId: number,
  id: number,
  values: { title: string; description: string | null },
): Promise<boolean> {
  const rows = await db
    .update(companyArchives)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(companyArchives.id, id), eq(companyArchives.companyId, companyId)))
    .returning({ id: companyArchives.id });
  return rows.length > 0;
}

/** Deletes an entry of the company; answers the id of its file, or null when there was no such entry. */
export async function deleteArchive(db: Executor, companyId: number, id: number): Promise<number | null> {
  const rows = await db
    .delete(companyArchives)
    .where(and(eq(companyArchives.id, id), eq(companyArchives.companyId, companyId)))
    .returning({ fileId: companyArchives.fileId });
  return rows[0]?.fileId ?? null;
}

/** Whether an archive entry uses a stored file (the files module's reference rule). */
export async function archiveUsesFile(db: Executor, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ id: companyArchives.id })
    .from(companyArchives)
    .where(eq(companyArchives.fileId, fileId))
    .limit(1);
  return rows.length > 0;
}

/** The level of the companies whose archive holds a file (file read rule). */
export function archiveOwners(db: Executor, fileId: number) {
  return db
    .select({ companyId: companyArchives.companyId, level: companies.level })
    .from(companyArchives)
    .innerJoin(companies, eq(companies.id, companyArchives.companyId))
    .where(eq(companyArchives.fileId, fileId));
}
