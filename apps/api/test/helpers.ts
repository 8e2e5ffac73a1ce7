import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type AppOptions, buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type DatabaseHandle, type DatabaseOptions, openDatabase, pgliteExtensions } from "../src/db/client.ts";
import { DEMO_PASSWORD } from "../src/db/seed.ts";
import { withDatabase } from "./global-setup.ts";

export { DEMO_PASSWORD };

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  storageDir: string;
  /** Signs a demo (or any) account in and returns its bearer token. */
  login(email: string, password?: string): Promise<string>;
  /**
   * A second API instance on the same database, as a deployment with two instances runs: on
   * PostgreSQL with its own connection pool; on PGlite over the same embedded database (PGlite serves
   * one process). Closed with the context.
   */
  secondInstance(): Promise<Pick<TestContext, "app" | "request">>;
  /** `app.inject` with an optional bearer token. */
  request(options: {
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    url: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    payload?: string | Buffer;
    /**
     * The client address (default 127.0.0.1). Limits per address (sign-in failures, registrations,
     * company code lookups) count per address: a test that makes many such calls gives its own.
     */
    remoteAddress?: string;
  }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Connection options on PostgreSQL (timeouts, the lost-connection callback). */
  database?: Pick<DatabaseOptions, "timeouts" | "onConnectionError" | "queueLimit">;
  /** Where the app's log lines go (with LOG_LEVEL in `env`). */
  logStream?: AppOptions["logStream"];
  /** A built web app of the test's own (default apps/web/dist). */
  webDist?: AppOptions["webDist"];
}

/** A fresh database (copied from the migrated, seeded template) and the whole app on it. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const storageDir = mkdtempSync(join(tmpdir(), "cura-files-"));
  const { database, dropDatabase, databaseUrl } = await freshDatabase(options.database);
  const config = loadConfig({ NODE_ENV: "test", STORAGE_DIR: storageDir, ...env });
  const app = await buildApp({ config, database, logStream: options.logStream, webDist: options.webDist });
  await app.ready();
  const others: Array<() => Promise<void>> = [];

  const injector =
    (target: FastifyInstance): TestContext["request"] =>
    (options) =>
      target.inject({
        method: options.method,
        url: options.url,
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        ...(options.payload !== undefined
          ? { payload: options.payload }
          : options.body !== undefined
            ? { payload: options.body as object }
            : {}),
      });
  const request = injector(app);

  return {
    app,
    database,
    storageDir,
    request,
    async secondInstance() {
      const second = databaseUrl
        ? await openDatabase({ databaseUrl, poolSize: 4 })
        : await openDatabase({ pglite: database.pglite });
      const other = await buildApp({ config, database: second });
      await other.ready();
      others.push(async () => {
        await other.close();
        // The embedded database is the first instance's: closed once, with it.
        if (databaseUrl) await second.close();
      });
      return { app: other, request: injector(other) };
    },
    async login(email, password = DEMO_PASSWORD) {
      const response = await request({ method: "POST", url: "/api/v1/users/login", body: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
      return response.json().data.token as string;
    },
    async close() {
      for (const closeOther of others) await closeOther();
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

async function freshDatabase(options: TestContextOptions["database"] = {}): Promise<{
  database: DatabaseHandle;
  dropDatabase: () => Promise<void>;
  databaseUrl?: string;
}> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (url && template) {
    const name = `${template}_f${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const databaseUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl, poolSize: 4, ...options });
    return {
      database,
      databaseUrl,
      async dropDatabase() {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dump = readFileSync(inject("pgliteTemplate"));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: await pgliteExtensions() });
  return { database: await openDatabase({ pglite }), dropDatabase: async () => {} };
}

/** Demo accounts by role, as the seed creates them. */
export const accounts = {
  admin: "admin@cura.demo",
  pharmacyAdmin: "farmacia.admin@cura.demo",
  pharmacyOperator: "farmacia.operatore@cura.demo",
  roomAdmin: "monitoraggio.admin@cura.demo",
  roomOperator: "monitoraggio.operatore@cura.demo",
  citizen: "maria.rossi@cura.demo",
  citizen2: "giuseppe.bianchi@cura.demo",
  citizen3: "giulia.esposito@cura.demo",
} as const;
