import { errorCatalogue } from "@cura/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { type Caller, caller } from "../src/modules/companies/test-helpers.ts";
import { type Bookable, bookableService, testIds } from "../src/modules/notifications/test-helpers.ts";
import { accounts, createTestContext, type TestContext } from "./helpers.ts";
import { waitUntilBlocked } from "./lock-waits.ts";

/**
 * Issue 15, on a real PostgreSQL server (only in the PostgreSQL run: PGlite serves one connection,
 * so no other client can hold a lock or kill a backend): the API survives its connections being
 * killed in the middle of a transaction, and a statement that waits too long ends in 503.
 *
 * A booking message (`POST reservations/message/{id}`) locks its booking in a transaction; a separate
 * client holding that row lock keeps the API's transaction waiting, in flight, for as long as needed.
 */

const STATEMENT_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 1000;
const unavailable = { message: errorCatalogue.unavailable.message };

let t: TestContext;
let people: { pharmacyAdmin: Caller; citizen: Caller };
let bookable: Bookable;
let locker: pg.Client;
const lost: Error[] = [];

beforeAll(async () => {
  t = await createTestContext(
    {},
    {
      database: {
        timeouts: { connectMs: 2000, statementMs: STATEMENT_TIMEOUT_MS, queryMs: STATEMENT_TIMEOUT_MS + 2000 },
        onConnectionError: (error) => lost.push(error),
      },
    },
  );
  people = {
    pharmacyAdmin: caller(t, await t.login(accounts.pharmacyAdmin)),
    citizen: caller(t, await t.login(accounts.citizen)),
  };
  bookable = await bookableService(people.pharmacyAdmin, "Elettrocardiogramma");
  locker = new pg.Client({ connectionString: databaseUrlOf(t) });
  await locker.connect();
});
afterAll(async () => {
  await locker?.end();
  await t?.close();
});

function databaseUrlOf(context: TestContext): string {
  const options = context.database.pool?.options as { connectionString?: string } | undefined;
  if (!options?.connectionString) throw new Error("this test needs PostgreSQL (TEST_DATABASE_URL)");
  return options.connectionString;
}

/** Holds the booking's row lock in a transaction of another client until `release` is called. */
async function holdLock(booking: string): Promise<{ release(): Promise<void> }> {
  await locker.query("begin");
  await locker.query("select id from bookings where id = $1 for update", [testIds.decode(booking)]);
  return { release: async () => void (await locker.query("rollback")) };
}

async function poolEmptied(): Promise<void> {
  const pool = t.database.pool as pg.Pool;
  // Generous: on two loaded cores the pool notices its dead clients late.
  const deadline = Date.now() + 15_000;
  while (pool.totalCount > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(pool.totalCount).toBe(0);
}

const message = (booking: string, body: string) =>
  people.citizen.call("POST", `reservations/message/${booking}`, { body });

describe("PostgreSQL failing under the API", () => {
  it("kills the API's connections mid-transaction: the process lives, that request gets 503, the next succeeds", async () => {
    const booking = await bookable.book(people.citizen);
    const lock = await holdLock(booking);
    const inFlight = message(booking, "Arrivo con dieci minuti di ritardo");
    await waitUntilBlocked(locker);
    // Every backend of the API's pool, the one in the transaction included; the locker survives.
    await locker.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const answer = await inFlight;
    await lock.release();
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json()).toEqual(unavailable);
    // The lost connections were reported, not thrown: this process (the API's) is still here.
    expect(lost.length).toBeGreaterThan(0);
    // Killed idle connections leave the pool as their server's goodbye arrives; a request that picked
    // one up before that would get a 503 of its own, as right after any database restart.
    await poolEmptied();

    const next = await message(booking, "Arrivo con dieci minuti di ritardo");
    expect(next.statusCode, next.body).toBe(201);
    const health = await t.request({ method: "GET", url: "/api/v1/health" });
    expect(health.json()).toEqual({ data: { status: "ok", database: "ok" } });
  });

  it("a statement waiting longer than statement_timeout answers 503 within the timeout, not a hang", async () => {
    const booking = await bookable.book(people.citizen);
    const lock = await holdLock(booking);
    const started = Date.now();
    const answer = await message(booking, "Posso venire a digiuno?");
    const elapsed = Date.now() - started;
    await lock.release();
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json()).toEqual(unavailable);
    expect(elapsed).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(STATEMENT_TIMEOUT_MS + 1500);

    const after = await message(booking, "Posso venire a digiuno?");
    expect(after.statusCode, after.body).toBe(201);
  });

  it("a query the server does not answer within query_timeout answers 503, and its connection is not reused", async () => {
    // A pool of one connection whose client-side timeout fires before the server's statement timeout.
    const database = await openDatabase({
      databaseUrl: databaseUrlOf(t),
      poolSize: 1,
      timeouts: { connectMs: 2000, statementMs: 10_000, queryMs: 1000 },
    });
    const config = loadConfig({ NODE_ENV: "test", STORAGE_DIR: t.storageDir });
    const app = await buildApp({ config, database });
    try {
      const booking = await bookable.book(people.citizen);
      const lock = await holdLock(booking);
      const answer = await app.inject({
        method: "POST",
        url: `/api/v1/reservations/message/${booking}`,
        headers: { authorization: `Bearer ${people.citizen.token}` },
        payload: { body: "Devo portare l'impegnativa?" },
      });
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual(unavailable);
      // The lock is still held: a connection still waiting on it would make this ping wait too.
      const health = await app.inject({ method: "GET", url: "/api/v1/health" });
      await lock.release();
      expect(health.json()).toEqual({ data: { status: "ok", database: "ok" } });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("a request that outlasts the request timeout answers 503 when it runs out, whatever it waits for", async () => {
    // The same database with a request timeout shorter than its statement timeout: the request's ends the wait.
    const config = loadConfig({
      NODE_ENV: "test",
      STORAGE_DIR: t.storageDir,
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    });
    const impatient = await buildApp({ config, database: t.database });
    try {
      const booking = await bookable.book(people.citizen);
      const lock = await holdLock(booking);
      const started = Date.now();
      const answer = await impatient.inject({
        method: "POST",
        url: `/api/v1/reservations/message/${booking}`,
        headers: { authorization: `Bearer ${people.citizen.token}` },
        payload: { body: "Ci sono ancora posti?" },
      });
      const elapsed = Date.now() - started;
      await lock.release();
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual(unavailable);
      // The same margin as the statement timeout's test: the suite runs beside the journeys, and a
      // loaded machine once took 2.1 s (the lock is held until the answer, so a hang would not end).
      expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
    } finally {
      await impatient.close();
    }
  });
});
