import { and, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { anagrafiche, users } from "./tables.ts";

export interface UserFilter {
  /** Name, surname, e-mail or tax code containing this text (case-insensitive). */
  text?: string;
  /** Exactly this (normalised) tax code. */
  cf?: string;
  type?: number;
}

/** One page of users matching the filter, with the total, in two queries. */
export async function searchUsers(db: Executor, filter: UserFilter, page: { offset: number; limit: number }) {
  const pattern = filter.text === undefined ? undefined : `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    isNull(users.deletedAt),
    pattern
      ? or(
          ilike(anagrafiche.name, pattern),
          ilike(anagrafiche.surname, pattern),
          ilike(users.email, pattern),
          ilike(anagrafiche.cf, pattern),
          sql`(${anagrafiche.name} || ' ' || ${anagrafiche.surname}) ilike ${pattern}`,
        )
      : undefined,
    filter.cf === undefined ? undefined : eq(anagrafiche.cf, filter.cf),
    filter.type === undefined ? undefined : eq(users.type, filter.type),
  );
  const [rows, count] = await Promise.all([
    db
      .select({
        id: users.id,
        type: users.type,
        email: users.email,
        disabledAt: users.disabledAt,
        name: anagrafiche.name,
        surname: anagrafiche.surname,
        cf: anagrafiche.cf,
      })
      .from(users)
      .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
      .where(where)
      .orderBy(anagrafiche.surname, anagrafiche.name, users.id)
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
