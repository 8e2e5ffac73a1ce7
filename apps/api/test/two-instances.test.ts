import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  BOOKING_MESSAGES,
  LIMITS,
  OTP_LIMITS,
  REALTIME_CLOSE,
  RECALL_LEAD_DAYS,
  teleconsultRoomName,
} from "@cura/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { RECALL_JOB } from "../src/modules/bookings/frequencies.ts";
import { bookings } from "../src/modules/bookings/tables.ts";
import { caller, demoCallers, nextMonday } from "../src/modules/companies/test-helpers.ts";
import { ORPHAN_FILES_JOB } from "../src/modules/files/service.ts";
import { OTP_SEND_LIMIT_MESSAGE } from "../src/modules/identity/otp.ts";
import { notifyUser } from "../src/modules/notifications/index.ts";
import { notifications } from "../src/modules/notifications/tables.ts";
import { makeCall } from "../src/modules/teleconsult/room/test-helpers.ts";
import { createIds } from "../src/platform/ids.ts";
import { addDays, zonedDate, zonedToInstant } from "../src/platform/zoned-time.ts";
import { multipart, tinyPng } from "./files-fixtures.ts";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "./helpers.ts";
import { connectRealtime, type RealtimeTestClient, signedInRealtime } from "./realtime-client.ts";

/**
 * DESIGN §5: API instances are stateless; sessions, throttles and slot locks live in the database.
 * Two instances on one database must behave as one. Each check below uses both instances before the
 * change it tests, so that state one of them kept in its own memory (a session or permission cache,
 * an in-process counter) would show as a wrong answer from that instance. Issue 15 "Two instances".
 */
let t: TestContext;
let second: Awaited<ReturnType<TestContext["secondInstance"]>>;

beforeAll(async () => {
  // Realtime sockets check their sessions every 300 ms here (15 s by default).
  t = await createTestContext({ REALTIME_SESSION_CHECK_MS: "300" });
  second = await t.secondInstance();
});
afterAll(() => t.close());

const profileOn = (request: TestContext["request"], token: string) =>
  request({ method: "GET", url: "/api/v1/users/fresh/me", token });

