import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { careRelationships, companies, doctorInvitations } from "./tables.ts";

export type DoctorInvitationRow = typeof doctorInvitations.$inferSelect;

/** A user's care circle: the preferred provider first, then the newest. */
export function listCircle(db: Executor, userId: number) {
  return db
    .select({ company: companies, preferred: careRelationships.preferred, addedAt: careRelationships.createdAt })
    .from(careRelationships)
    .innerJoin(companies, eq(companies.id, careRelationships.companyId))
    .where(and(eq(careRelationships.userId, userId), eq(companies.active, true)))
    .orderBy(desc(careRelationships.preferred), desc(careRelationships.createdAt), asc(companies.id));
}

export async function findRelationship(db: Executor, userId: number, companyId: number) {
  const rows = await db
    .select()
    .from(careRelationships)
    .where(and(eq(careRelationships.userId, userId), eq(careRelationships.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Adds the company to the circle, or updates its preferred flag; only one provider stays preferred. */
export async function upsertRelationship(
  db: Executor,
  userId: number,
  companyId: number,
  preferred: boolean | undefined,
) {
  if (preferred) {
    await db
      .update(careRelationships)
      .set({ preferred: false })
      .where(and(eq(careRelationships.userId, userId), eq(careRelationships.preferred, true)));
  }
  await db
    .insert(careRelationships)
    .values({ userId, companyId, preferred: preferred ?? false })
    .onConflictDoUpdate({
      target: [careRelationships.userId, careRelationships.companyId],
      set: preferred === undefined ? { userId: sql`excluded.user_id` } : { preferred },
    });
}

export async function deleteRelationship(db: Executor, userId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .delete(careRelationships)
    .where(and(eq(careRelationships.userId, userId), eq(careRelationships.companyId, companyId)))
    .returning({ companyId: careRelationships.companyId });
  return rows.length > 0;
}

export async function insertInvitation(db: Executor, values: typeof doctorInvitations.$inferInsert) {
  const rows = await db.insert(doctorInvitations).values(values).returning();
  return rows[0] as DoctorInvitationRow;
}

export async function markInvitationEmailed(db: Executor, id: number): Promise<void> {
  await db.update(doctorInvitations).set({ emailedAt: sql`now()` }).where(eq(doctorInvitations.id, id));
}
