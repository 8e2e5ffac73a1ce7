import { errorCatalogue } from "@cura/domain";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase, requestAdmissions } from "../src/db/client.ts";
import { type Caller, caller } from "../src/modules/companies/test-helpers.ts";
import { type Bookable, bookableService, testIds } from "../src/modules/notifications/test-helpers.ts";
import { isDatabaseOverloaded } from "../src/platform/database-errors.ts";
import { accounts, createTestContext, type TestContext } from "./helpers.ts";

/**
 * Issue 15, load shedding (docs/reliability.md, Slow database): in-flight work waiting for the
 * database stays bounded by the pool plus a queue limit; one request more is answered at once with
 * 503 "Servizio momentaneamente sovraccarico", and the limit frees as the queue drains.
 *
 * PostgreSQL only (PGlite has no pool): an instance with a pool of one connection and a queue of one;
 * a separate client holding a booking's row lock keeps a booking message (it locks its booking in a
 * transaction) on that connection for as long as needed, so the next request queues.
 */

let t: TestContext;
let people: { pharmacyAdmin: Caller; citizen: Caller };
let bookable: Bookable;
let locker: pg.Client;

beforeAll(async () => {
  t = await createTestContext();
  people = {
    pharmacyAdmin: caller(t, await t.login(accounts.pharmacyAdmin)),
    citizen: caller(t, await t.login(accounts.citizen)),
  };
  bookable = await bookableService(people.pharmacyAdmin, "Elettrocardiogramma");
  locker = new pg.Client({ connectionString: databaseUrl() });
  await locker.connect();
});
afterAll(async () => {
  await locker?.end();
  await t?.close();
});

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting until ${what}`);
}

const lockWaits = async () => {
  // The locker polls from inside its transaction, where PostgreSQL keeps the first statistics snapshot.
  await locker.query("select pg_stat_clear_snapshot()");
  const { rows } = await locker.query(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return (rows[0] as { n: number }).n;
};

function databaseUrl(): string {
  const options = t.database.pool?.options as { connectionString?: string } | undefined;
  if (!options?.connectionString) throw new Error("this test needs PostgreSQL (TEST_DATABASE_URL)");
  return options.connectionString;
}

describe("load shedding at the pool's queue", () => {
  it("beyond pool plus queue limit answers 503 'sovraccarico' at once, and admits again once the queue drains", async () => {
    // An instance of its own with a pool of one connection and a queue of one; a connect timeout
    // longer than the test's waits, so the queued request is served, not timed out.
    const config = loadConfig({ NODE_ENV: "test", STORAGE_DIR: t.storageDir });
    const database = await openDatabase({
      databaseUrl: databaseUrl(),
      poolSize: 1,
      timeouts: { connectMs: 20_000, statementMs: 20_000, queryMs: 22_000 },
      queueLimit: 1,
    });
    // Booked before this instance starts: a booking kicks every notification dispatcher of the process,
    // whose work on this one-connection pool would take the queue's place.
    const booking = await bookable.book(people.citizen);
    const app = await buildApp({ config, database });
    const call = (method: "GET" | "POST", path: string, body?: unknown) =>
      app.inject({
        method,
        url: `/api/v1/${path}`,
        headers: { authorization: `Bearer ${people.citizen.token}` },
        ...(body ? { payload: body as object } : {}),
      });
    try {
      await locker.query("begin");
      await locker.query("select id from bookings where id = $1 for update", [testIds.decode(booking)]);
      // The pool's connection busy in a transaction waiting on the lock…
      const message = call("POST", `reservations/message/${booking}`, { body: "Arrivo alle nove" });
      await until("the connection waits on the lock", async () => (await lockWaits()) >= 1);
      // …and the queue full.
      const queued = call("GET", "users/fresh/me");
      await until("the queue is full", () => database.poolLoad?.().waiting === 1);

      const started = Date.now();
      const shed = await call("GET", "users/fresh/me");
      expect(shed.statusCode, shed.body).toBe(503);
      expect(shed.json()).toEqual({ message: errorCatalogue.overloaded.message });
      expect(shed.headers["retry-after"]).toBe("1");
      expect(Date.now() - started).toBeLessThan(1000);
      // Shed at once, the queued one still waiting. (The refused request may try a second acquire,
      // also refused: it was never admitted.)
      expect(database.poolLoad?.()).toMatchObject({ waiting: 1 });
      expect(database.poolLoad?.().shed).toBeGreaterThanOrEqual(1);

      await locker.query("rollback");
      // Nothing admitted was lost: the waiting message and the queued read are both served.
      expect((await message).statusCode).toBe(201);
      expect((await queued).statusCode).toBe(200);
      // The limit frees: the same call is served again.
      const again = await call("GET", "users/fresh/me");
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("sheds only a request's first acquisition: an admitted request's later ones wait their turn", async () => {
    const database = await openDatabase({
      databaseUrl: databaseUrl(),
      poolSize: 1,
      timeouts: { connectMs: 20_000, statementMs: 20_000, queryMs: 22_000 },
      queueLimit: 1,
    });
    try {
      const held = await database.pool?.connect();
      // Drizzle's queries start when awaited: then() starts this one now.
      const select = () => database.db.execute(sql`select 1 as one`).then((result) => result.rows);
      const queued = select();
      await until("the queue is full", () => database.poolLoad?.().waiting === 1);
      // A request's first acquisition is refused; one of a request already admitted joins the queue.
      const refused = await requestAdmissions.run({ admitted: false }, select).catch((error: unknown) => error);
      expect(isDatabaseOverloaded(refused)).toBe(true);
      const admittedLater = requestAdmissions.run({ admitted: true }, select);
      await until("the admitted request waits", () => database.poolLoad?.().waiting === 2);
      held?.release();
      await expect(queued).resolves.toBeDefined();
      await expect(admittedLater).resolves.toBeDefined();
      expect(database.poolLoad?.().shed).toBe(1);
    } finally {
      await database.close();
    }
  });
});
