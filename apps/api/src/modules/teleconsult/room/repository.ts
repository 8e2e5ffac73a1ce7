import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { teleconsultRoomClocks, teleconsultRoomGuests } from "./tables.ts";

export type ClockRow = typeof teleconsultRoomClocks.$inferSelect;
export type GuestRow = typeof teleconsultRoomGuests.$inferSelect;

export async function findClock(db: Executor, bookingId: number): Promise<ClockRow | null> {
  const [row] = await db.select().from(teleconsultRoomClocks).where(eq(teleconsultRoomClocks.bookingId, bookingId));
  return row ?? null;
}

/** The clock starts once: a second connection (a rejoin, another instance) keeps the first start. */
export async function startClock(db: Executor, bookingId: number, startedAt: Date, deadline: Date): Promise<ClockRow> {
  await db.insert(teleconsultRoomClocks).values({ bookingId, startedAt, deadline }).onConflictDoNothing();
  return (await findClock(db, bookingId)) as ClockRow;
}

/** The call is over: its clock done (a row written if it never connected, so guests' sockets end too). */
export async function finishClock(db: Executor, bookingId: number, at: Date): Promise<void> {
  await db
    .insert(teleconsultRoomClocks)
    .values({ bookingId, startedAt: at, deadline: at, doneAt: at })
    .onConflictDoUpdate({
      target: teleconsultRoomClocks.bookingId,
      set: { doneAt: sql`coalesce(${teleconsultRoomClocks.doneAt}, excluded.done_at)` },
    });
}

/**
 * Bookings ended these calls (closed, refused, cancelled): their clocks are done, a row written for a
 * call that never connected (so a guest's socket session ends too). A clock the job holds right now
 * (SKIP LOCKED) is being ended by it: waiting for it could deadlock, as the job then locks the booking
 * this transaction holds.
 */
export async function stopClocks(db: Executor, bookingIds: number[], at: Date): Promise<void> {
  const locked = await db
    .select({ id: teleconsultRoomClocks.bookingId })
    .from(teleconsultRoomClocks)
    .where(inArray(teleconsultRoomClocks.bookingId, bookingIds))
    .for("update", { skipLocked: true });
  const ids = locked.map((row) => row.id);
  if (ids.length > 0)
    await db
      .update(teleconsultRoomClocks)
      .set({ doneAt: at })
      .where(and(inArray(teleconsultRoomClocks.bookingId, ids), isNull(teleconsultRoomClocks.doneAt)));
  await db
    .insert(teleconsultRoomClocks)
    .values(bookingIds.map((bookingId) => ({ bookingId, startedAt: at, deadline: at, doneAt: at })))
    .onConflictDoNothing();
}

/** Running clocks whose two-minute warning is due and not yet given; claimed by setting it (once). */
export async function claimWarnings(db: Executor, now: Date, warnBeforeMs: number): Promise<ClockRow[]> {
  return db
    .update(teleconsultRoomClocks)
    .set({ warnedAt: now })
    .where(
      and(
        isNull(teleconsultRoomClocks.doneAt),
        isNull(teleconsultRoomClocks.warnedAt),
        lte(teleconsultRoomClocks.deadline, new Date(now.getTime() + warnBeforeMs)),
      ),
    )
    .returning();
}

/** Running clocks past their deadline, oldest first, locked so that two runs do not end one call twice. */
export async function dueClocks(db: Executor, now: Date, limit: number): Promise<ClockRow[]> {
  return db
    .select()
    .from(teleconsultRoomClocks)
    .where(and(isNull(teleconsultRoomClocks.doneAt), lte(teleconsultRoomClocks.deadline, now)))
    .orderBy(asc(teleconsultRoomClocks.deadline))
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function findGuestOfBooking(db: Executor, bookingId: number): Promise<GuestRow | null> {
  const [row] = await db.select().from(teleconsultRoomGuests).where(eq(teleconsultRoomGuests.bookingId, bookingId));
  return row ?? null;
}

export async function findGuestById(db: Executor, id: number): Promise<GuestRow | null> {
  const [row] = await db.select().from(teleconsultRoomGuests).where(eq(teleconsultRoomGuests.id, id));
  return row ?? null;
}

export async function insertGuest(
  db: Executor,
  values: typeof teleconsultRoomGuests.$inferInsert,
): Promise<GuestRow | null> {
  const [row] = await db.insert(teleconsultRoomGuests).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The single use: only the first opening sets `openedAt` (and the socket token); a second gets nothing. */
export async function openGuestLink(db: Executor, tokenHash: string, socketTokenHash: string, at: Date) {
  const [row] = await db
    .update(teleconsultRoomGuests)
    .set({ openedAt: at, socketTokenHash })
    .where(and(eq(teleconsultRoomGuests.tokenHash, tokenHash), isNull(teleconsultRoomGuests.openedAt)))
    .returning();
  return row ?? null;
}

export async function findGuestByToken(db: Executor, tokenHash: string): Promise<GuestRow | null> {
  const [row] = await db.select().from(teleconsultRoomGuests).where(eq(teleconsultRoomGuests.tokenHash, tokenHash));
  return row ?? null;
}

export async function findGuestBySocketToken(db: Executor, socketTokenHash: string): Promise<GuestRow | null> {
  const [row] = await db
    .select()
    .from(teleconsultRoomGuests)
    .where(eq(teleconsultRoomGuests.socketTokenHash, socketTokenHash));
  return row ?? null;
}

export async function admitGuest(db: Executor, id: number, at: Date): Promise<GuestRow | null> {
  const [row] = await db
    .update(teleconsultRoomGuests)
    .set({ admittedAt: sql`coalesce(${teleconsultRoomGuests.admittedAt}, ${at})` })
    .where(and(eq(teleconsultRoomGuests.id, id), sql`${teleconsultRoomGuests.openedAt} is not null`))
    .returning();
  return row ?? null;
}

/** Guests whose socket sessions are still live: their call's clock is not done. */
export async function liveGuestIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: teleconsultRoomGuests.id })
    .from(teleconsultRoomGuests)
    .leftJoin(teleconsultRoomClocks, eq(teleconsultRoomClocks.bookingId, teleconsultRoomGuests.bookingId))
    .where(and(inArray(teleconsultRoomGuests.id, [...ids]), isNull(teleconsultRoomClocks.doneAt)));
  return rows.map((row) => row.id);
}
