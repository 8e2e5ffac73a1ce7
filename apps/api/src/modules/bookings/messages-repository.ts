import { and, asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookingMessages } from "./tables.ts";

export type BookingMessageRow = typeof bookingMessages.$inferSelect;

export async function insertMessage(
  db: Executor,
  values: typeof bookingMessages.$inferInsert,
): Promise<BookingMessageRow> {
  const [row] = await db.insert(bookingMessages).values(values).returning();
  return row as BookingMessageRow;
}

/** A booking's messages in the order they were written. */
export async function listMessages(db: Executor, bookingId: number): Promise<BookingMessageRow[]> {
  return db
    .select()
    .from(bookingMessages)
    .where(eq(bookingMessages.bookingId, bookingId))
    .orderBy(asc(bookingMessages.createdAt), asc(bookingMessages.id));
}

/** Marks read the unread messages one party wrote on a booking; answers how many. */
export async function markRead(
  db: Executor,
  bookingId: number,
  authorKind: BookingMessageRow["authorKind"],
): Promise<number> {
  const rows = await db
    .update(bookingMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(bookingMessages.bookingId, bookingId),
        eq(bookingMessages.authorKind, authorKind),
        isNull(bookingMessages.readAt),
      ),
    )
    .returning({ id: bookingMessages.id });
  return rows.length;
}
