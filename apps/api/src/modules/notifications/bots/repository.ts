import type { BotMessenger } from "@cura/domain";
import { and, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { botAccesses, botLinkTokens } from "./tables.ts";

export type BotAccessRow = typeof botAccesses.$inferSelect;

/** The user's linked chats, newest first, paged, and how many there are. */
export async function listOf(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: BotAccessRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(botAccesses)
      .where(eq(botAccesses.userId, userId))
      .orderBy(desc(botAccesses.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(botAccesses).where(eq(botAccesses.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A new linking token for the user and messenger; the user's previous unused ones of it are dropped. */
export async function replaceLinkToken(
  db: Executor,
  row: { userId: number; messenger: BotMessenger; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .delete(botLinkTokens)
    .where(and(eq(botLinkTokens.userId, row.userId), eq(botLinkTokens.messenger, row.messenger)));
  await db.insert(botLinkTokens).values(row);
}

/**
 * Uses a token once: the conditional update is the lock, so two deliveries of the same update (or
 * two chats racing with one link) link at most once. Answers the token's user, or null.
 */
export async function consumeLinkToken(
  db: Executor,
  messenger: BotMessenger,
  tokenHash: string,
  now: Date,
): Promise<number | null> {
  const [used] = await db
    .update(botLinkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(botLinkTokens.tokenHash, tokenHash),
        eq(botLinkTokens.messenger, messenger),
        isNull(botLinkTokens.usedAt),
        gt(botLinkTokens.expiresAt, now),
      ),
    )
    .returning({ userId: botLinkTokens.userId });
  return used?.userId ?? null;
}

/**
 * Links the chat to the user, or reactivates the same chat's earlier link. `lastInboundAt`: when the
 * linking message was written (WhatsApp's 24-hour window opens with it), null on Telegram.
 */
export async function upsertAccess(
  db: Executor,
  row: { userId: number; messenger: BotMessenger; chatId: string; botUsername: string; lastInboundAt: Date | null },
): Promise<BotAccessRow> {
  const [saved] = await db
    .insert(botAccesses)
    .values(row)
    .onConflictDoUpdate({
      target: [botAccesses.userId, botAccesses.messenger, botAccesses.chatId],
      set: {
        active: true,
        botUsername: row.botUsername,
        lastInboundAt: sql`greatest(${botAccesses.lastInboundAt}, excluded.last_inbound_at)`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return saved as BotAccessRow;
}

/**
 * A WhatsApp number wrote to us: every link of that number keeps the latest time it did. A late
 * delivery of an older message (the platform retries for days) never moves the time back.
 */
export async function recordInbound(db: Executor, messages: Array<{ chatId: string; at: Date }>): Promise<void> {
  const latest = new Map<string, Date>();
  for (const { chatId, at } of messages) {
    const known = latest.get(chatId);
    if (!known || known < at) latest.set(chatId, at);
  }
  if (latest.size === 0) return;
  const rows = sql.join(
    [...latest].map(([chatId, at]) => sql`(${chatId}::text, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${botAccesses} a
    set last_inbound_at = greatest(a.last_inbound_at, m.at)
    from (values ${rows}) as m(chat_id, at)
    where a.messenger = 'WP' and a.chat_id = m.chat_id`);
}

/** Only the owner's row changes: another user's id matches nothing (the service's 404). */
export async function setActive(
  db: Executor,
  userId: number,
  id: number,
  active: boolean,
): Promise<BotAccessRow | null> {
  const [row] = await db
    .update(botAccesses)
    .set({ active, updatedAt: sql`now()` })
    .where(and(eq(botAccesses.id, id), eq(botAccesses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function remove(db: Executor, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(botAccesses)
    .where(and(eq(botAccesses.id, id), eq(botAccesses.userId, userId)))
    .returning({ id: botAccesses.id });
  return deleted.length > 0;
}

export interface ActiveChat {
  userId: number;
  messenger: BotMessenger;
  chatId: string;
  lastInboundAt: Date | null;
}

/** The active chats of some users (the reminders' bot channel: one query per batch of reminders). */
export async function activeChatsOf(db: Executor, userIds: number[]): Promise<ActiveChat[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: botAccesses.userId,
      messenger: botAccesses.messenger,
      chatId: botAccesses.chatId,
      lastInboundAt: botAccesses.lastInboundAt,
    })
    .from(botAccesses)
    .where(and(inArray(botAccesses.userId, userIds), eq(botAccesses.active, true)));
}
