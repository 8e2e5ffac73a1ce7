import { and, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { membershipOfUser } from "../companies/index.ts";
import { anagrafiche, sessions, users } from "./tables.ts";

export type UserRow = typeof users.$inferSelect;
export type AnagraficaRow = typeof anagrafiche.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A user by e-mail or username, case-insensitively; deleted accounts are not found. */
export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | null> {
  const value = login.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(
      and(isNull(users.deletedAt), or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.username}) = ${value}`)),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The user's picture, with the row locked until the transaction ends: the picture it replaces is released. */
export async function lockProfilePicture(db: Executor, id: number): Promise<number | null> {
  const rows = await db.select({ fileId: users.profilePicFileId }).from(users).where(eq(users.id, id)).for("update");
  return rows[0]?.fileId ?? null;
}

/** Whether some account uses a stored file as its picture (the files module's reference rule). */
export async function isProfilePicture(db: Executor, fileId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.profilePicFileId, fileId)).limit(1);
  return rows.length > 0;
}

/**
 * Locks the user's row until the transaction ends, so that per-user limits (one-time codes an
 * hour) cannot be overrun by parallel requests.
 */
export async function lockUser(db: Executor, id: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
}

/** Whether a live account uses this e-mail (case-insensitively); anonymised accounts have none. */
export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

/** Live, enabled accounts whose personal record carries this (normalised) tax code. */
export async function findUsersByTaxCode(db: Executor, cf: string) {
  return db
    .select({ user: users, anagrafica: anagrafiche })
    .from(anagrafiche)
    .innerJoin(users, eq(users.id, anagrafiche.userId))
    .where(and(eq(anagrafiche.cf, cf), isNull(users.deletedAt), isNull(users.disabledAt)))
    .orderBy(users.id)
    .limit(5);
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function findAnagrafica(db: Executor, userId: number): Promise<AnagraficaRow | null> {
  const rows = await db.select().from(anagrafiche).where(eq(anagrafiche.userId, userId)).limit(1);
  return rows[0] ?? null;
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const rows = await db.insert(sessions).values(values).returning();
  return rows[0] as SessionRow;
}

const liveSession = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users, anagrafica: anagrafiche, membership: membershipOfUser(users.id) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare("identity_live_session"),
);

/**
 * A live session with its user, their personal record and their company membership, in one prepared
 * query: it runs on every authenticated request, and `GET users/fresh/me` needs nothing more.
 */
export async function findLiveSession(db: Database, tokenHash: string) {
  const rows = await liveSession(db).execute({ tokenHash });
  return rows[0] ?? null;
}

/**
 * Of these sessions, those not revoked or expired whose user is neither disabled nor deleted, with
 * what the idle and membership checks need: one query for every socket an instance holds.
 */
export async function sessionStates(db: Database, sessionIds: readonly number[]) {
  return db
    .select({
      id: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      type: users.type,
      sessionTimeoutMinutes: users.sessionTimeoutMinutes,
      membership: membershipOfUser(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.disabledAt),
        isNull(users.deletedAt),
      ),
    );
}

/** Whether any session was ever opened for the user (revoked and expired ones count). */
export async function hasAnySession(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).limit(1);
  return rows.length > 0;
}

export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of a user, but the one given (the session making the change). */
export async function revokeUserSessions(db: Executor, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  return rows[0] as UserRow;
}

export async function insertAnagrafica(db: Executor, values: typeof anagrafiche.$inferInsert): Promise<void> {
  await db.insert(anagrafiche).values(values);
}

export async function updateAnagrafica(
  db: Executor,
  userId: number,
  values: Partial<typeof anagrafiche.$inferInsert>,
): Promise<void> {
  await db
    .update(anagrafiche)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(anagrafiche.userId, userId));
}

export async function deleteAnagrafica(db: Executor, userId: number): Promise<void> {
  await db.delete(anagrafiche).where(eq(anagrafiche.userId, userId));
}

export async function countUsers(db: Executor): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}
