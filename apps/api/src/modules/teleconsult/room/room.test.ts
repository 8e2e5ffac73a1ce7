import { createHmac } from "node:crypto";
import { CALL_LIMITS, PHONE_MESSAGES, ROOM_MESSAGES, teleconsultRoomName } from "@cura/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { type RealtimeTestClient, signedInRealtime } from "../../../../test/realtime-client.ts";
import { bookings } from "../../bookings/tables.ts";
import { operators } from "../../companies/tables.ts";
import { toBeSignedDocuments } from "../../documents/tables.ts";
import { users } from "../../identity/tables.ts";
import { runClock } from "./service.ts";
import { teleconsultRoomClocks } from "./tables.ts";
import { makeCall as makeTestCall } from "./test-helpers.ts";

/**
 * The teleconsultation call (issue 10): members only, signalling relayed and validated, chat saved,
 * big SDPs through the table, the 15-minute clock on a test clock, 'Termina', rejoin refused after
 * the end, TURN credentials, guests by single-use link.
 */

const TURN_SECRET = "segreto-condiviso-con-coturn-0123456789";
let t: TestContext;
const ids: Record<string, number> = {};
const tokens = {} as Record<"citizen" | "citizen2" | "pharmacyOperator" | "pharmacyAdmin" | "admin", string>;

