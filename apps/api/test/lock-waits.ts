import type pg from "pg";

/**
 * Resolves once one of the API's statements on the current database waits on a lock, as seen by
 * `observer` (another client, usually the one holding the lock); throws after 5 s. For PostgreSQL
 * tests that hold a lock to freeze a request at a known point.
 */
export async function waitUntilBlocked(observer: pg.Client): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    // Inside the observer's transaction pg_stat_activity keeps its first snapshot: clear it each time.
    await observer.query("select pg_stat_clear_snapshot()");
    const { rows } = await observer.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if ((rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the API's statement never waited on the lock");
}
