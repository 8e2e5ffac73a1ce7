import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { searchUsersQueries } from "../../identity/directory-repository.ts";
import { type UserFilter, usersCount, usersCountOfText, usersPage } from "./repository.ts";

/**
 * PostgreSQL only: with enough accounts for the planner to prefer them, the users page's search and
 * its count read the trigram indexes (identity/tables.ts), not every account (docs/performance.md,
 * "Back office at scale": 503 ms at a million before); so does `utilities/users/search`, which shares
 * the search (identity/directory-repository.ts), and an operator's exact tax code reads its B-tree.
 */
let t: TestContext;
const ACCOUNTS = 50_000;

beforeAll(async () => {
  t = await createTestContext();
  await t.database.db.execute(sql`
    with made as (
      insert into users (email, type, i_am)
      select 'persona.' || g || '@example.test', 0, 'cittadino' from generate_series(1, ${ACCOUNTS}) g
      returning id
    )
    insert into anagrafiche (user_id, name, surname, cf)
    select id, (array['Mario','Giulia','Paolo','Anna','Luca'])[1 + id % 5],
           'Cognome' || (id % 997), upper(md5(id::text))
    from made`);
  // As an installation's tables are: vacuumed too, which also empties the GIN indexes' pending lists
  // (fastupdate). Right after a bulk insert a long pending list makes the trigram indexes look dear to
  // the planner, and it read every account instead under load (autovacuum had not come by).
  const pool = t.database.pool;
  if (!pool) throw new Error("PostgreSQL only");
  for (const table of ["users", "anagrafiche"]) await pool.query(`vacuum analyze ${table}`);
}, 120_000);
afterAll(() => t.close());

/** The plan PostgreSQL chooses for a query the repository builds, as text. */
async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const pool = t.database.pool;
  if (!pool) throw new Error("PostgreSQL only");
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain ${text}`, params);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

it("searches names, tax codes and e-mails through the trigram indexes, page and count", async () => {
  for (const q of ["cognome123", "mario cognome12", "persona.4242@", "A1B2"]) {
    const filter: UserFilter = { q };
    for (const query of [
      usersPage(t.database.db, filter, { offset: 0, limit: 20 }),
      usersCount(t.database.db, filter),
      // The count the page sends for a text (each side of the union apart, up to the cap).
      usersCountOfText(t.database.db, { q }),
    ]) {
      const explained = await plan(query);
      expect(explained, q).toContain("anagrafiche_search_trgm_idx");
      expect(explained, q).toContain("users_email_trgm_idx");
      expect(explained, q).not.toMatch(/Seq Scan on (users|anagrafiche)\b/);
    }
  }
  // And finds what it should.
  const [row] = await usersPage(t.database.db, { q: "persona.4242@" }, { offset: 0, limit: 20 });
  expect(row?.email).toBe("persona.4242@example.test");
});

it("utilities/users/search reads the same trigram indexes; an operator's exact tax code the tax-code index", async () => {
  for (const q of ["cognome123", "mario cognome12", "persona.4242@"]) {
    for (const filter of [{ text: q }, { text: q, type: 0 }]) {
      const { page, count } = searchUsersQueries(t.database.db, filter, { offset: 0, limit: 20 });
      for (const query of [page, count]) {
        const explained = await plan(query);
        expect(explained, q).toContain("anagrafiche_search_trgm_idx");
        expect(explained, q).toContain("users_email_trgm_idx");
        expect(explained, q).not.toMatch(/Seq Scan on (users|anagrafiche)\b/);
      }
    }
  }
  const [someone] = await searchUsersQueries(t.database.db, { text: "persona.4242@" }, { offset: 0, limit: 20 }).page;
  expect(someone?.email).toBe("persona.4242@example.test");
  const cf = someone?.cf as string;
  const exact = searchUsersQueries(t.database.db, { cf, type: 0 }, { offset: 0, limit: 20 });
  for (const query of [exact.page, exact.count]) {
    const explained = await plan(query);
    expect(explained).toContain("anagrafiche_cf_idx");
    expect(explained).not.toMatch(/Seq Scan on (users|anagrafiche)\b/);
  }
  expect((await exact.page).map((r) => r.email)).toEqual(["persona.4242@example.test"]);
});
