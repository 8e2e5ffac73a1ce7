import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_CLEANUP_JOB, IDEMPOTENCY_MESSAGES } from "../src/platform/idempotency/idempotency.ts";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "./helpers.ts";

/** Idempotency-Key on signed-in POSTs (issue 15, docs/reliability.md), on PGlite and PostgreSQL. */

let t: TestContext;
let citizen: string;
let citizen2: string;
let service: string;

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const bookingsWithNotes = async (notes: string) =>
  Number((await rows(sql`select count(*)::int as n from bookings where notes = ${notes}`))[0]?.n);

const book = (token: string, notes: string, key?: string) =>
  t.request({
    method: "POST",
    url: "/api/v1/reservations",
    token,
    body: { health_service: service, no_preference: true, notes },
    headers: key === undefined ? {} : { "idempotency-key": key },
  });

beforeAll(async () => {
  t = await createTestContext();
  citizen = await t.login(accounts.citizen);
  citizen2 = await t.login(accounts.citizen2);
  const admin = await t.login(accounts.pharmacyAdmin);
  const created = await t.request({
    method: "POST",
    url: "/api/v1/healthservices",
    token: admin,
    body: { name: "Prova idempotenza", slot_minutes: 30 },
  });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json().data.hashid;
});
afterAll(() => t.close());

describe("Idempotency-Key", () => {
  it("answers a retry with the first answer, without a second booking", async () => {
    const key = randomUUID();
    const notes = `idem-${key}`;
    const first = await book(citizen, notes, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await book(citizen, notes, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.json()).toEqual(first.json());
    expect(await bookingsWithNotes(notes)).toBe(1);
    // Without a key every request is its own.
    await book(citizen, notes);
    expect(await bookingsWithNotes(notes)).toBe(2);
  });

  it("refuses the same key with another request (422)", async () => {
    const key = randomUUID();
    expect((await book(citizen, `idem-a-${key}`, key)).statusCode).toBe(201);
    const other = await book(citizen, `idem-b-${key}`, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toMatchObject({
      message: IDEMPOTENCY_MESSAGES.otherRequest,
      errors: { "idempotency-key": [IDEMPOTENCY_MESSAGES.otherRequest] },
    });
    expect(await bookingsWithNotes(`idem-b-${key}`)).toBe(0);
  });

  it("lets concurrent requests with one key create one booking: one 201, the others 409 or the replay", async () => {
    const key = randomUUID();
    const notes = `idem-c-${key}`;
    const answers = await Promise.all([1, 2, 3].map(() => book(citizen, notes, key)));
    const created = answers.filter((a) => a.statusCode === 201 && a.headers["idempotent-replayed"] === undefined);
    const replayed = answers.filter((a) => a.statusCode === 201 && a.headers["idempotent-replayed"] === "true");
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(created).toHaveLength(1);
    expect(replayed.length + busy.length).toBe(2);
    for (const answer of busy) {
      expect(answer.json()).toMatchObject({ message: IDEMPOTENCY_MESSAGES.inProgress });
      expect(answer.headers["retry-after"]).toBe("1");
    }
    for (const answer of replayed) expect(answer.json()).toEqual(created[0]?.json());
    expect(await bookingsWithNotes(notes)).toBe(1);
  });

  it("keeps each user's keys apart", async () => {
    const key = randomUUID();
    const notes = `idem-u-${key}`;
    const mine = await book(citizen, notes, key);
    const theirs = await book(citizen2, notes, key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().data.hashid).not.toBe(mine.json().data.hashid);
    expect(await bookingsWithNotes(notes)).toBe(2);
  });

  it("forgets a key after 24 hours, and the daily job deletes it", async () => {
    const key = randomUUID();
    expect((await book(citizen, `idem-e1-${key}`, key)).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    // An expired key is a new key, even with another request.
    const later = await book(citizen, `idem-e2-${key}`, key);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(await bookingsWithNotes(`idem-e2-${key}`)).toBe(1);

    const old = randomUUID();
    expect((await book(citizen, `idem-e3-${old}`, old)).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${old}`,
    );
    await t.app.jobs.runNow(IDEMPOTENCY_CLEANUP_JOB);
    expect(await rows(sql`select key from idempotency_keys where key in (${old}, ${key})`)).toEqual([{ key }]);
  });

  it("does not keep a refused request: a retry runs again", async () => {
    const key = randomUUID();
    const body = { health_service: "zzzzzzzz", no_preference: true };
    const send = () =>
      t.request({
        method: "POST",
        url: "/api/v1/reservations",
        token: citizen,
        body,
        headers: { "idempotency-key": key },
      });
    const first = await send();
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    const again = await send();
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(await rows(sql`select key from idempotency_keys where key = ${key}`)).toEqual([]);
  });

  it("answers 409 while a reservation holds, and lets a retry take over one whose lease ended", async () => {
    const key = randomUUID();
    const notes = `idem-l-${key}`;
    // Made to look like a first request that never finished (its process died): reserved, no answer,
    // its booking not there. The row comes from a real request, so its fingerprint is this body's.
    expect((await book(citizen, notes, key)).statusCode).toBe(201);
    await t.database.db.execute(sql`
      update idempotency_keys set status_code = null, response_body = null, locked_until = now() + interval '1 minute'
      where key = ${key}`);
    await t.database.db.execute(sql`delete from bookings where notes = ${notes}`);
    const held = await book(citizen, notes, key);
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json()).toMatchObject({ message: IDEMPOTENCY_MESSAGES.inProgress, code: "idempotency_in_progress" });
    await t.database.db.execute(
      sql`update idempotency_keys set locked_until = now() - interval '1 second' where key = ${key}`,
    );
    const retried = await book(citizen, notes, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await bookingsWithNotes(notes)).toBe(1);
  });

  it("validates the key: 1 to 255 printable characters", async () => {
    const tooLong = await book(citizen, "idem-long", "k".repeat(256));
    expect(tooLong.statusCode, tooLong.body).toBe(422);
    expect(tooLong.json()).toMatchObject({ errors: { "idempotency-key": [IDEMPOTENCY_MESSAGES.invalidKey] } });
    expect((await book(citizen, "idem-long", "k".repeat(255))).statusCode).toBe(201);
    expect(await bookingsWithNotes("idem-long")).toBe(1);
  });

  it("is documented on signed-in POSTs, not on public ones", () => {
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const header = (path: string) =>
      document.paths[path]?.post?.parameters?.some((p) => p.in === "header" && p.name === "idempotency-key");
    expect(header("/api/v1/reservations")).toBe(true);
    expect(header("/api/v1/users/login")).toBeFalsy();
  });

  it("ignores the header on public routes", async () => {
    const login = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen, password: DEMO_PASSWORD },
      headers: { "idempotency-key": "login-key" },
    });
    expect(login.statusCode).toBe(200);
    expect(await rows(sql`select key from idempotency_keys where key = 'login-key'`)).toEqual([]);
  });
});
