import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { anagrafiche, sessions, users } from "./tables.ts";

/** Read-only answers about a user that other modules' rules need (docs/architecture.md "Boundaries"). */

/** Whether the citizen's phone is verified and the anagrafica carries a number (bookings need it). */
export async function phoneVerified(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ verifiedAt: users.numberVerifiedAt, tel: anagrafiche.telNumber })
    .from(users)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return Boolean(row?.verifiedAt && row.tel);
}

/** Whether the reserve phone is there and was verified by a code sent to it (cleared when it changes). */
export async function reservePhoneVerified(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ verifiedAt: users.secondaryNumberVerifiedAt, tel: anagrafiche.telNumberSecondary })
    .from(users)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return Boolean(row?.verifiedAt && row.tel);
}

/** Whether the user has an e-mail address and has verified it (spec 000 §2.9: emergency contacts). */
export async function emailVerified(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return Boolean(row?.email && row.verifiedAt);
}

/** Whether the user is a citizen (type 0) whose account exists: an operator's patient. */
export async function isCitizen(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 0), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the session whose key is in `sessionId` is still live (not revoked by a logout, a password
 * change or a disabled account, and not expired), as a SQL fragment: the teleconsult module's
 * operator switches count only while the session that switched them on lives (issue 10: off at logout
 * and expiry), in its own query.
 */
export function sessionIsLive(sessionId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`;
}

/**
 * "Cognome Nome" of each of a page's people, by user id, in one read (a list that shows who did
 * something: the system log, a survey's fills). An account without a personal record, or gone, has
 * no entry: the caller shows what it shows for no one.
 */
export async function personNames(db: Executor, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: anagrafiche.userId, name: anagrafiche.name, surname: anagrafiche.surname })
    .from(anagrafiche)
    .where(inArray(anagrafiche.userId, ids));
  return new Map(rows.map((r) => [r.id, [r.surname, r.name].filter(Boolean).join(" ")]));
}

/**
 * Where each of these people's notification e-mails go, in one read (the e-mail dispatcher's batch):
 * the address, or null for none, when the account is live and said yes to notifications
 * (notification_consense); no entry for an account that is gone.
 */
export async function notificationAddresses(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, string | null>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, consent: users.notificationConsense })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.consent ? r.email : null]));
}
