import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { loginAttempts, passwordResetTokens } from "./tables.ts";

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

// Windows are measured with the database's clock, so that every API instance agrees.
const since = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;

/** Failed sign-ins within the window, for the account and for the client address. */
export async function countRecentFailures(
  db: Executor,
  accountKey: string,
  ip: string | null,
  windowMinutes: number,
): Promise<{ account: number; address: number }> {
  const rows = await db
    .select({
      account: sql<number>`(count(*) filter (where ${loginAttempts.accountKey} = ${accountKey}))::int`,
      address: ip ? sql<number>`(count(*) filter (where ${loginAttempts.ip} = ${ip}))::int` : sql<number>`0`,
    })
    .from(loginAttempts)
    .where(
      and(
        gt(loginAttempts.createdAt, since(windowMinutes)),
        ip
          ? or(eq(loginAttempts.accountKey, accountKey), eq(loginAttempts.ip, ip))
          : eq(loginAttempts.accountKey, accountKey),
      ),
    );
  return { account: Number(rows[0]?.account ?? 0), address: Number(rows[0]?.address ?? 0) };
}

/** Records a failure and drops this account's and address's rows older than the window. */
export async function insertFailure(db: Executor, accountKey: string, ip: string | null, windowMinutes: number) {
  await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.createdAt, since(windowMinutes)),
        ip
          ? or(eq(loginAttempts.accountKey, accountKey), eq(loginAttempts.ip, ip))
          : eq(loginAttempts.accountKey, accountKey),
      ),
    );
  await db.insert(loginAttempts).values({ accountKey, ip });
}

export async function deleteFailures(db: Executor, accountKey: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.accountKey, accountKey));
}

export async function insertResetToken(db: Executor, values: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export async function countRecentResetTokens(db: Executor, userId: number, windowMinutes: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since(windowMinutes))));
  return Number(rows[0]?.n ?? 0);
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
