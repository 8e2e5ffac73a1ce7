import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { type UserFilter, usersCount, usersPage } from "./repository.ts";

/**
 * PostgreSQL only: with enough accounts for the planner to prefer them, the users page's search and
 * its count read the trigram indexes (identity/tables.ts), not every account (docs/performance.md,
 * "Back office at scale": 503 ms at a million before).
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
  await t.database.db.execute(sql`analyze users; analyze anagrafiche`);
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
