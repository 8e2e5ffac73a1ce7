import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { emergencyContacts } from "./tables.ts";

export type EmergencyContactRow = typeof emergencyContacts.$inferSelect;
export type NewEmergencyContact = typeof emergencyContacts.$inferInsert;

export function listContacts(db: Executor, userId: number): Promise<EmergencyContactRow[]> {
  return db
    .select()
    .from(emergencyContacts)
    .where(eq(emergencyContacts.userId, userId))
    .orderBy(asc(emergencyContacts.id));
}

export async function findContact(db: Executor, id: number): Promise<EmergencyContactRow | null> {
  const rows = await db.select().from(emergencyContacts).where(eq(emergencyContacts.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Holds the user's contact list for the transaction: two parallel saves of an 10th contact wait for
 * each other, so the limit is counted after the other's insert (a transaction-scoped advisory lock,
 * keyed by the table and the user, released at commit).
 */
export async function lockUserContacts(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('emergency_contacts'), ${userId})`);
}

export async function countContacts(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emergencyContacts).where(eq(emergencyContacts.userId, userId));
  return row?.n ?? 0;
}

export async function insertContact(db: Executor, values: NewEmergencyContact): Promise<EmergencyContactRow> {
  const [row] = await db.insert(emergencyContacts).values(values).returning();
  return row as EmergencyContactRow;
}

export async function updateContact(
  db: Executor,
  id: number,
  userId: number,
  values: Partial<NewEmergencyContact>,
): Promise<EmergencyContactRow | null> {
  const rows = await db
    .update(emergencyContacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emergencyContacts.id, id), eq(emergencyContacts.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteContact(db: Executor, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(emergencyContacts)
    .where(and(eq(emergencyContacts.id, id), eq(emergencyContacts.userId, userId)))
    .returning({ id: emergencyContacts.id });
  return rows.length > 0;
}
