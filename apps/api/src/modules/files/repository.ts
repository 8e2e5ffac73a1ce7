import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { storedFiles } from "./tables.ts";

export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertFile(db: Executor, values: typeof storedFiles.$inferInsert): Promise<StoredFileRow> {
  const rows = await db.insert(storedFiles).values(values).returning();
  return rows[0] as StoredFileRow;
}

export async function findFile(db: Executor, id: number): Promise<StoredFileRow | null> {
  const rows = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return rows[0] ?? null;
}