describe("two API instances on one database", () => {
  it("accept a session started on the other, and both refuse it once it ends on either", async () => {
    const token = await t.login(accounts.citizen3);
    expect((await profileOn(second.request, token)).statusCode).toBe(200);
    const logout = await second.request({ method: "GET", url: "/api/v1/users/logout", token });
    expect(logout.statusCode).toBe(200);
    expect((await profileOn(t.request, token)).statusCode).toBe(401);
  });

  it("give the last free slot to one of two citizens booking it through different instances", async () => {
    const people = await demoCallers(t);
    const created = await people.pharmacyAdmin.call("POST", "healthservices", { name: "Holter", slot_minutes: 30 });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json().data.hashid;
    const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "09:00", to: "10:00" }] }));
    expect(
      (await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days })).statusCode,
    ).toBe(200);
    const start = new Date(zonedToInstant(addDays(nextMonday(), 1), "09:30", "Europe/Rome")).toISOString();
    const citizenOnSecond = caller({ ...t, request: second.request }, people.citizen.token);
    const [a, b] = await Promise.all([
      citizenOnSecond.call("POST", "reservations", { health_service: service, start }),
      people.citizen2.call("POST", "reservations", { health_service: service, start }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe(BOOKING_MESSAGES.slotTaken);
  });

  it("share the sign-in throttle: failures on one instance block the account on the other", async () => {
    const attempt = (request: TestContext["request"], password: string) =>
      request({ method: "POST", url: "/api/v1/users/login", body: { email: accounts.citizen3, password } });
    for (const request of [t.request, second.request, t.request]) {
      expect((await attempt(request, "Sbagliata-123!")).statusCode).toBe(422);
    }
    expect((await attempt(second.request, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it("share the limiter exactly: 50 failures sent together over both evaluate the limit, no more", async () => {
    const fail = (app: TestContext["app"], email: string) =>
      app.inject({
        method: "POST",
        url: "/api/v1/users/login",
        remoteAddress: "10.7.0.1",
        payload: { email, password: "Sbagliata-123!" },
      });
    // One client address trying many accounts: the per-address limit.
    const spray = await Promise.all(
      Array.from({ length: 50 }, (_, i) => fail(i % 2 ? second.app : t.app, `spray.${i}@example.it`)),
    );
    expect(spray.filter((r) => r.statusCode === 422)).toHaveLength(LIMITS.failedLoginsPerAddress.attempts);
    expect(spray.filter((r) => r.statusCode === 429)).toHaveLength(50 - LIMITS.failedLoginsPerAddress.attempts);

    // One account from many addresses: the per-account limit.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? second.app : t.app).inject({
          method: "POST",
          url: "/api/v1/users/login",
          remoteAddress: `10.7.1.${i + 1}`,
          payload: { email: accounts.citizen2, password: "Sbagliata-123!" },
        }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 422)).toHaveLength(LIMITS.failedLogins.attempts);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(12 - LIMITS.failedLogins.attempts);
  });
});

describe("two API instances on one database (issue 15)", () => {
  const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

  it("refuse a token on both at once when it is revoked on either, though both had served it", async () => {
    for (const [revoking, other] of [
      [t.request, second.request],
      [second.request, t.request],
    ] as const) {
      const token = await t.login(accounts.citizen);
      // Both have answered for this token: a cache of sessions would now hold it on each.
      expect((await profileOn(t.request, token)).statusCode).toBe(200);
      expect((await profileOn(second.request, token)).statusCode).toBe(200);
      expect((await revoking({ method: "GET", url: "/api/v1/users/logout", token })).statusCode).toBe(200);
      expect((await profileOn(other, token)).statusCode).toBe(401);
      expect((await profileOn(revoking, token)).statusCode).toBe(401);
    }
  });

  it("after three wrong passwords spread over both, answer the fourth attempt with 429 on either", async () => {
    const attempt = (request: TestContext["request"], password: string) =>
      request({
        method: "POST",
        url: "/api/v1/users/login",
        remoteAddress: "10.7.2.1",
        body: { email: accounts.roomAdmin, password },
      });
    for (const request of [second.request, t.request, second.request]) {
      expect((await attempt(request, "Sbagliata-123!")).statusCode).toBe(422);
    }
    expect((await attempt(t.request, "Sbagliata-123!")).statusCode).toBe(429);
    expect((await attempt(second.request, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await attempt(t.request, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it("count one-time code sends over both: the send past the hourly limit is refused on either", async () => {
    const token = await t.login(accounts.roomOperator);
    const me = (await profileOn(second.request, token)).json().data;
    const send = (request: TestContext["request"]) =>
      request({ method: "POST", url: `/api/v1/otp/send/${me.hashid}`, token, body: { cause: 1 } });
    const sends = [t.request, second.request, t.request];
    expect(sends).toHaveLength(OTP_LIMITS.sendsPerHour);
    for (const request of sends) expect((await send(request)).statusCode).toBe(200);
    for (const request of [second.request, t.request]) {
      const refused = await send(request);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(OTP_SEND_LIMIT_MESSAGE);
    }
  });

  it("serve a file uploaded through one from the other (shared storage)", async () => {
    const token = await t.login(accounts.citizen);
    const body = multipart([{ name: "file", filename: "foto.png", content: tinyPng, type: "image/png" }]);
    const uploaded = await second.request({
      method: "POST",
      url: "/api/v1/resources/public",
      token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const download = await t.request({
      method: "GET",
      url: `/api/v1/resources/private/${uploaded.json().data.hashid}`,
      token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPng)).toBe(true);
  });

  it("run the recall job's effects once when both instances run it together", async () => {
    // (Accounts the throttle tests above have not locked.)
    const people = {
      pharmacyAdmin: caller(t, await t.login(accounts.pharmacyAdmin)),
      citizen: caller(t, await t.login(accounts.citizen)),
    };
    const created = await people.pharmacyAdmin.call("POST", "healthservices", { name: "Richiamo", slot_minutes: 20 });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json().data.hashid as string;
    const maria = (await people.citizen.get("users/fresh/me")).json().data.hashid as string;
    const today = zonedDate(Date.now(), "Europe/Rome");
    // A daily recall from tomorrow: each instance, run alone, would book every lead day.
    const recall = await people.pharmacyAdmin.call("POST", "reservations/frequencies", {
      user: maria,
      health_service: service,
      every: 1,
      unit: 2,
      next_date: addDays(today, 1),
      time: "09:00",
    });
    expect(recall.statusCode, recall.body).toBe(201);
    for (let run = 0; run < 2; run++) {
      await Promise.all([t.app.jobs.runNow(RECALL_JOB), second.app.jobs.runNow(RECALL_JOB)]);
    }
    const made = await t.database.db
      .select({ id: bookings.id, startAt: bookings.startAt })
      .from(bookings)
      .where(eq(bookings.healthServiceId, ids.decode(service) as number));
    expect(made).toHaveLength(RECALL_LEAD_DAYS);
    expect(new Set(made.map((b) => b.startAt?.toISOString())).size).toBe(RECALL_LEAD_DAYS);
    // Each booking announced once to the citizen.
    const citizenId = ids.decode(maria) as number;
    const notices = await t.database.db
      .select({ bookingId: notifications.bookingId })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, citizenId),
          inArray(
            notifications.bookingId,
            made.map((b) => b.id),
          ),
        ),
      );
    expect(notices).toHaveLength(RECALL_LEAD_DAYS);
  });

  it("sweep orphan files once when both instances run the sweep together, keeping files in use", async () => {
    const token = await t.login(accounts.citizen);
    const body = multipart([{ name: "file", filename: "foto.png", content: tinyPng, type: "image/png" }]);
    const kept = await t.request({
      method: "POST",
      url: "/api/v1/resources/public",
      token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const folder = join(t.storageDir, "order");
    mkdirSync(folder, { recursive: true });
    const orphans = Array.from({ length: 1200 }, (_, i) => join(folder, `orfano-${i}`));
    for (const path of orphans) {
      writeFileSync(path, "resto di un caricamento fallito");
      utimesSync(path, twoHoursAgo, twoHoursAgo);
    }
    // Both sweep the same blobs at once: neither fails on a file the other removed first.
    await Promise.all([t.app.jobs.runNow(ORPHAN_FILES_JOB), second.app.jobs.runNow(ORPHAN_FILES_JOB)]);
    expect(orphans.filter((path) => existsSync(path))).toEqual([]);
    const download = await second.request({
      method: "GET",
      url: `/api/v1/resources/private/${kept.json().data.hashid}`,
      token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPng)).toBe(true);
  });
});

describe("two API instances on one database: realtime sockets (issue 15)", () => {
  const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
  // A kind of room for this test on both instances: anyone signed in may enter, messages are relayed.
  beforeAll(() => {
    for (const app of [t.app, second.app]) {
      app.realtime.registerRoomKind("prova", {
        authorize: async (_principal, id) => id,
        onMessage: async ({ event, payload }) => ({ event, payload }),
      });
    }
  });

  it("deliver the messages of clients on either instance to both, in one order, a payload over 8,000 bytes included", async () => {
    const a = await signedInRealtime(t.app, await t.login(accounts.citizen));
    const b = await signedInRealtime(second.app, await t.login(accounts.pharmacyOperator));
    for (const client of [a, b]) {
      client.send({ type: "join", room: "prova:due-istanze" });
      await client.next("joined");
    }
    const big = "€".repeat(4000); // 12,000 bytes
    const rounds = 8;
    for (let i = 0; i < rounds; i++) {
      a.send({
        type: "send",
        room: "prova:due-istanze",
        event: "msg",
        payload: { from: "a", i, ...(i === 3 ? { big } : {}) },
      });
      b.send({
        type: "send",
        room: "prova:due-istanze",
        event: "msg",
        payload: { from: "b", i, ...(i === 5 ? { big } : {}) },
      });
    }
    const heard = async (client: RealtimeTestClient) => {
      const payloads = [];
      for (let i = 0; i < 2 * rounds; i++) payloads.push((await client.next("event")).payload);
      return payloads as Array<{ from: string; i: number; big?: string }>;
    };
    const [onA, onB] = await Promise.all([heard(a), heard(b)]);
    // The same order on both instances, each sender's messages in the order sent.
    expect(onB).toEqual(onA);
    for (const sender of ["a", "b"]) {
      expect(onA.filter((p) => p.from === sender).map((p) => p.i)).toEqual([...Array(rounds).keys()]);
    }
    expect(onA.filter((p) => p.big === big).map((p) => `${p.from}${p.i}`)).toEqual(
      expect.arrayContaining(["a3", "b5"]),
    );
    a.close();
    b.close();
  });

  it("push a popup created through one instance to the user's socket on the other", async () => {
    // (Accounts the throttle tests above have not locked.)
    const token = await t.login(accounts.pharmacyAdmin);
    const client = await signedInRealtime(second.app, token);
    const hashid = (await profileOn(t.request, token)).json().data.hashid as string;
    await notifyUser(t.database.db, {
      userId: ids.decode(hashid) as number,
      audience: "operator",
      title: "Promemoria",
      body: "Dall'altra istanza",
      popup: { action: null, variant: "info" },
    });
    expect(await client.next("event")).toMatchObject({ room: `user:${hashid}`, event: "popup" });
    client.close();
  });

  it("close a socket on one instance when its session is revoked through the other", async () => {
    const token = await t.login(accounts.roomOperator);
    const client = await signedInRealtime(second.app, token);
    expect((await t.request({ method: "GET", url: "/api/v1/users/logout", token })).statusCode).toBe(200);
    expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
    // And the same token cannot open a new one there.
    const again = await connectRealtime(second.app);
    again.send({ type: "auth", token });
    expect((await again.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });
});

describe("two API instances on one database: a teleconsultation's call (issue 10)", () => {
  it("relay the call's signalling between parties on different instances, and a call ended on one is closed on the other", async () => {
    const call = await makeCall(t);
    const room = teleconsultRoomName(call.hashid);
    const citizen = await signedInRealtime(t.app, await t.login(accounts.citizen));
    const operatorToken = await t.login(accounts.pharmacyOperator);
    const operator = await signedInRealtime(second.app, operatorToken);
    for (const client of [citizen, operator]) {
      client.send({ type: "join", room });
      await client.next("joined");
    }
    const sdp = `v=0\r\n${"a=candidate:1 1 udp 2122260223 10.0.0.1 5000 typ host\r\n".repeat(300)}`;
    citizen.send({ type: "send", room, event: "offer", payload: { description: { type: "offer", sdp } } });
    const offer = await operator.next("event");
    expect(offer).toMatchObject({ room, event: "offer", payload: { description: { sdp } } });
    // 'Termina' on instance A: the operator on B hears the end and cannot come back in through B.
    const end = await t.request({
      method: "POST",
      url: `/api/v1/teleconsult/room/${call.hashid}/end`,
      token: await t.login(accounts.citizen),
    });
    expect(end.statusCode, end.body).toBe(200);
    expect(await operator.next("event")).toMatchObject({ event: "end" });
    const again = await signedInRealtime(second.app, operatorToken);
    again.send({ type: "join", room });
    expect((await again.next("error")).code).toBe("room_refused");
    for (const client of [citizen, operator, again]) client.close();
  });
});
