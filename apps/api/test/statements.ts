import { AsyncLocalStorage } from "node:async_hooks";
import type { DatabaseHandle } from "../src/db/client.ts";

/**
 * Counts the SQL statements the app sends to its database, at the driver (PGlite's query and exec,
 * inside transactions too; node-postgres clients as the pool hands them out), so that a test can
 * check that a use case costs a small, constant number of round trips whatever the number of rows.
 * Transaction control is counted on PostgreSQL (BEGIN and COMMIT are statements there) and not on
 * PGlite (its transaction() sends them itself): compare counts with a bound, not an exact number.
 */
export interface StatementCounter {
  /** Statements sent since the counter started or was last reset. */
  readonly count: number;
  /** Their SQL text, in order (for a failing assertion's message). */
  readonly statements: readonly string[];
  reset(): void;
  /**
   * Resets, then counts only the statements `work` sends (its own async calls, followed through
   * awaits): the app's background jobs (the dispatchers' timers, pg-boss) may query the same database
   * meanwhile, and on a slower server they did (a count of 17 where the dispatch sent 15).
   */
  only<T>(work: () => Promise<T>): Promise<T>;
}

/** Set while a counter's `only` runs its work: the statements sent outside it are not counted. */
const counting = new AsyncLocalStorage<StatementCounter>();

type Query = (...args: unknown[]) => unknown;

function textOf(args: unknown[]): string {
  const first = args[0];
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "text" in first) return String((first as { text: unknown }).text);
  return String(first);
}

/** Installs the counter on the test database (once per handle); it counts for the handle's whole life. */
export function countStatements(database: DatabaseHandle): StatementCounter {
  const statements: string[] = [];
  let scoped = false;
  const counted = <T extends object>(target: T, method: string): void => {
    const original = (target as Record<string, unknown>)[method] as Query;
    (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (!scoped || counting.getStore() === counter) statements.push(textOf(args));
      return original.apply(target, args);
    };
  };

  if (database.pglite) {
    const pglite = database.pglite;
    counted(pglite, "query");
    counted(pglite, "exec");
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = ((callback: (tx: object) => Promise<unknown>) =>
      transaction(async (tx) => {
        counted(tx, "query");
        counted(tx, "exec");
        return callback(tx);
      })) as typeof pglite.transaction;
  } else if (database.pool) {
    const wrapped = new WeakSet<object>();
    database.pool.on("acquire", (client) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      counted(client, "query");
    });
  } else {
    throw new Error("countStatements: a database handle without PGlite or a pool");
  }

  const counter: StatementCounter = {
    get count() {
      return statements.length;
    },
    statements,
    reset() {
      statements.length = 0;
    },
    async only(work) {
      statements.length = 0;
      scoped = true;
      try {
        return await counting.run(counter, work);
      } finally {
        scoped = false;
      }
    },
  };
  return counter;
}
