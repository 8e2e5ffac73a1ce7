import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { otpCodes } from "./tables.ts";

export type OtpRow = typeof otpCodes.$inferSelect;

/** A new code replaces the pending ones of the same user and cause: only the newest is valid. */
export async function deletePendingCodes(db: Executor, userId: number, cause: number): Promise<void> {
  await db
    .update(otpCodes)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.cause, cause),
        isNull(otpCodes.verifiedAt),
        isNull(otpCodes.deletedAt),
      ),
    );
}

export async function insertCode(db: Executor, values: typeof otpCodes.$inferInsert): Promise<OtpRow> {
  const rows = await db.insert(otpCodes).values(values).returning();
  return rows[0] as OtpRow;
}

/** A user's code, with whether it has expired by the database's clock. */
export async function findCode(db: Executor, id: number, userId: number) {
  const rows = await db
    .select({ code: otpCodes, expired: sql<boolean>`${otpCodes.expiresAt} <= now()` })
    .from(otpCodes)
    .where(and(eq(otpCodes.id, id), eq(otpCodes.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Counts one attempt, atomically and only while attempts remain: concurrent guesses cannot exceed
 * the limit. Null when the code is no longer open to attempts.
 */
export async function countAttempt(db: Executor, id: number, maxAttempts: number): Promise<number | null> {
  const rows = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, id),
        isNull(otpCodes.verifiedAt),
        isNull(otpCodes.deletedAt),
        lt(otpCodes.attempts, maxAttempts),
        gt(otpCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ attempts: otpCodes.attempts });
  return rows[0]?.attempts ?? null;
}

/** Marks a live code verified; false when a parallel request verified or closed it first (a code counts once). */
export async function markVerified(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ verifiedAt: sql`now()` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.verifiedAt), isNull(otpCodes.deletedAt)))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}

export async function markDeleted(db: Executor, id: number): Promise<void> {
  await db.update(otpCodes).set({ deletedAt: sql`now()` }).where(eq(otpCodes.id, id));
}

/** When a profile is deleted its pending codes go with it. */
export async function deleteUserCodes(db: Executor, userId: number): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.userId, userId));
}
