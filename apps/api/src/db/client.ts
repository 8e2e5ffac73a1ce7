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
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** A ready PGlite instance (tests open one from a migrated template). */
  pglite?: PGlite;
}

/** PostgreSQL when a URL is given, otherwise PGlite persisted under `<dataDir>/pg`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl && !options.pglite) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its server must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      kind: "postgres",
      db,
      pool,
      ping: () => ping(db),
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
    ping: () => ping(db),
    close: async () => {
      if (!instance.closed) await instance.close();
    },
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
