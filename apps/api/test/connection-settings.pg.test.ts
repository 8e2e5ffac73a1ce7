import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";

/**
 * The API's own connections run without JIT whatever the server's default (docs/performance.md, Back
 * office at scale: a count over a million records paid 15-20 ms of compilation per request).
 * PostgreSQL only: PGlite has no JIT.
 */
describe("the API's PostgreSQL connections", () => {
  it("turn JIT off on every connection of the pool", async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("this test needs PostgreSQL (TEST_DATABASE_URL)");
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const shown = await Promise.all(
        [0, 1].map(async () => {
          const result = await database.db.execute<{ jit: string }>(
            sql`select current_setting('jit') as jit, pg_sleep(0.05)`,
          );
          return result.rows[0]?.jit;
        }),
      );
      expect(shown).toEqual(["off", "off"]);
    } finally {
      await database.close();
    }
  });
});
