import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { DatabaseOverloadedError } from "../platform/database-errors.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What a repository function runs on: the database, or the transaction of a larger use case. */
export type Executor = Database | Transaction;

/**
 * One request's database acquisitions (set by the app for each request). Only a request's first
 * acquisition may be shed: an admitted request's later ones (the handler's after the session
 * lookup, the work after its commit) wait their turn, so a request is refused whole at the door or
 * served whole, never broken half-way. Work outside a request (jobs) is shed like a first acquisition.
 */
export const requestAdmissions = new AsyncLocalStorage<{ admitted: boolean }>();

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /** The underlying PGlite instance (embedded mode only): migrations and test templates use it. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Whether the database answers `select 1` within `timeoutMs` (the health check's own bound). */
  ping(timeoutMs?: number): Promise<boolean>;
  /** The pool's connections and queue (PostgreSQL only); `reset` starts the peak and shed counts again. */
  poolLoad?(reset?: boolean): PoolLoad;
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

export interface PoolLoad {
  size: number;
  /** Connections open (busy or idle), and waiters for one, now. */
  total: number;
  idle: number;
  waiting: number;
  /** The most waiters seen, and how many requests were shed, since the last reset. */
  peakWaiting: number;
  shed: number;
  queueLimit: number | null;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  /**
   * At most this many waiters for a pooled connection; one more is refused at once with
   * DatabaseOverloadedError (503 "sovraccarico"). Absent: unbounded (scripts, migrations).
   */
  queueLimit?: number;
  /** Told about a connection lost outside a request (the request itself gets its error). */
  onConnectionError?: (error: Error) => void;
  /** A ready PGlite instance (tests open one from a migrated template). */
  pglite?: PGlite;
}

/**
 * The extensions every PGlite is created with: the migrations create them (pg_trgm: the administrator's
 * user search), and a copy of a migrated database needs them loaded to open. PGlite is imported only
 * where it is used: a server on PostgreSQL never loads it (9 MB resident).
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
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
      // JIT compiles a plan whose estimated cost passes jit_above_cost: tens of milliseconds that a
      // request's statement never wins back (the back office's counts over a million records, with
      // their estimates inflated by a subplan, paid 15-20 ms each; docs/performance.md "Back office").
      options: "-c jit=off",
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
    const load = { peakWaiting: 0, shed: 0 };
    const queue = limitQueue(pool, options.queueLimit, load);
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      kind: "postgres",
      db,
      pool,
      // Around the queue limit: an overloaded instance still tells whether its database answers.
      ping: (timeoutMs = PING_TIMEOUT_MS) => withTimeout(pingThrough(queue.connect, timeoutMs), timeoutMs),
      poolLoad: (reset = false) => {
        const snapshot: PoolLoad = {
          size: pool.options.max ?? 10,
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: queue.waiting(),
          peakWaiting: load.peakWaiting,
          shed: load.shed,
          queueLimit: options.queueLimit ?? null,
        };
        if (reset) Object.assign(load, { peakWaiting: queue.waiting(), shed: 0 });
        return snapshot;
      },
      close: () => pool.end(),
    };
  }
  let pglite = options.pglite;
  if (!pglite) {
    const dir = `${options.dataDir ?? "./data"}/pg`;
    // PGlite does not create parent folders itself.
    mkdirSync(dir, { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    pglite = await PGlite.create({ dataDir: dir, extensions: await pgliteExtensions() });
  }
  const instance = pglite;
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
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
 * Bounds the pool's queue: every acquisition (drizzle's `pool.query` and its transactions' `connect`
 * both go through `pool.connect`) is refused at once when `limit` others already wait, instead of
 * joining a queue that a slow or stalled database would let grow with every request. Returns the
 * unlimited `connect` (for the health ping) and the count of waiters.
 */
function limitQueue(
  pool: pg.Pool,
  limit: number | undefined,
  load: { peakWaiting: number; shed: number },
): { connect: pg.Pool["connect"]; waiting: () => number } {
  const connect = pool.connect.bind(pool) as pg.Pool["connect"];
  const max = pool.options.max ?? 10;
  // pg-pool queues a request even when an idle client is about to serve it (on the next tick): those
  // are not waiting. While the pool may still open a connection, nobody waits either.
  const waitingNow = () => (pool.totalCount < max ? 0 : Math.max(0, pool.waitingCount - pool.idleCount));
  const limited = (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    const waiting = waitingNow();
    const admission = requestAdmissions.getStore();
    if (limit !== undefined && waiting >= limit && !admission?.admitted) {
      load.shed++;
      const error = new DatabaseOverloadedError(waiting);
      if (!callback) return Promise.reject(error);
      process.nextTick(() => callback(error));
      return undefined;
    }
    if (admission) admission.admitted = true;
    const result = (connect as (cb?: unknown) => unknown)(callback);
    load.peakWaiting = Math.max(load.peakWaiting, waitingNow());
    return result;
  };
  (pool as { connect: unknown }).connect = limited;
  return { connect, waiting: waitingNow };
}

async function pingThrough(connect: pg.Pool["connect"], timeoutMs: number): Promise<boolean> {
  const client = await connect();
  try {
    await client.query({ text: "select 1", query_timeout: timeoutMs } as pg.QueryConfig);
    client.release();
    return true;
  } catch (error) {
    // A connection that failed its ping leaves the pool.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
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
