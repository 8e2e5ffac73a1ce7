import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { passwordResetTokens } from "./tables.ts";

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertResetToken(db: Executor, values: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** A reset token still usable: unused and not expired. */
export async function findUsableResetToken(db: Executor, tokenHash: string): Promise<ResetTokenRow | null> {
  const rows = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Marks a token used, only if nobody used it first: two concurrent resets with the same link
 * cannot both succeed. True when this call consumed it.
 */
export async function consumeResetToken(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/** After a reset or a change, the other links still in flight stop working too. */
export async function expireResetTokens(db: Executor, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
