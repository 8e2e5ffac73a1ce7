import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { notifications } from "./tables.ts";

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<number> {
  if (rows.length === 0) return 0;
  await db.insert(notifications).values(rows);
  return rows.length;
}

/** A user's notifications, newest first, with the total and the unread count. */
export async function listForUser(
  db: Executor,
  userId: number,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const mine = eq(notifications.userId, userId);
  const where = options.unreadOnly ? and(mine, isNull(notifications.readAt)) : mine;
  const [rows, totals, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(notifications).where(where),
    countUnread(db, userId),
  ]);
  return { rows, total: totals[0]?.n ?? 0, unread };
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return rows[0]?.n ?? 0;
}

/** Marks the user's unread notifications read: the listed ones, or all when `ids` is null. */
export async function markRead(db: Executor, userId: number, ids: number[] | null): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === null ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks read the user's unread notifications of one action on one booking (messages once read). */
export async function markBookingActionRead(
  db: Executor,
  userId: number,
  bookingId: number,
  action: string,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.bookingId, bookingId),
        eq(notifications.action, action),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The user's popup notifications, oldest first (the first is shown), optionally unseen only. */
/** The user's popups (the unseen ones only, or all), oldest first: prepared, every page load asks. */
const popupsOf = (unseenOnly: boolean) =>
  preparedQuery((db) =>
    db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, sql.placeholder("userId")),
          eq(notifications.popup, true),
          unseenOnly ? isNull(notifications.seenAt) : undefined,
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(50)
      .prepare(unseenOnly ? "notifications_unseen_popups" : "notifications_popups"),
  );
const allPopups = popupsOf(false);
const unseenPopups = popupsOf(true);

export async function listPopups(db: Database, userId: number, unseenOnly: boolean): Promise<NotificationRow[]> {
  return (unseenOnly ? unseenPopups : allPopups)(db).execute({ userId });
}

/** Marks one of the user's popups seen (and read); null when it is not theirs or not a popup. */
export async function markPopupSeen(db: Executor, userId: number, id: number): Promise<NotificationRow | null> {
  const now = new Date();
  const rows = await db
    .update(notifications)
    .set({
      seenAt: sql`coalesce(${notifications.seenAt}, ${now})`,
      readAt: sql`coalesce(${notifications.readAt}, ${now})`,
    })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.popup, true)))
    .returning();
  return rows[0] ?? null;
}

/** A claim older than this is taken to belong to a dispatcher that died mid-send. */
const STALE_CLAIM = sql`now() - interval '10 minutes'`;

/**
 * Claims up to `limit` rows waiting for their e-mail. FOR UPDATE SKIP LOCKED: two dispatchers (two
 * API instances) claiming at once take different rows, and a row is marked `sending` in the same
 * statement, so no other dispatcher picks it up again while it is being sent.
 */
export async function claimPendingEmails(db: Executor, limit: number): Promise<NotificationRow[]> {
  const waiting = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      or(
        eq(notifications.emailStatus, "pending"),
        and(eq(notifications.emailStatus, "sending"), lt(notifications.emailClaimedAt, STALE_CLAIM)),
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(notifications)
    .set({
      emailStatus: "sending",
      emailClaimedAt: sql`now()`,
      emailAttempts: sql`${notifications.emailAttempts} + 1`,
    })
    .where(inArray(notifications.id, waiting))
    .returning();
}

/** Records the outcome of claimed e-mails (one statement for any number of rows). */
export async function finishEmails(
  db: Executor,
  ids: number[],
  status: "sent" | "skipped" | "failed" | "pending",
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ emailStatus: status, emailClaimedAt: null, ...(status === "sent" ? { emailSentAt: new Date() } : {}) })
    .where(inArray(notifications.id, ids));
}

/** Claims up to `limit` rows waiting for their push, as claimPendingEmails does for e-mails. */
export async function claimPendingPushes(db: Executor, limit: number): Promise<NotificationRow[]> {
  const waiting = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      or(
        eq(notifications.pushStatus, "pending"),
        and(eq(notifications.pushStatus, "sending"), lt(notifications.pushClaimedAt, STALE_CLAIM)),
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(notifications)
    .set({ pushStatus: "sending", pushClaimedAt: sql`now()` })
    .where(inArray(notifications.id, waiting))
    .returning();
}

/** Records the outcome of claimed pushes (one statement for any number of rows). */
export async function finishPushes(db: Executor, ids: number[], status: "sent" | "failed"): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set({ pushStatus: status, pushClaimedAt: null }).where(inArray(notifications.id, ids));
}
