import { ADMIN_USERS_COUNT_CAP } from "@cura/domain";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
// Read-only joins (.dependency-cruiser.cjs names why): every write goes through identity's service.
import { companies, operators } from "../../companies/tables.ts";
import { accountRowMatchesText, emailMatchesText, recordMatchesText, usersMatchingText } from "../../identity/index.ts";
import { anagrafiche, users } from "../../identity/tables.ts";
import { adminUserSuspensions, publicContacts } from "./tables.ts";

const ROME = "Europe/Rome";

/** The start of the current day, week (Monday), month or year in Italian time, as a timestamp. */
export const periodStart = (unit: "day" | "week" | "month" | "year"): SQL =>
  sql`(date_trunc(${unit}, now() at time zone ${ROME}) at time zone ${ROME})`;

/** The start of an Italian calendar day (YYYY-MM-DD) as a timestamp. */
const dayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone ${ROME})`;

export interface UserFilter {
  q?: string | undefined;
  type?: number | undefined;
  status?: "attivo" | "sospeso" | undefined;
  companyId?: number | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
  /** Registered since this moment (the registrations of today). */
  registeredSince?: SQL | undefined;
}

function whereOf(filter: UserFilter): SQL | undefined {
  return and(
    isNull(users.deletedAt),
    // identity's search on the trigram indexes, as utilities/users/search uses it.
    filter.q ? usersMatchingText(filter.q) : undefined,
    filter.type === undefined ? undefined : eq(users.type, filter.type),
    filter.status === "sospeso" ? isNotNull(users.disabledAt) : undefined,
    filter.status === "attivo" ? isNull(users.disabledAt) : undefined,
    filter.companyId === undefined ? undefined : eq(operators.companyId, filter.companyId),
    filter.registeredFrom ? gte(users.createdAt, dayStart(filter.registeredFrom)) : undefined,
    filter.registeredTo ? lt(users.createdAt, sql`${dayStart(filter.registeredTo)} + interval '1 day'`) : undefined,
    filter.registeredSince ? gte(users.createdAt, filter.registeredSince) : undefined,
  );
}

const listed = {
  id: users.id,
  type: users.type,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  name: anagrafiche.name,
  surname: anagrafiche.surname,
  cf: anagrafiche.cf,
  companyId: companies.id,
  companyName: companies.name,
  suspendedUntil: adminUserSuspensions.until,
};
export type ListedUser = {
  id: number;
  type: number;
  email: string | null;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
  name: string | null;
  surname: string | null;
  cf: string | null;
  companyId: number | null;
  companyName: string | null;
  suspendedUntil: Date | null;
};

function usersQuery(db: Executor) {
  return db
    .select(listed)
    .from(users)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
    .leftJoin(operators, eq(operators.userId, users.id))
    .leftJoin(companies, eq(companies.id, operators.companyId))
    .leftJoin(adminUserSuspensions, eq(adminUserSuspensions.userId, users.id));
}

/** A page of the accounts matching the filter (its SQL is what the PostgreSQL tests EXPLAIN). */
export function usersPage(
  db: Executor,
  filter: UserFilter,
  page: { offset: number; limit: number; oldestFirst?: boolean },
) {
  return usersQuery(db)
    .where(whereOf(filter))
    .orderBy(page.oldestFirst ? asc(users.id) : desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many accounts match, counted up to one past the cap. */
export function usersCount(db: Executor, filter: UserFilter) {
  const matches = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(operators, eq(operators.userId, users.id))
    .where(whereOf(filter))
    .limit(USERS_COUNT_CAP + 1)
    .as("matches");
  return db.select({ n: count() }).from(matches);
}

/**
 * Counted up to this many: past it the page says "more than" (an exact count read a million
 * accounts at each page, 500 ms; docs/performance.md), and the pager stops there.
 */
export const USERS_COUNT_CAP = ADMIN_USERS_COUNT_CAP;

/**
 * A text that many accounts contain (a common surname: 14 % of a million in the benchmark) matches
 * so many rows that the trigram indexes' plans above read and de-duplicate every one of them before
 * the page's 20 or the count's cap are taken (300 ms and more at a million, docs/performance.md
 * "Back office at scale"). Two cheaper ways first, each falling back to those plans when it cannot
 * answer, so the rows, their order and the count stay the same.
 *
 * The page: the newest (or oldest) WINDOW accounts read in key order, each tested against the text
 * (accountRowMatchesText): a page found whole there is the page, since every account past the window
 * comes after it in the page's order. A common text fills it in a few hundred rows; a rare one reads
 * the window (a few milliseconds) and the indexes' plan answers. The window's edge is read first, on
 * its own: given as a value, the planner knows the window is small (as a subquery it priced a third
 * of the table and sent parallel workers for a thousand rows).
 */
const WINDOW = 1000;

/** The id of the WINDOW-th newest (or oldest) account; null when there are fewer. */
export async function windowEdge(db: Executor, oldestFirst = false): Promise<number | null> {
  const [edge] = await db
    .select({ id: users.id })
    .from(users)
    .orderBy(oldestFirst ? asc(users.id) : desc(users.id))
    .offset(WINDOW - 1)
    .limit(1);
  return edge?.id ?? null;
}

/**
 * The ids of a text search's page in one statement, whichever way answers: the window's page when it
 * is whole, else the indexes' page (usersPage's filter). PostgreSQL runs the second branch only when
 * its one-time filter holds, so a common text never pays the indexes' plan; and the request sends the
 * same statements whatever the data (the statement-count test's rule: a list costs as many with 1 row
 * as with 50).
 */
function textPageIds(
  db: Executor,
  filter: UserFilter & { q: string },
  page: { offset: number; limit: number; oldestFirst?: boolean },
  edge: number | null,
) {
  const order = page.oldestFirst ? asc(users.id) : desc(users.id);
  const bound = edge === null ? undefined : page.oldestFirst ? lte(users.id, edge) : gte(users.id, edge);
  const inWindow = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
    .leftJoin(operators, eq(operators.userId, users.id))
    .where(and(whereOf({ ...filter, q: undefined }), accountRowMatchesText(filter.q), bound))
    .orderBy(order)
    .limit(page.limit)
    .offset(page.offset);
  const byIndexes = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(operators, eq(operators.userId, users.id))
    .where(whereOf(filter))
    .orderBy(order)
    .limit(page.limit)
    .offset(page.offset);
  return db.select({ id: sql<number>`"page"."id"`.mapWith(Number) }).from(
    sql`(with "win" as (${inWindow})
      select "id" from "win" where (select count(*) from "win") = ${page.limit}
      union all
      select "indexed"."id" from (${byIndexes}) "indexed" where (select count(*) from "win") < ${page.limit}) as "page"`,
  );
}

/** A text search's page: its ids (textPageIds), then their rows. */
export async function usersPageOfText(
  db: Executor,
  filter: UserFilter & { q: string },
  page: { offset: number; limit: number; oldestFirst?: boolean },
): Promise<ListedUser[]> {
  const edge = await windowEdge(db, page.oldestFirst);
  const ids = (await textPageIds(db, filter, page, edge)).map((row) => row.id);
  if (ids.length === 0) return [];
  return usersQuery(db)
    .where(inArray(users.id, ids))
    .orderBy(page.oldestFirst ? asc(users.id) : desc(users.id));
}

/**
 * The count of a text search, without usersMatchingText's de-duplication of every match: each side
 * of its union (the accounts whose record contains the text, those whose e-mail does; an account has
 * one record) counted up to one past the cap, then the union of what they found. A side that reached
 * past the cap makes the whole past it; otherwise both are whole and the union is the exact count.
 * The records are read from the trigram index as they come (the subquery kept apart by its
 * `offset 0`: joined, the planner read every account in key order instead), and a common text stops
 * at the cap's 10,001 instead of rechecking all of its matches.
 */
export function usersCountOfText(db: Executor, filter: UserFilter & { q: string }) {
  const others = whereOf({ ...filter, q: undefined });
  // Each record's account is checked by its key, one lookup per record (a scalar subquery is never
  // turned into a join): joined, the planner took the capped subquery for 10,001 rows and hashed the
  // whole users table (a name and a common surname, 3,572 records: 47 → 262 ms).
  const byRecord = sql`select "records"."user_id" from (select ${anagrafiche.userId} as "user_id" from ${anagrafiche}
      where ${recordMatchesText(filter.q)} offset 0) "records"
    where (select true from ${users} left join ${operators} on ${operators.userId} = ${users.id}
      where ${users.id} = "records"."user_id" and ${others} limit 1)
    limit ${USERS_COUNT_CAP + 1}`;
  const byEmail = sql`select ${users.id} from ${users}
    left join ${operators} on ${operators.userId} = ${users.id}
    where ${and(emailMatchesText(filter.q), others)}
    limit ${USERS_COUNT_CAP + 1}`;
  return db.select({ n: count() }).from(sql`((${byRecord}) union (${byEmail})) as "matches"`);
}

/**
 * The accounts matching the filter, a page of them, newest (highest id: ids follow registration)
 * first or oldest first: sorted on the primary key.
 */
export async function listUsers(
  db: Executor,
  filter: UserFilter,
  page: { offset: number; limit: number; oldestFirst?: boolean },
): Promise<{ rows: ListedUser[]; total: number; totalCapped: boolean }> {
  const q = filter.q;
  const [rows, totals] = await Promise.all([
    q && page.offset + page.limit <= WINDOW ? usersPageOfText(db, { ...filter, q }, page) : usersPage(db, filter, page),
    q ? usersCountOfText(db, { ...filter, q }) : usersCount(db, filter),
  ]);
  const n = totals[0]?.n ?? 0;
  return { rows, total: Math.min(n, USERS_COUNT_CAP), totalCapped: n > USERS_COUNT_CAP };
}

/**
 * A batch of the export after `afterId` (keyset: the export reads the whole list in constant memory,
 * one batch at a time, however many accounts match).
 */
export function usersBatch(
  db: Executor,
  filter: UserFilter,
  afterId: number | null,
  limit: number,
  oldestFirst: boolean,
): Promise<ListedUser[]> {
  const keyset = afterId === null ? undefined : oldestFirst ? gt(users.id, afterId) : lt(users.id, afterId);
  return usersQuery(db)
    .where(and(whereOf(filter), keyset))
    .orderBy(oldestFirst ? asc(users.id) : desc(users.id))
    .limit(limit);
}

export async function findUser(db: Executor, id: number): Promise<ListedUser | null> {
  const [row] = await usersQuery(db).where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

/** The administrators left, locked (FOR UPDATE) so that two deletions cannot both leave none. */
export async function lockAdministrators(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 2), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((r) => r.id);
}

export async function findCompany(db: Executor, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** Registrations since each period's start, in one pass over the year's rows. */
export async function registrationCounts(db: Executor) {
  const since = (unit: "day" | "week" | "month" | "year") =>
    sql<number>`count(*) filter (where ${users.createdAt} >= ${periodStart(unit)})`.mapWith(Number);
  const [row] = await db
    .select({ today: since("day"), week: since("week"), month: since("month"), year: since("year") })
    .from(users)
    .where(
      and(isNull(users.deletedAt), gte(users.createdAt, sql`least(${periodStart("year")}, ${periodStart("week")})`)),
    );
  return row ?? { today: 0, week: 0, month: 0, year: 0 };
}

// Suspensions with an end.

export async function upsertSuspension(db: Executor, userId: number, until: Date, reason: string | null) {
  await db
    .insert(adminUserSuspensions)
    .values({ userId, until, reason })
    .onConflictDoUpdate({ target: adminUserSuspensions.userId, set: { until, reason, createdAt: sql`now()` } });
}

export async function deleteSuspension(db: Executor, userId: number): Promise<void> {
  await db.delete(adminUserSuspensions).where(eq(adminUserSuspensions.userId, userId));
}

export async function dueSuspensions(db: Executor, limit: number, at: Date): Promise<number[]> {
  const rows = await db
    .select({ userId: adminUserSuspensions.userId })
    .from(adminUserSuspensions)
    .where(lte(adminUserSuspensions.until, at))
    .orderBy(asc(adminUserSuspensions.until))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** The row, locked, when still due (an administrator may have changed it since it was read). */
export async function lockDueSuspension(db: Executor, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .select({ userId: adminUserSuspensions.userId })
    .from(adminUserSuspensions)
    .where(and(eq(adminUserSuspensions.userId, userId), lte(adminUserSuspensions.until, at)))
    .for("update");
  return rows.length > 0;
}

// Public contacts.

export type ContactRow = typeof publicContacts.$inferSelect;

export async function insertContact(db: Executor, values: typeof publicContacts.$inferInsert): Promise<void> {
  await db.insert(publicContacts).values(values);
}

export interface ContactFilter {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** LIKE's wildcards in a user's text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function contactsWhere(filter: ContactFilter): SQL | undefined {
  const text = filter.q ? `%${escapeLike(filter.q)}%` : null;
  return and(
    text
      ? or(ilike(publicContacts.name, text), ilike(publicContacts.email, text), ilike(publicContacts.message, text))
      : undefined,
    filter.from ? gte(publicContacts.createdAt, dayStart(filter.from)) : undefined,
    filter.to ? lt(publicContacts.createdAt, sql`${dayStart(filter.to)} + interval '1 day'`) : undefined,
  );
}

export async function listContacts(
  db: Executor,
  filter: ContactFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const where = contactsWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(publicContacts)
      .where(where)
      .orderBy(desc(publicContacts.createdAt), desc(publicContacts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(publicContacts).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export function contactsBatch(db: Executor, filter: ContactFilter, afterId: number | null, limit: number) {
  return db
    .select()
    .from(publicContacts)
    .where(and(contactsWhere(filter), afterId === null ? undefined : lt(publicContacts.id, afterId)))
    .orderBy(desc(publicContacts.id))
    .limit(limit);
}
