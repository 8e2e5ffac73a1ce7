import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
// The operators list shows each operator's name and e-mail, which the identity module keeps. Its
// service has no batch lookup of people yet, and one call per operator would be N+1 queries: this
// file alone reads those three columns of identity's tables, for display, and nothing else.
import { anagrafiche, users } from "../identity/tables.ts";
import { escapeLike } from "./services-repository.ts";
import { operators } from "./tables.ts";

export type OperatorRow = typeof operators.$inferSelect;

const operatorColumns = {
  operator: operators,
  email: users.email,
  name: anagrafiche.name,
  surname: anagrafiche.surname,
};

export async function listOperators(
  db: Executor,
  companyId: number,
  options: { q?: string; active?: boolean; limit: number; offset: number },
) {
  const conditions: Array<SQL | undefined> = [eq(operators.companyId, companyId), sql`${users.deletedAt} is null`];
  if (options.active !== undefined) conditions.push(eq(operators.active, options.active));
  if (options.q) {
    const like = `%${escapeLike(options.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${anagrafiche.name}) like ${like} or lower(${anagrafiche.surname}) like ${like} or lower(${users.email}) like ${like})`,
    );
  }
  const rows = await db
    .select({ ...operatorColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .leftJoin(anagrafiche, eq(anagrafiche.userId, operators.userId))
    .where(and(...conditions))
    .orderBy(asc(anagrafiche.surname), asc(anagrafiche.name), asc(operators.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** One operator of a company by user id; another company's operator is not found. */
export async function findOperator(db: Executor, companyId: number, userId: number) {
  const rows = await db
    .select(operatorColumns)
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .leftJoin(anagrafiche, eq(anagrafiche.userId, operators.userId))
    .where(and(eq(operators.companyId, companyId), eq(operators.userId, userId), sql`${users.deletedAt} is null`))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateOperator(
  db: Executor,
  companyId: number,
  userId: number,
  values: Partial<Pick<OperatorRow, "active" | "role" | "permissions">>,
): Promise<void> {
  await db
    .update(operators)
    .set(values)
    .where(and(eq(operators.companyId, companyId), eq(operators.userId, userId)));
}

/** Display names of users (archive uploaders), by user id. */
export async function namesOf(db: Executor, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: anagrafiche.userId, name: anagrafiche.name, surname: anagrafiche.surname })
    .from(anagrafiche)
    .where(inArray(anagrafiche.userId, userIds));
  return new Map(rows.map((r) => [r.userId, `${r.name} ${r.surname}`.trim()]));
}
