import { REALTIME_CLOSE, REALTIME_LIMITS } from "@cura/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { connectRealtime, signedInRealtime } from "../../../test/realtime-client.ts";
import { countStatements } from "../../../test/statements.ts";
import { REALTIME_SWEEP_JOB } from "./index.ts";
import { realtimeMessages } from "./tables.ts";

/**
 * The realtime hub through a real WebSocket client on a listening server (docs/realtime.md), on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ REALTIME_SESSION_CHECK_MS: "200" });
  // A kind of room for these tests: anyone signed in may enter `prova:<id>` except `prova:chiusa`, and
  // a member's message is relayed as sent.
  t.app.realtime.registerRoomKind("prova", {
    authorize: async (_principal, id) => (id === "chiusa" ? null : id),
    onMessage: async ({ event, payload }) => (event === "vietato" ? null : { event, payload }),
  });
});
afterAll(() => t.close());

const me = async (token: string) =>
  (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data as {
    hashid: string;
  };
describe("realtime socket: authentication", () => {
  it("closes a socket whose first message is not the authentication", async () => {
    const client = await connectRealtime(t.app);
    client.send({ type: "join", room: "prova:uno" });
    expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });

  it("refuses a token that opens no session, and one that is not a token at all", async () => {
    const unknown = await connectRealtime(t.app);
    unknown.send({ type: "auth", token: "x".repeat(43) });
    expect(await unknown.next("error")).toMatchObject({ code: "unauthenticated" });
    expect((await unknown.closed).code).toBe(REALTIME_CLOSE.unauthenticated);

    const malformed = await connectRealtime(t.app);
    malformed.send({ type: "auth", token: "non è un token" });
    expect((await malformed.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });

  it("puts a signed-in user in their own room at once", async () => {
    const token = await t.login(accounts.citizen);
    const client = await connectRealtime(t.app);
    client.send({ type: "auth", token });
    expect(await client.next("ready")).toEqual({ type: "ready", rooms: [`user:${(await me(token)).hashid}`] });
    client.close();
  });

  it("closes the socket of a session ended after it opened, within the session check's interval", async () => {
    const token = await t.login(accounts.citizen2);
    const client = await signedInRealtime(t.app, token);
    expect((await t.request({ method: "GET", url: "/api/v1/users/logout", token })).statusCode).toBe(200);
    expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });
});

describe("realtime socket: rooms", () => {
  it("refuses another user's room, a room its kind refuses, and an unknown kind", async () => {
    const token = await t.login(accounts.citizen);
    const client = await signedInRealtime(t.app, token);
    const other = (await me(await t.login(accounts.citizen2))).hashid;
    for (const room of [`user:${other}`, "prova:chiusa", "segreta:uno"]) {
      client.send({ type: "join", room, ref: room });
      expect(await client.next("error")).toMatchObject({ code: "room_refused", ref: room });
    }
    client.send({ type: "send", room: "prova:chiusa", event: "ciao", payload: 1 });
    expect(await client.next("error")).toMatchObject({ code: "not_in_room" });
    client.close();
  });

  it("relays members' messages to every member in one order, the sender included, and refuses what the kind refuses", async () => {
    const a = await signedInRealtime(t.app, await t.login(accounts.citizen));
    const b = await signedInRealtime(t.app, await t.login(accounts.pharmacyAdmin));
    for (const client of [a, b]) {
      client.send({ type: "join", room: "prova:uno", ref: "j" });
      expect(await client.next("joined")).toEqual({ type: "joined", room: "prova:uno", ref: "j" });
    }
    a.send({ type: "send", room: "prova:uno", event: "vietato", payload: {}, ref: "v" });
    expect(await a.next("error")).toMatchObject({ code: "message_refused", ref: "v" });
    const big = "è".repeat(6000); // 12,000 bytes: past NOTIFY's limit, through the table
    for (let i = 0; i < 5; i++) {
      a.send({ type: "send", room: "prova:uno", event: "msg", payload: { from: "a", i } });
      b.send({ type: "send", room: "prova:uno", event: "msg", payload: { from: "b", i, ...(i === 2 ? { big } : {}) } });
    }
    const seen = async (client: typeof a) => {
      const events = [];
      for (let i = 0; i < 10; i++) events.push(await client.next("event"));
      return events.map((e) => e.payload as { from: string; i: number; big?: string });
    };
    const [onA, onB] = await Promise.all([seen(a), seen(b)]);
    expect(onA).toEqual(onB);
    for (const sender of ["a", "b"])
      expect(onA.filter((p) => p.from === sender).map((p) => p.i)).toEqual([0, 1, 2, 3, 4]);
    expect(onA.find((p) => p.from === "b" && p.i === 2)?.big).toBe(big);
    // Leaving the room: nothing more from it.
    b.send({ type: "leave", room: "prova:uno" });
    await b.next("left");
    a.send({ type: "send", room: "prova:uno", event: "msg", payload: { from: "a", i: 5 } });
    await a.next("event");
    b.send({ type: "ping" });
    await b.next("pong");
    expect(b.received.filter((m) => m.type === "event")).toHaveLength(10);
    a.close();
    b.close();
  });

  it("delivers a message published by a module past NOTIFY's 8,000 bytes whole, and the sweep deletes it later", async () => {
    const client = await signedInRealtime(t.app, await t.login(accounts.roomAdmin));
    client.send({ type: "join", room: "prova:grande" });
    await client.next("joined");
    const payload = { text: "x".repeat(20_000) };
    await t.app.realtime.publish(t.database.db, "prova:grande", "grande", payload);
    expect((await client.next("event")).payload).toEqual(payload);
    const stored = () => t.database.db.select({ id: realtimeMessages.id }).from(realtimeMessages);
    expect((await stored()).length).toBeGreaterThan(0);
    await t.database.db.execute(sql`update realtime_messages set created_at = now() - interval '10 minutes'`);
    await t.app.jobs.runNow(REALTIME_SWEEP_JOB);
    expect(await stored()).toEqual([]);
    client.close();
  });
});

describe("realtime socket: cost", () => {
  it("delivers to many sockets in a room with one statement to publish and at most one read per instance", async () => {
    const counter = countStatements(t.database);
    const tokens = await Promise.all([accounts.citizen, accounts.pharmacyOperator].map((a) => t.login(a)));
    const clients = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signedInRealtime(t.app, tokens[i % 2] as string)),
    );
    for (const client of clients) {
      client.send({ type: "join", room: "prova:affollata" });
      await client.next("joined");
    }
    for (const payload of [{ small: true }, { big: "x".repeat(10_000) }]) {
      counter.reset();
      await t.app.realtime.publish(t.database.db, "prova:affollata", "tutti", payload);
      for (const client of clients) expect((await client.next("event")).payload).toEqual(payload);
      // The small one: its NOTIFY. The stored one: insert-and-notify, and one read by this instance.
      // (The periodic session check, every 200 ms here, is per instance and interval, not per message.)
      const perMessage = counter.statements.filter((statement) => !statement.includes('"sessions"'));
      expect(perMessage.length, perMessage.join("\n")).toBeLessThanOrEqual("big" in payload ? 2 : 1);
    }
    for (const client of clients) client.close();
  });
});

describe("realtime socket: limits", () => {
  it("answers a malformed message with an error and keeps the socket", async () => {
    const client = await signedInRealtime(t.app, await t.login(accounts.citizen));
    client.send("{non json");
    expect(await client.next("error")).toMatchObject({ code: "bad_message" });
    client.send({ type: "join", room: "NON VALIDA" });
    expect(await client.next("error")).toMatchObject({ code: "bad_message" });
    client.send({ type: "ping" });
    await client.next("pong");
    client.close();
  });

  it("closes a socket that sends a frame over the size limit", async () => {
    const client = await signedInRealtime(t.app, await t.login(accounts.citizen));
    client.send({ type: "ping", ref: "x".repeat(REALTIME_LIMITS.maxClientFrameBytes) });
    expect((await client.closed).code).toBe(1009);
  });

  it("refuses frames past the rate, then closes a socket that keeps on", async () => {
    const client = await signedInRealtime(t.app, await t.login(accounts.citizen));
    const burst = REALTIME_LIMITS.rate.burst + 10;
    for (let i = 0; i < burst; i++) client.send({ type: "ping" });
    await client.next("error");
    expect(client.received.find((m) => m.type === "error")).toMatchObject({ code: "rate_limited" });
    for (let i = 0; i < REALTIME_LIMITS.maxRefusedFrames + 10; i++) client.send({ type: "ping" });
    expect((await client.closed).code).toBe(REALTIME_CLOSE.rateLimited);
  });
});
