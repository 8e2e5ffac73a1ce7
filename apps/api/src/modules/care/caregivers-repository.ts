import { and, asc, eq, gt, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
// Read-only, for the names beside each relation in the list's own query (.dependency-cruiser.cjs).
import { anagrafiche, users } from "../identity/tables.ts";
import { caregiverRelations, userCodes } from "./tables.ts";

export type RelationRow = typeof caregiverRelations.$inferSelect;
export type RelationStatus = RelationRow["status"];

export async function findRelation(db: Executor, caregiverId: number, assistedId: number): Promise<RelationRow | null> {
  const rows = await db
    .select()
    .from(caregiverRelations)
    .where(and(eq(caregiverRelations.caregiverId, caregiverId), eq(caregiverRelations.assistedId, assistedId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A relation by id, locked for the change that follows (two taps on approve are one change). */
export async function lockRelation(db: Executor, id: number): Promise<RelationRow | null> {
  const rows = await db.select().from(caregiverRelations).where(eq(caregiverRelations.id, id)).limit(1).for("update");
  return rows[0] ?? null;
}

/**
 * A new invitation, or the pair's rejected one asked again; null when the pair already has a
 * pending, enabled or disabled relation (the unique pair index decides between parallel invites).
 */
export async function invite(db: Executor, caregiverId: number, assistedId: number): Promise<RelationRow | null> {
  const rows = await db
    .insert(caregiverRelations)
    .values({ caregiverId, assistedId, status: "pending" })
    .onConflictDoUpdate({
      target: [caregiverRelations.caregiverId, caregiverRelations.assistedId],
      set: { status: "pending", healthData: false, updatedAt: new Date() },
      setWhere: eq(caregiverRelations.status, "rejected"),
    })
    .returning();
  return rows[0] ?? null;
}

export async function updateRelation(
  db: Executor,
  id: number,
  values: { status?: RelationStatus; healthData?: boolean },
): Promise<RelationRow> {
  const [row] = await db
    .update(caregiverRelations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(caregiverRelations.id, id))
    .returning();
  return row as RelationRow;
}

const caregiverUser = alias(users, "caregiver_user");
const caregiverAnagrafica = alias(anagrafiche, "caregiver_anagrafica");
const assistedUser = alias(users, "assisted_user");
const assistedAnagrafica = alias(anagrafiche, "assisted_anagrafica");

export interface RelationListRow {
  relation: RelationRow;
  caregiver: { name: string | null; surname: string | null; picture: number | null };
  assisted: { name: string | null; surname: string | null; picture: number | null };
}

/** Relations with both people's names, in one query (no per-row look-ups), newest first per status. */
export async function listRelations(
  db: Executor,
  filter: { caregiverId?: number; assistedId?: number; statuses?: RelationStatus[] },
): Promise<RelationListRow[]> {
  const conditions: (SQL | undefined)[] = [
    filter.caregiverId === undefined ? undefined : eq(caregiverRelations.caregiverId, filter.caregiverId),
    filter.assistedId === undefined ? undefined : eq(caregiverRelations.assistedId, filter.assistedId),
    filter.statuses ? inArray(caregiverRelations.status, filter.statuses) : undefined,
    isNull(caregiverUser.deletedAt),
    isNull(assistedUser.deletedAt),
  ];
  return db
    .select({
      relation: caregiverRelations,
      caregiver: {
        name: caregiverAnagrafica.name,
        surname: caregiverAnagrafica.surname,
        picture: caregiverUser.profilePicFileId,
      },
      assisted: {
        name: assistedAnagrafica.name,
        surname: assistedAnagrafica.surname,
        picture: assistedUser.profilePicFileId,
      },
    })
    .from(caregiverRelations)
    .innerJoin(caregiverUser, eq(caregiverUser.id, caregiverRelations.caregiverId))
    .leftJoin(caregiverAnagrafica, eq(caregiverAnagrafica.userId, caregiverRelations.caregiverId))
    .innerJoin(assistedUser, eq(assistedUser.id, caregiverRelations.assistedId))
    .leftJoin(assistedAnagrafica, eq(assistedAnagrafica.userId, caregiverRelations.assistedId))
    .where(and(...conditions))
    .orderBy(asc(caregiverRelations.id));
}

/** Whether `caregiverId` is an enabled caregiver of `assistedId`. */
export async function isEnabledCaregiver(db: Executor, caregiverId: number, assistedId: number): Promise<boolean> {
  const row = await findRelation(db, caregiverId, assistedId);
  return row?.status === "enabled";
}

// ─── User codes ───────────────────────────────────────────────────────────────────────────────

export async function currentCode(db: Executor, userId: number): Promise<typeof userCodes.$inferSelect | null> {
  const rows = await db
    .select()
    .from(userCodes)
    .where(and(eq(userCodes.userId, userId), gt(userCodes.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Today's code for the user: the one already given today wins over a parallel request's (the
 * update only replaces an expired code), so two tabs show the same code.
 */
export async function putCode(
  db: Executor,
  userId: number,
  code: string,
  expiresAt: Date,
): Promise<typeof userCodes.$inferSelect | null> {
  const rows = await db
    .insert(userCodes)
    .values({ userId, code, expiresAt })
    .onConflictDoUpdate({
      target: userCodes.userId,
      set: { code, expiresAt },
      setWhere: lte(userCodes.expiresAt, sql`now()`),
    })
    .returning();
  return rows[0] ?? null;
}

/** The living citizen whose valid code this is, with their name. */
export async function ownerOfCode(
  db: Executor,
  code: string,
): Promise<{ userId: number; name: string; surname: string } | null> {
  const rows = await db
    .select({ userId: userCodes.userId, name: anagrafiche.name, surname: anagrafiche.surname })
    .from(userCodes)
    .innerJoin(users, eq(users.id, userCodes.userId))
    .innerJoin(anagrafiche, eq(anagrafiche.userId, userCodes.userId))
    .where(and(eq(userCodes.code, code), gt(userCodes.expiresAt, new Date()), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}