beforeAll(async () => {
  t = await createTestContext({
    ICE_SERVERS: JSON.stringify([{ urls: "stun:stun.cura.local:3478" }, { urls: ["turn:turn.cura.local:3478"] }]),
    TURN_SECRET,
  });
  const rows = await t.database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.email} in ${Object.values(accounts)}`);
  for (const row of rows) if (row.email) ids[row.email] = row.id;
  for (const key of ["citizen", "citizen2", "pharmacyOperator", "pharmacyAdmin", "admin"] as const) {
    tokens[key] = await t.login(accounts[key]);
  }
});
afterAll(() => t.close());

const idOf = (email: string) => ids[email] as number;

async function companyOfOperator(email: string): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(operators)
    .where(eq(operators.userId, idOf(email)));
  return (row as { companyId: number }).companyId;
}

const makeCall = (options: Parameters<typeof makeTestCall>[1] = {}) => makeTestCall(t, options);

const api = (method: "GET" | "POST", url: string, token?: string, body?: unknown) =>
  t.request({ method, url: `/api/v1/${url}`, ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });

async function joined(token: string, room: string): Promise<RealtimeTestClient> {
  const client = await signedInRealtime(t.app, token);
  client.send({ type: "join", room, ref: "j" });
  await client.next("joined");
  return client;
}

async function refusedJoin(token: string, room: string): Promise<void> {
  const client = await signedInRealtime(t.app, token);
  client.send({ type: "join", room, ref: "j" });
  const answer = await client.next("error");
  expect(answer.code).toBe("room_refused");
  client.close();
}

const offer = (sdp: string) => ({ to: undefined, description: { type: "offer", sdp } });

describe("the call's state (GET teleconsult/room/{id})", () => {
  it("answers its members with short-lived TURN credentials in coturn's scheme, 404 to anyone else", async () => {
    const call = await makeCall();
    const citizen = await api("GET", `teleconsult/room/${call.hashid}`, tokens.citizen);
    expect(citizen.statusCode, citizen.body).toBe(200);
    const state = citizen.json().data;
    expect(state).toMatchObject({ role: "citizen", state: "open", room: teleconsultRoomName(call.hashid) });
    const turn = state.ice_servers.find((s: { urls: string[] }) => String(s.urls).startsWith("turn:"));
    const [expiry, user] = String(turn.username).split(":");
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(3600);
    expect(user).toBe(state.me);
    expect(turn.credential).toBe(createHmac("sha1", TURN_SECRET).update(turn.username).digest("base64"));
    expect(state.ice_servers[0]).toEqual({ urls: "stun:stun.cura.local:3478" });

    expect((await api("GET", `teleconsult/room/${call.hashid}`, tokens.pharmacyOperator)).json().data.role).toBe(
      "operator",
    );
    // Another citizen, and an operator of the same company who did not take it: not theirs.
    expect((await api("GET", `teleconsult/room/${call.hashid}`, tokens.citizen2)).statusCode).toBe(404);
    expect((await api("GET", `teleconsult/room/${call.hashid}`, tokens.pharmacyAdmin)).statusCode).toBe(404);
    expect((await api("GET", `teleconsult/room/${call.hashid}`, tokens.admin)).statusCode).toBe(403);
    expect((await api("GET", `teleconsult/room/${call.hashid}`)).statusCode).toBe(401);
    expect((await api("GET", "teleconsult/room/nonesiste", tokens.citizen)).statusCode).toBe(404);
  });

  it("keeps the citizen out while an assigned document is unsigned (409)", async () => {
    const call = await makeCall();
    const [doc] = await t.database.db
      .insert(toBeSignedDocuments)
      .values({
        companyId: await companyOfOperator(accounts.pharmacyOperator),
        name: "Consenso informato alla televisita",
        htmlContent: "<p>Consenso</p>",
        bookingId: call.id,
        assignedAt: new Date(),
      })
      .returning({ id: toBeSignedDocuments.id });
    const answer = await api("GET", `teleconsult/room/${call.hashid}`, tokens.citizen);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(ROOM_MESSAGES.documentsToSign);
    await refusedJoin(tokens.citizen, teleconsultRoomName(call.hashid));
    await t.database.db
      .update(toBeSignedDocuments)
      .set({ signedAt: new Date() })
      .where(eq(toBeSignedDocuments.id, (doc as { id: number }).id));
    expect((await api("GET", `teleconsult/room/${call.hashid}`, tokens.citizen)).statusCode).toBe(200);
    (await joined(tokens.citizen, teleconsultRoomName(call.hashid))).close();
  });

  it("is not open before the request is taken in charge, nor before a specialist slot's window", async () => {
    const waiting = await makeCall({ taken: false });
    const state = (await api("GET", `teleconsult/room/${waiting.hashid}`, tokens.citizen)).json().data;
    expect(state.state).toBe("waiting");
    expect(state.ice_servers).toEqual([]);
    await refusedJoin(tokens.citizen, teleconsultRoomName(waiting.hashid));
    const connected = await api("POST", `reservations/company/tc/connected/${waiting.hashid}`, tokens.citizen);
    expect(connected.statusCode).toBe(409);
    expect(connected.json().message).toBe(ROOM_MESSAGES.notTakenYet);

    const start = new Date(Date.now() + 30 * 60_000);
    const later = await makeCall({
      kind: "specialistico",
      startAt: start,
      endAt: new Date(start.getTime() + 30 * 60_000),
    });
    const specialist = (await api("GET", `teleconsult/room/${later.hashid}`, tokens.pharmacyOperator)).json().data;
    expect(specialist.state).toBe("waiting");
    expect(specialist.opens_at).toBe(new Date(start.getTime() - CALL_LIMITS.specialistEarlyMs).toISOString());
    await refusedJoin(tokens.pharmacyOperator, teleconsultRoomName(later.hashid));
  });

  it("waits again while a taken call's booking is back with the company (another date asked)", async () => {
    const call = await makeCall({ kind: "specialistico", endAt: new Date(Date.now() + 30 * 60_000) });
    await t.database.db.update(bookings).set({ status: "ricevuto" }).where(eq(bookings.id, call.id));
    const state = (await api("GET", `teleconsult/room/${call.hashid}`, tokens.pharmacyOperator)).json().data;
    expect(state.state).toBe("waiting");
    expect(state.ice_servers).toEqual([]);
    await refusedJoin(tokens.pharmacyOperator, teleconsultRoomName(call.hashid));
    expect((await api("POST", `reservations/company/tc/connected/${call.hashid}`, tokens.citizen)).statusCode).toBe(
      409,
    );
  });
});

describe("signalling in the room (teleconsult:<hashid>)", () => {
  it("refuses non-members; relays a member's validated messages to the others, with who sent them", async () => {
    const call = await makeCall();
    const room = teleconsultRoomName(call.hashid);
    await refusedJoin(tokens.citizen2, room);
    await refusedJoin(tokens.pharmacyAdmin, room);
    const citizen = await joined(tokens.citizen, room);
    const operator = await joined(tokens.pharmacyOperator, room);
    citizen.send({ type: "send", room, event: "offer", payload: offer("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n") });
    const heard = await operator.next("event");
    expect(heard).toMatchObject({ room, event: "offer", payload: { description: { type: "offer" } } });
    expect(heard.from).toBe((await api("GET", `teleconsult/room/${call.hashid}`, tokens.citizen)).json().data.me);
    // Not the protocol's: refused, not relayed.
    citizen.send({ type: "send", room, event: "offer", payload: { description: { type: "rollback" } }, ref: "bad" });
    expect((await citizen.next("error")).code).toBe("message_refused");
    citizen.send({ type: "send", room, event: "shout", payload: {}, ref: "bad2" });
    expect((await citizen.next("error")).code).toBe("message_refused");
    citizen.close();
    operator.close();
  });

  it("passes an SDP bigger than NOTIFY's 8,000 bytes through the stored-messages table", async () => {
    const call = await makeCall();
    const room = teleconsultRoomName(call.hashid);
    const citizen = await joined(tokens.citizen, room);
    const operator = await joined(tokens.pharmacyOperator, room);
    const sdp = `v=0\r\n${"a=candidate:1 1 udp 2122260223 192.168.1.10 54321 typ host\r\n".repeat(400)}`;
    expect(sdp.length).toBeGreaterThan(20_000);
    citizen.send({ type: "send", room, event: "offer", payload: offer(sdp) });
    const heard = await operator.next("event");
    expect((heard.payload as { description: { sdp: string } }).description.sdp).toBe(sdp);
    const stored = await t.database.db.execute(sql`select count(*)::int as n from realtime_messages`);
    const rows = (stored as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]?.n).toBeGreaterThan(0);
    citizen.close();
    operator.close();
  });

  it("audits a second connection of the same person (double connected), not a rejoin", async () => {
    const call = await makeCall();
    const room = teleconsultRoomName(call.hashid);
    const audited = async () =>
      (
        (await t.database.db.execute(
          sql`select actor_user_id as user_id from audit_log where entity_id = ${String(call.id)} and action = 'teleconsult.double_connected'`,
        )) as unknown as { rows: { user_id: number }[] }
      ).rows.map((r) => r.user_id);
    const operator = await joined(tokens.pharmacyOperator, room);
    const join = (client: RealtimeTestClient, peer: string) =>
      client.send({ type: "send", room, event: "join", payload: { media: "video", peer }, ref: peer });
    const first = await joined(tokens.citizen, room);
    join(first, "a");
    await operator.next("event");
    // Leaving and coming back is one connection at a time.
    first.send({ type: "send", room, event: "leave" });
    await operator.next("event");
    join(first, "b");
    await operator.next("event");
    expect(await audited()).toEqual([]);
    // Another tab while the first is live: audited, and the second still joins.
    const second = await joined(tokens.citizen, room);
    join(second, "c");
    expect(await operator.next("event")).toMatchObject({ event: "join" });
    expect(await audited()).toEqual([idOf(accounts.citizen)]);
    for (const client of [operator, first, second]) client.close();
  });

  it("saves the chat as the booking's messages before relaying it", async () => {
    const call = await makeCall();
    const room = teleconsultRoomName(call.hashid);
    const citizen = await joined(tokens.citizen, room);
    const operator = await joined(tokens.pharmacyOperator, room);
    citizen.send({ type: "send", room, event: "chat", payload: { body: "Ho la febbre da due giorni" } });
    const heard = await operator.next("event");
    expect(heard).toMatchObject({ event: "chat", payload: { body: "Ho la febbre da due giorni" } });
    const messages = (await api("GET", `reservations/message/${call.hashid}`, tokens.pharmacyOperator)).json().data;
    expect(messages.map((m: { body: string }) => m.body)).toEqual(["Ho la febbre da due giorni"]);
    expect((heard.payload as { saved: string }).saved).toBe(messages[0].hashid);
    citizen.close();
    operator.close();
  });
});

describe("the 15-minute clock", () => {
  it("starts once at the first connection, warns at 13, ends the call at 15, and refuses rejoining", async () => {
    const call = await makeCall();
    const room = teleconsultRoomName(call.hashid);
    const citizen = await joined(tokens.citizen, room);
    const first = await api("POST", `reservations/company/tc/connected/${call.hashid}`, tokens.pharmacyOperator);
    expect(first.statusCode, first.body).toBe(200);
    const started = new Date(first.json().data.connected_at as string);
    const deadline = new Date(first.json().data.deadline as string);
    expect(deadline.getTime() - started.getTime()).toBe(CALL_LIMITS.durationMs);
    expect((await citizen.next("event")).event).toBe("clock");
    // The other party's connection (and a rejoin) keeps the first start.
    const second = await api("POST", `reservations/company/tc/connected/${call.hashid}`, tokens.citizen);
    expect(second.json().data.connected_at).toBe(started.toISOString());

    // At 12 minutes: nothing yet.
    expect(await runClock(t.database.db, new Date(started.getTime() + 12 * 60_000))).toMatchObject({ ended: 0 });
    expect(citizen.received.filter((m) => m.type === "event" && m.event === "warning")).toEqual([]);
    await runClock(t.database.db, new Date(started.getTime() + 13 * 60_000));
    const warning = await citizen.next("event");
    expect(warning).toMatchObject({ event: "warning", payload: { remaining_ms: 2 * 60_000 } });
    // Twice the job, once the warning.
    await runClock(t.database.db, new Date(started.getTime() + 13 * 60_000 + 30_000));
    // Rejoining while time remains.
    (await joined(tokens.pharmacyOperator, room)).close();

    const ended = await runClock(t.database.db, new Date(started.getTime() + 15 * 60_000));
    expect(ended.ended).toBeGreaterThanOrEqual(1);
    expect(await citizen.next("event")).toMatchObject({ event: "end", payload: { reason: "time_up" } });
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, call.id));
    expect(booking?.status).toBe("evaso");
    await refusedJoin(tokens.citizen, room);
    await refusedJoin(tokens.pharmacyOperator, room);
    const state = (await api("GET", `teleconsult/room/${call.hashid}`, tokens.citizen)).json().data;
    expect(state.state).toBe("ended");
    expect(state.ice_servers).toEqual([]);
    const again = await api("POST", `reservations/company/tc/connected/${call.hashid}`, tokens.citizen);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ROOM_MESSAGES.closed);
    // What a member still sends to the room after the end is refused.
    citizen.send({ type: "send", room, event: "chat", payload: { body: "ci sei?" }, ref: "late" });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    citizen.send({ type: "send", room, event: "chat", payload: { body: "ci sei?" }, ref: "late2" });
    const refused = await citizen.next("error");
    expect(refused).toMatchObject({ code: "message_refused", message: ROOM_MESSAGES.ended });
    citizen.close();
  });

  it("refuses joining past the stored deadline even before the job has run", async () => {
    const call = await makeCall({ startAt: new Date(Date.now() - 40 * 60_000) });
    await t.database.db.insert(teleconsultRoomClocks).values({
      bookingId: call.id,
      startedAt: new Date(Date.now() - 16 * 60_000),
      deadline: new Date(Date.now() - 60_000),
    });
    await refusedJoin(tokens.citizen, teleconsultRoomName(call.hashid));
    expect((await api("GET", `teleconsult/room/${call.hashid}`, tokens.citizen)).json().data.state).toBe("ended");
  });

  it("stops when the company closes the booking (evaso): the room is told, no warning comes, no rejoining", async () => {
    const call = await makeCall();
    const room = teleconsultRoomName(call.hashid);
    const citizen = await joined(tokens.citizen, room);
    const first = await api("POST", `reservations/company/tc/connected/${call.hashid}`, tokens.pharmacyOperator);
    const started = new Date(first.json().data.connected_at as string);
    expect((await citizen.next("event")).event).toBe("clock");
    const closed = await api("POST", `reservations/company/close/${call.hashid}`, tokens.pharmacyOperator);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await citizen.next("event")).toMatchObject({ event: "end", payload: { reason: "evaso" } });
    const clockOf = async () =>
      (await t.database.db.select().from(teleconsultRoomClocks).where(eq(teleconsultRoomClocks.bookingId, call.id)))[0];
    expect((await clockOf())?.doneAt).not.toBeNull();
    // The job at 13 and 15 minutes: a stopped clock gets neither the warning nor a second end.
    await runClock(t.database.db, new Date(started.getTime() + 13 * 60_000));
    await runClock(t.database.db, new Date(started.getTime() + 15 * 60_000));
    expect((await clockOf())?.warnedAt).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      citizen.received.filter((m) => m.type === "event" && m.room === room).map((m) => m.type === "event" && m.event),
    ).toEqual(["clock", "end"]);
    const state = (await api("GET", `teleconsult/room/${call.hashid}`, tokens.citizen)).json().data;
    expect(state).toMatchObject({ state: "ended", ice_servers: [] });
    expect(state.ended_at).not.toBeNull();
    await refusedJoin(tokens.citizen, room);
    citizen.close();
  });

  it("'Termina' ends it early for both; the room is closed", async () => {
    const call = await makeCall();
    const room = teleconsultRoomName(call.hashid);
    const operator = await joined(tokens.pharmacyOperator, room);
    expect((await api("POST", `teleconsult/room/${call.hashid}/end`, tokens.citizen2)).statusCode).toBe(404);
    const end = await api("POST", `teleconsult/room/${call.hashid}/end`, tokens.citizen);
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().data.state).toBe("ended");
    expect(await operator.next("event")).toMatchObject({ event: "end", payload: { reason: "terminated" } });
    // Again: nothing changes.
    expect((await api("POST", `teleconsult/room/${call.hashid}/end`, tokens.pharmacyOperator)).statusCode).toBe(200);
    await refusedJoin(tokens.pharmacyOperator, room);
    operator.close();
  });
});

describe("a guest by single-use link", () => {
  it("is invited by the operator, opens the link once, waits, is admitted, and joins the room", async () => {
    const call = await makeCall();
    const room = teleconsultRoomName(call.hashid);
    const body = { name: "Lucia Rossi", email: "lucia.rossi@example.it" };
    expect((await api("POST", `teleconsult/room/${call.hashid}/guests`, tokens.citizen, body)).statusCode).toBe(403);
    expect(
      (await api("POST", `teleconsult/room/${call.hashid}/guests`, tokens.pharmacyOperator, { name: "X" })).statusCode,
    ).toBe(422);
    const invited = await api("POST", `teleconsult/room/${call.hashid}/guests`, tokens.pharmacyOperator, body);
    expect(invited.statusCode, invited.body).toBe(201);
    const again = await api("POST", `teleconsult/room/${call.hashid}/guests`, tokens.pharmacyOperator, body);
    expect(again.statusCode).toBe(409);

    const mail = await t.database.db.execute(
      sql`select text from outbox_messages where recipient = 'lucia.rossi@example.it' order by id desc limit 1`,
    );
    const text = (mail as unknown as { rows: { text: string }[] }).rows[0]?.text ?? "";
    const token = /\/teleconsulto\/ospite\/([A-Za-z0-9_-]{22})/.exec(text)?.[1] as string;
    expect(token).toBeDefined();

    const operator = await joined(tokens.pharmacyOperator, room);
    const opened = await api("POST", `teleconsult/guest/${token}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    const guestToken = opened.json().data.token as string;
    expect(opened.json().data.state).toMatchObject({ role: "guest", ice_servers: [] });
    const reopened = await api("POST", `teleconsult/guest/${token}/open`);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe(ROOM_MESSAGES.linkUsed);
    expect((await api("POST", "teleconsult/guest/AAAAAAAAAAAAAAAAAAAAAA/open")).statusCode).toBe(404);

    const waiting = await operator.next("event");
    expect(waiting.event).toBe("guest_waiting");
    const guestHashid = (waiting.payload as { guest: { hashid: string } }).guest.hashid;
    // Not admitted yet: the guest's socket opens, the room does not.
    const guest = await signedInRealtime(t.app, guestToken);
    guest.send({ type: "join", room });
    expect((await guest.next("error")).code).toBe("room_refused");
    // Its token opens no REST route.
    expect((await api("GET", `teleconsult/room/${call.hashid}`, guestToken)).statusCode).toBe(401);
    // Asked with the socket token, its state says: still waiting (not a party, no ICE servers).
    const before = await api("POST", "teleconsult/guest/state", undefined, { token: guestToken });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({ role: "guest", me: guestHashid, ice_servers: [] });
    expect(before.json().data.parties.map((p: { role: string }) => p.role)).toEqual(["citizen", "operator"]);
    expect((await api("POST", "teleconsult/guest/state", undefined, { token: "guest_nope" })).statusCode).toBe(404);

    const admit = await api(
      "POST",
      `teleconsult/room/${call.hashid}/guests/${guestHashid}/admit`,
      tokens.pharmacyOperator,
    );
    expect(admit.statusCode, admit.body).toBe(200);
    const told = await guest.next("event");
    expect(told.event).toBe("guest_admitted");
    expect((told.payload as { ice_servers: unknown[] }).ice_servers.length).toBe(2);
    // A guest whose socket opened only after the admission (and missed that push) learns it by asking.
    const after = (await api("POST", "teleconsult/guest/state", undefined, { token: guestToken })).json().data;
    expect(after.parties).toContainEqual({ hashid: guestHashid, role: "guest" });
    expect(after.ice_servers.length).toBe(2);
    guest.send({ type: "join", room, ref: "g" });
    expect((await guest.next("joined")).room).toBe(room);
    guest.send({ type: "send", room, event: "join", payload: { media: "audio", peer: "p1" } });
    expect((await operator.next("event")).event).toBe("guest_admitted");
    expect(await operator.next("event")).toMatchObject({ event: "join", from: guestHashid });
    const audit = await t.database.db.execute(
      sql`select action from audit_log where entity_id = ${String(call.id)} and action like 'teleconsult.guest_%' order by id`,
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      "teleconsult.guest_invited",
      "teleconsult.guest_opened",
      "teleconsult.guest_admitted",
    ]);
    // The call ends: the guest's socket session ends with it.
    await api("POST", `teleconsult/room/${call.hashid}/end`, tokens.pharmacyOperator);
    await t.app.realtime.checkSessions();
    expect((await guest.closed).code).toBe(4401);
    operator.close();
  }, 60_000);

  it("is refused outside the call's window, without spending the link", async () => {
    const call = await makeCall();
    const invite = (body: object) =>
      api("POST", `teleconsult/room/${call.hashid}/guests`, tokens.pharmacyOperator, { name: "Interprete", ...body });
    // The platform's phone rule (spec 000 §5): a prefix apart, 9–15 digits, not from 0.
    for (const [phone, message] of [
      ["+393331234567", PHONE_MESSAGES.digitsOnly],
      ["0612345678", PHONE_MESSAGES.full],
      ["33312", PHONE_MESSAGES.tooShort],
    ] as const) {
      const bad = await invite({ phone });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.phone).toEqual([message]);
    }
    expect((await invite({ prefix: "39", phone: "3331234567" })).json().errors.prefix).toBeDefined();
    const invited = await invite({ phone: "3331234567" });
    expect(invited.statusCode).toBe(201);
    const sms = await t.database.db.execute(
      sql`select text from outbox_messages where recipient = '+393331234567' order by id desc limit 1`,
    );
    const text = (sms as unknown as { rows: { text: string }[] }).rows[0]?.text ?? "";
    const token = /\/teleconsulto\/ospite\/([A-Za-z0-9_-]{22})/.exec(text)?.[1] as string;
    await api("POST", `teleconsult/room/${call.hashid}/end`, tokens.pharmacyOperator);
    const late = await api("POST", `teleconsult/guest/${token}/open`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ROOM_MESSAGES.linkOutsideWindow);
  });
});
