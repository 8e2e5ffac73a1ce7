import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database, Executor } from "./client.ts";

/**
 * A query that runs on (almost) every request, built once per database instead of on every call:
 * drizzle's query building (selection, casing, SQL assembly) was about a quarter of the API's busy
 * CPU under load (issue 15). `build` returns drizzle's `.prepare("name")` of a query whose values
 * are `sql.placeholder`s; on PostgreSQL it is sent as a named prepared statement, parsed and planned
 * once per connection, on PGlite the built SQL is reused.
 *
 * Built on the database itself, never on a transaction: a prepared query always runs outside any
 * transaction, so only reads that need none (the session lookup, a list) use one.
 */
export function preparedQuery<T>(build: (db: Database) => T): (db: Database) => T {
  // One per database: tests run many apps in one process, each on its own database.
  const built = new WeakMap<Database, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * Whether a repository function was handed a transaction rather than the database: a prepared query
 * belongs to the database, so a function that runs in both places uses it only outside transactions.
 */
export function isTransaction(db: Executor): boolean {
  return db instanceof PgTransaction;
}
