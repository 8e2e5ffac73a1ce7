import { and, arrayContains, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
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

/** Which memberships a status filter of the operators list means. */
function statusCondition(status: "pending" | "enabled" | "suspended"): SQL | undefined {
  if (status === "pending") return eq(operators.approval, "pending");
  return and(eq(operators.approval, "approved"), eq(operators.active, status === "enabled"));
}

/** A company's operators, without those it refused (they are not its operators). */
export async function listOperators(
  db: Executor,
  companyId: number,
  options: { q?: string; status?: "pending" | "enabled" | "suspended"; limit: number; offset: number },
) {
  const conditions: Array<SQL | undefined> = [
    eq(operators.companyId, companyId),
    ne(operators.approval, "refused"),
    sql`${users.deletedAt} is null`,
  ];
  if (options.status !== undefined) conditions.push(statusCondition(options.status));
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
    // Those waiting to be enabled come first: they are what the administrator has to act on.
    .orderBy(
      sql`${operators.approval} = 'pending' desc`,
      asc(anagrafiche.surname),
      asc(anagrafiche.name),
      asc(operators.id),
    )
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * The user ids of a company's enabled operators whose account is not deleted (what the operators
 * list's "enabled" filter shows): the notifications module writes to them on every booking change,
 * so it reads the ids alone, without the list's names, order and count.
 */
export async function enabledOperatorUserIds(db: Executor, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: operators.userId })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .where(and(eq(operators.companyId, companyId), statusCondition("enabled"), sql`${users.deletedAt} is null`));
  return rows.map((row) => row.userId);
}

/** One operator of a company by user id; another company's operator, or one it refused, is not found. */
export async function findOperator(db: Executor, companyId: number, userId: number) {
  const rows = await db
    .select(operatorColumns)
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .leftJoin(anagrafiche, eq(anagrafiche.userId, operators.userId))
    .where(
      and(
        eq(operators.companyId, companyId),
        eq(operators.userId, userId),
        ne(operators.approval, "refused"),
        sql`${users.deletedAt} is null`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Enabled operators of a company holding a permission string (its administrators, for one). */
export async function enabledOperatorIdsWith(db: Executor, companyId: number, permission: string): Promise<number[]> {
  const rows = await db
    .select({ userId: operators.userId })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .where(
      and(
        eq(operators.companyId, companyId),
        eq(operators.approval, "approved"),
        eq(operators.active, true),
        arrayContains(operators.permissions, [permission]),
        sql`${users.deletedAt} is null`,
        sql`${users.disabledAt} is null`,
      ),
    )
    .orderBy(asc(operators.userId));
  return rows.map((row) => row.userId);
}

/** The company of an operator's membership, whatever its state (a platform administrator's actions). */
export async function companyOfOperator(db: Executor, userId: number): Promise<number | null> {
  const rows = await db
    .select({ companyId: operators.companyId })
    .from(operators)
    .where(eq(operators.userId, userId))
    .limit(1);
  return rows[0]?.companyId ?? null;
}

/**
 * Enables ('approved', active) or refuses ('refused', never active) a pending membership. Only a
 * pending one changes, so two administrators deciding at once cannot both win: false for the second.
 */
export async function decideJoinRequest(
  db: Executor,
  companyId: number,
  userId: number,
  approval: "approved" | "refused",
): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ approval, active: approval === "approved" })
    .where(and(eq(operators.companyId, companyId), eq(operators.userId, userId), eq(operators.approval, "pending")))
    .returning({ id: operators.id });
  return rows.length > 0;
}

export async function updateOperator(
  db: Executor,
  companyId: number,
  userId: number,
  values: Partial<Pick<OperatorRow, "active" | "approval" | "role" | "permissions">>,
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
