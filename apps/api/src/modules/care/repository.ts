import { and, asc, eq, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { familyMembers } from "./tables.ts";

export type FamilyMemberRow = typeof familyMembers.$inferSelect;
export type NewFamilyMember = typeof familyMembers.$inferInsert;

export function listFamilyMembers(db: Executor, userId: number): Promise<FamilyMemberRow[]> {
  return db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.userId, userId))
    .orderBy(asc(familyMembers.surname), asc(familyMembers.name), asc(familyMembers.id));
}

/** One citizen's family member; another citizen's is null. */
export async function findFamilyMember(db: Executor, userId: number, id: number): Promise<FamilyMemberRow | null> {
  const rows = await db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.userId, userId), eq(familyMembers.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether the citizen already has a member with this tax code (other than `exceptId`). */
export async function taxCodeTaken(db: Executor, userId: number, taxCode: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.userId, userId),
        eq(familyMembers.taxCode, taxCode),
        exceptId === undefined ? undefined : ne(familyMembers.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertFamilyMember(db: Executor, values: NewFamilyMember): Promise<FamilyMemberRow> {
  const [row] = await db.insert(familyMembers).values(values).returning();
  return row as FamilyMemberRow;
}

export async function updateFamilyMember(
  db: Executor,
  id: number,
  values: Partial<NewFamilyMember>,
): Promise<FamilyMemberRow> {
  const [row] = await db
    .update(familyMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(familyMembers.id, id))
    .returning();
  return row as FamilyMemberRow;
}
