import { eq, inArray } from "drizzle-orm";
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

/** Deletes a file's row; answers its storage key, or null when there was none. */
export async function deleteFile(db: Executor, id: number): Promise<string | null> {
  const rows = await db.delete(storedFiles).where(eq(storedFiles.id, id)).returning({ key: storedFiles.storageKey });
  return rows[0]?.key ?? null;
}

/** Which of these storage keys have a row (the orphan sweep). */
export async function knownStorageKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(inArray(storedFiles.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}
