import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What a repository function runs on: the database, or the transaction of a larger use case. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /** The underlying PGlite instance (embedded mode only): migrations and test templates use it. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Whether the database answers `select 1` within `timeoutMs` (the health check's own bound). */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Bounds on waits for PostgreSQL; absent, a wait is unbounded (scripts, migrations). */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** One statement on the server (`statement_timeout`, SQLSTATE 57014 when it fires). */
  statementMs: number;
  /** One query seen from this process (`query_timeout`): a server that stopped answering. */
  queryMs: number;
}

/** The health check answers within this, whatever the database does. */
export const PING_TIMEOUT_MS = 1000;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  /** Told about a connection lost outside a request (the request itself gets its error). */
  onConnectionError?: (error: Error) => void;
  /** A ready PGlite instance (tests open one from a migrated template). */
  pglite?: PGlite;
}

/** PostgreSQL when a URL is given, otherwise PGlite persisted under `<dataDir>/pg`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl && !options.pglite) {
    const timeouts = options.timeouts;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A server that vanished without closing its sockets is noticed by the kernel, not only by a timeout.
      keepAlive: true,
      ...(timeouts
        ? {
            connectionTimeoutMillis: timeouts.connectMs,
            statement_timeout: timeouts.statementMs,
            query_timeout: timeouts.queryMs,
          }
        : {}),
    });
    const lost = (error: Error) => options.onConnectionError?.(error);
    // A client that loses its server emits 'error'; with no listener Node ends the process. The pool
    // listens only while a client is idle, so every client gets its own listener for its whole life,
    // checked out in a transaction included (its query fails on its own and the request answers 503).
    pool.on("error", () => {}); // repeats an idle client's error, which its own listener reports
    pool.on("connect", (client) => {
      client.on("error", lost);
      if (timeouts) endClientAfterQueryTimeout(client);
    });
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      kind: "postgres",
      db,
      pool,
      ping: (timeoutMs = PING_TIMEOUT_MS) =>
        withTimeout(
          pool.query({ text: "select 1", query_timeout: timeoutMs } as pg.QueryConfig).then(() => true),
          timeoutMs,
        ),
      close: () => pool.end(),
    };
  }
  let pglite = options.pglite;
  if (!pglite) {
    const dir = `${options.dataDir ?? "./data"}/pg`;
    // PGlite does not create parent folders itself.
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create({ dataDir: dir });
  }
  const instance = pglite;
  const db = drizzlePglite(instance, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    pglite: instance,
    ping: (timeoutMs = PING_TIMEOUT_MS) => withTimeout(ping(db), timeoutMs),
    close: async () => {
      if (!instance.closed) await instance.close();
    },
  };
}

/**
 * After a client-side query timeout the query may still be running on a server that does not answer:
 * the connection is ended, so the transaction's rollback fails at once and the pool drops the client
 * instead of handing a stuck connection to the next request. (Queries outside a transaction are
 * released with their error, which drops the client already.)
 */
function endClientAfterQueryTimeout(client: pg.PoolClient): void {
  const query = client.query as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query.apply(client, args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === "Query read timeout") client.end().catch(() => {});
      });
    }
    return result;
  };
}

/** False when `check` fails or takes longer than `timeoutMs`. */
async function withTimeout(check: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
