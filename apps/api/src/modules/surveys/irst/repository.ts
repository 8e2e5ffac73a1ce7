import type { TIrstKind } from "@cura/domain";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { irstItems, irstUpdates } from "./tables.ts";

export type IrstItemRow = typeof irstItems.$inferSelect;
export type IrstItemInsert = typeof irstItems.$inferInsert;
export type IrstUpdateRow = typeof irstUpdates.$inferSelect;

/**
 * Serialises the changes of one patient's lists (the patient and a caregiver, or two tabs), so the
 * count against IRST_MAX_ITEMS is read after the other's insert; released at the transaction's end.
 */
export async function lockPatient(tx: Executor, patientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('irst_items'), ${patientId})`);
}

/** How many entries each list of the patient holds. */
export async function countByKind(db: Executor, patientId: number): Promise<Record<TIrstKind, number>> {
  const rows = await db
    .select({ kind: irstItems.kind, n: count() })
    .from(irstItems)
    .where(eq(irstItems.patientId, patientId))
    .groupBy(irstItems.kind);
  const counts: Record<TIrstKind, number> = { farmaco: 0, altro: 0 };
  for (const row of rows) counts[row.kind] = row.n;
  return counts;
}

/** The new entry, or null when the same one is already in the list (the unique dedupe key). */
export async function insertItem(tx: Executor, values: IrstItemInsert): Promise<IrstItemRow | null> {
  const [row] = await tx.insert(irstItems).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findItem(db: Executor, kind: TIrstKind, id: number): Promise<IrstItemRow | null> {
  const [row] = await db
    .select()
    .from(irstItems)
    .where(and(eq(irstItems.id, id), eq(irstItems.kind, kind)));
  return row ?? null;
}

/** Deletes the entry of that patient's list; false when it was gone already (a parallel delete). */
export async function deleteItem(tx: Executor, patientId: number, kind: TIrstKind, id: number): Promise<boolean> {
  const rows = await tx
    .delete(irstItems)
    .where(and(eq(irstItems.id, id), eq(irstItems.kind, kind), eq(irstItems.patientId, patientId)))
    .returning({ id: irstItems.id });
  return rows.length > 0;
}

/** A page of the patient's entries (one list or both), newest first. */
export async function listItems(
  db: Executor,
  patientId: number,
  kind: TIrstKind | undefined,
  page: { limit: number; offset: number },
): Promise<IrstItemRow[]> {
  const where = kind
    ? and(eq(irstItems.patientId, patientId), eq(irstItems.kind, kind))
    : eq(irstItems.patientId, patientId);
  return db.select().from(irstItems).where(where).orderBy(desc(irstItems.id)).limit(page.limit).offset(page.offset);
}

export async function insertUpdate(tx: Executor, values: typeof irstUpdates.$inferInsert): Promise<IrstUpdateRow> {
  const [row] = await tx.insert(irstUpdates).values(values).returning();
  return row as IrstUpdateRow;
}

/** The patient's last compilation, of either kind. */
export async function lastUpdate(db: Executor, patientId: number): Promise<IrstUpdateRow | null> {
  const [row] = await db
    .select()
    .from(irstUpdates)
    .where(eq(irstUpdates.patientId, patientId))
    .orderBy(desc(irstUpdates.id))
    .limit(1);
  return row ?? null;
}
