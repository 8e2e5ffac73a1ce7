import { and, eq, ilike, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { anagraficaSearchText, anagrafiche, users } from "./tables.ts";

export interface UserFilter {
  /** Name, surname (both in either order), e-mail or tax code containing this text (case-insensitive). */
  text?: string;
  /** Exactly this (normalised) tax code. */
  cf?: string;
  type?: number;
}

/** LIKE's wildcards in a user's text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The accounts whose name, surname, both in either order, tax code or e-mail contain the text, as
 * `users.id in (…)`. Each side reads its own trigram index (tables.ts: `anagrafiche_search_trgm_idx`,
 * `users_email_trgm_idx`); one `OR` over the join of both tables read every account instead (503 ms
 * at a million, docs/performance.md "Back office at scale"). A trigram index serves 3 characters or
 * more: the callers' schemas ask for that many. Shared by `utilities/users/search` and the back
 * office's users page (admin/users/repository.ts).
 */
export function usersMatchingText(text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return sql`${users.id} in (select ${anagrafiche.userId} from ${anagrafiche} where ${ilike(anagraficaSearchText(anagrafiche), pattern)} union all select "u"."id" from ${users} "u" where "u"."email" ilike ${pattern})`;
}

/**
 * The same match as usersMatchingText, tested on an account joined to its record (`users` left join
 * `anagrafiche`), row by row, no index: for reading the newest accounts in key order, where a text
 * that many accounts contain finds a page in a few hundred rows (admin/users/repository.ts).
 */
export function accountRowMatchesText(text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return sql`(${ilike(anagraficaSearchText(anagrafiche), pattern)} or ${ilike(users.email, pattern)})`;
}

/** usersMatchingText's two sides apart: the records that contain the text, and the e-mails. */
export function recordMatchesText(text: string): SQL {
  return ilike(anagraficaSearchText(anagrafiche), `%${escapeLike(text)}%`);
}
export function emailMatchesText(text: string): SQL {
  return ilike(users.email, `%${escapeLike(text)}%`);
}

/** The page and the count of `utilities/users/search` (apart, so the PostgreSQL tests can EXPLAIN them). */
export function searchUsersQueries(db: Executor, filter: UserFilter, page: { offset: number; limit: number }) {
  const where = and(
    isNull(users.deletedAt),
    filter.text === undefined ? undefined : usersMatchingText(filter.text),
    filter.cf === undefined ? undefined : eq(anagrafiche.cf, filter.cf),
    filter.type === undefined ? undefined : eq(users.type, filter.type),
  );
  return {
    page: db
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
    count: db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
      .where(where),
  };
}

/** One page of users matching the filter, with the total, in two queries. */
export async function searchUsers(db: Executor, filter: UserFilter, page: { offset: number; limit: number }) {
  const queries = searchUsersQueries(db, filter, page);
  const [rows, count] = await Promise.all([queries.page, queries.count]);
  return { rows, total: count[0]?.n ?? 0 };
}
