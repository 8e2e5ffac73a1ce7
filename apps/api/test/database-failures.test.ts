import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorCatalogue } from "@cura/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { hashToken, newToken } from "../src/platform/auth/tokens.ts";
import { createTestContext } from "./helpers.ts";

/**
 * Issue 15: a database that is down, starting up or stalled answers 503 quickly, never a hang or a
 * 500; and a failed query's values never reach the logs. The database here is a closed port or a
 * small fake server, so these run on PGlite and PostgreSQL alike; failures of a real PostgreSQL
 * server (a backend killed mid-transaction, statement_timeout) are in database-failures.pg.test.ts.
 */

const unavailable = { message: errorCatalogue.unavailable.message };
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fake PostgreSQL server on a loopback port; `onSocket` decides what it answers. */
async function fakeServer(onSocket: (socket: Socket) => void): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

/** PostgreSQL's ErrorResponse: what a server starting up answers to a connection's startup message. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/** The whole app, with the configuration's default timeouts, on a PostgreSQL URL. */
async function appOn(port: number): Promise<FastifyInstance> {
  const storageDir = mkdtempSync(join(tmpdir(), "cura-files-"));
  const config = loadConfig({ NODE_ENV: "test", STORAGE_DIR: storageDir });
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: `postgresql://postgres@127.0.0.1:${port}/cura`,
    poolSize: 2,
    timeouts: config.databaseTimeouts,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
    rmSync(storageDir, { recursive: true, force: true });
  });
  return app;
}

/** Resolves with the promise's value and how long it took; rejects when it takes longer than `ms`. */
async function timed<T>(promise: Promise<T>, ms: number): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    const value = await Promise.race([promise, late]);
    return { value, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

const profile = (app: FastifyInstance) =>
  app.inject({ method: "GET", url: "/api/v1/users/fresh/me", headers: { authorization: `Bearer ${newToken()}` } });
const health = (app: FastifyInstance) => app.inject({ method: "GET", url: "/api/v1/health" });

describe("a database that cannot be reached", () => {
  it("refusing connections: a route answers 503 within 2 s, the health check reports it down", async () => {
    const app = await appOn(await closedPort());
    const answer = await timed(profile(app), 2000);
    expect(answer.value.statusCode, answer.value.body).toBe(503);
    expect(answer.value.json()).toEqual(unavailable);
    const checked = await timed(health(app), 1500);
    expect(checked.value.statusCode).toBe(503);
    expect(checked.value.json()).toEqual({ data: { status: "degraded", database: "down" } });
  });

  it("starting up (57P03): a route answers 503 within 2 s", async () => {
    const port = await fakeServer((socket) =>
      socket.once("data", () => socket.end(errorResponse("57P03", "the database system is starting up"))),
    );
    const app = await appOn(port);
    const answer = await timed(profile(app), 2000);
    expect(answer.value.statusCode, answer.value.body).toBe(503);
    expect(answer.value.json()).toEqual(unavailable);
    expect((await timed(health(app), 1500)).value.statusCode).toBe(503);
  });

  it("stalled (accepts, never answers): the health check answers within 1.5 s, a route 503 within the connect timeout", async () => {
    const app = await appOn(await fakeServer(() => {}));
    const checked = await timed(health(app), 1500);
    expect(checked.value.statusCode).toBe(503);
    expect(checked.value.json().data.database).toBe("down");
    const answer = await timed(profile(app), 3000);
    expect(answer.value.statusCode, answer.value.body).toBe(503);
    expect(answer.value.json()).toEqual(unavailable);
  });
});

describe("the log of a failed query", () => {
  it("keeps the SQL and its SQLSTATE but never the values it ran with (a session token's hash)", async () => {
    const lines: string[] = [];
    const t = await createTestContext({ LOG_LEVEL: "info" }, { logStream: { write: (line) => void lines.push(line) } });
    cleanups.push(() => t.close());
    const token = newToken();
    // Every request with a token now fails on the query that looks its session up by the token's hash:
    // a bug-class error (500), logged as unexpected.
    await t.database.db.execute(sql`alter table sessions rename to sessions_gone`);
    const response = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token });
    expect(response.statusCode).toBe(500);

    const logged = lines.find((line) => line.includes("unexpected error"));
    expect(logged, lines.join("")).toBeDefined();
    expect(logged).not.toContain(hashToken(token));
    expect(logged).toContain('from \\"sessions\\"');
    expect(logged).toContain('"code":"42P01"');
    expect(lines.join("")).not.toContain(hashToken(token));
    expect(lines.join("")).not.toContain(token);
  });
});
