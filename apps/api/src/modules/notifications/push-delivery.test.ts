import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { encryptPayload } from "../../platform/push/encryption.ts";
import { parseSubscription } from "../../platform/push/subscriptions.ts";
import { pushSubscriptions } from "../../platform/push/tables.ts";
import { type Caller, demoCallers } from "../companies/test-helpers.ts";
import { NOTIFICATION_EMAILS_JOB } from "./dispatcher.ts";
import { notifyUser } from "./service.ts";
import { notifications } from "./tables.ts";
import { type Bookable, bookableService, testIds } from "./test-helpers.ts";

/**
 * Web Push end to end: a local HTTP server stands for the browsers' push service; the test holds each
 * subscription's private key and auth secret, so it checks the VAPID JWT and decrypts what arrives.
 */

interface Received {
  path: string;
  at: number;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let bookable: Bookable;
let server: Server;
let origin: string;
const received: Received[] = [];
/** Answers per path: a list consumed one per request, then 201. */
const scripted = new Map<string, number[]>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      received.push({ path, at: Date.now(), headers: request.headers, body: Buffer.concat(chunks) });
      const status = scripted.get(path)?.shift() ?? 201;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestContext({ PUSH_RETRY_DELAY_MS: "20" });
  people = await demoCallers(t);
  bookable = await bookableService(people.pharmacyAdmin);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A browser's subscription: its key pair and auth secret stay with the test. */
function browser(path: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const json = {
    endpoint: `${origin}${path}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
  return { path, ecdh, auth, token: JSON.stringify(json) };
}
type Browser = ReturnType<typeof browser>;

async function subscribe(c: Caller, b: Browser) {
  const response = await c.call("POST", "users/push/token", { token: b.token, client: "web" });
  expect(response.statusCode, response.body).toBe(200);
}

/** RFC 8291 decryption, written from the RFC on the receiving side. */
function decrypt(b: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = b.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), b.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, b.auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  expect(plain.at(-1)).toBe(2);
  return plain.subarray(0, plain.length - 1).toString("utf8");
}

/** Checks the VAPID header against the key GET push/key publishes; answers the JWT's claims. */
function checkVapid(headers: IncomingMessage["headers"], publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match).not.toBeNull();
  const [, jwt, k] = match as RegExpExecArray;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = (jwt as string).split(".") as [string, string, string];
  expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" });
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(claims, "base64url").toString());
}

async function deliver() {
  await t.app.jobs.runNow(NOTIFICATION_EMAILS_JOB);
}

describe("Web Push", () => {
  it("publishes the VAPID public key", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/push/key" });
    expect(response.statusCode).toBe(200);
    expect(Buffer.from(response.json().data.public_key, "base64url")).toHaveLength(65);
  });

  it("delivers a booking event, encrypted and signed, to every device of the operator", async () => {
    const publicKey = (await t.request({ method: "GET", url: "/api/v1/push/key" })).json().data.public_key;
    const laptop = browser("/push/laptop");
    const phone = browser("/push/phone");
    await subscribe(people.pharmacyOperator, laptop);
    await subscribe(people.pharmacyOperator, phone);
    // The same browser subscribing again is still one device.
    await subscribe(people.pharmacyOperator, phone);
    received.length = 0;

    const booking = await bookable.book(people.citizen, "Ho la ricetta");
    await deliver();

    for (const device of [laptop, phone]) {
      const got = received.filter((r) => r.path === device.path);
      expect(got).toHaveLength(1);
      const [request] = got as [Received];
      expect(request.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(request.headers.ttl)).toBeGreaterThan(0);
      const claims = checkVapid(request.headers, publicKey);
      expect(claims.aud).toBe(origin);
      expect(claims.sub).toBe("mailto:supporto@cura.local");
      expect(claims.exp as number).toBeGreaterThan(Date.now() / 1000);
      expect(claims.exp as number).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
      const message = JSON.parse(decrypt(device, request.body));
      expect(message).toEqual({
        title: "Nuova prenotazione",
        body: expect.stringContaining("Maria Rossi ha inviato la prenotazione di Misurazione pressione"),
        extraData: { url: `/operatore/prenotazioni/dettaglio/${booking}`, kind: "booking" },
      });
    }
    // The citizen made the change and has no device: nothing for her.
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.pushStatus, "pending"));
    expect(rows).toEqual([]);
    // A second run sends nothing again.
    const before = received.length;
    await deliver();
    expect(received.length).toBe(before);
  });

  it("retries three times, then gives up; deletes a subscription answered 404 or 410", async () => {
    const flaky = browser("/push/flaky");
    const broken = browser("/push/broken");
    const gone = browser("/push/gone");
    const lost = browser("/push/lost");
    await subscribe(people.pharmacyAdmin, flaky);
    await subscribe(people.pharmacyAdmin, broken);
    await subscribe(people.pharmacyAdmin, gone);
    await subscribe(people.pharmacyAdmin, lost);
    scripted.set("/push/flaky", [500, 503]);
    scripted.set("/push/broken", [500, 500, 500, 500]);
    scripted.set("/push/gone", [410]);
    scripted.set("/push/lost", [404]);
    received.length = 0;

    await bookable.book(people.citizen);
    await deliver();

    const count = (path: string) => received.filter((r) => r.path === path).length;
    expect(count("/push/flaky")).toBe(3);
    expect(count("/push/broken")).toBe(3);
    expect(count("/push/gone")).toBe(1);
    expect(count("/push/lost")).toBe(1);
    // The attempts are PUSH_RETRY_DELAY_MS (20 here, 3 s by default) apart.
    const times = received.filter((r) => r.path === "/push/broken").map((r) => r.at);
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(18);
    const left = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    const endpoints = left.map((r) => r.endpoint);
    expect(endpoints).toContain(`${origin}/push/flaky`);
    expect(endpoints).toContain(`${origin}/push/broken`);
    expect(endpoints).not.toContain(`${origin}/push/gone`);
    expect(endpoints).not.toContain(`${origin}/push/lost`);
  });

  it("pushes a popup (a teleconsultation taken in charge) by default, and not a plain notice", async () => {
    const device = browser("/push/citizen");
    await subscribe(people.citizen2, device);
    const userId = testIds.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
    received.length = 0;
    await notifyUser(t.database.db, {
      userId,
      audience: "citizen",
      title: "Il tuo teleconsulto rapido è stato preso in carico",
      body: "Apri il teleconsulto per collegarti.",
      popup: { action: "Apri teleconsulto rapido", variant: "success" },
    });
    await notifyUser(t.database.db, { userId, audience: "citizen", title: "Solo in app", body: "Nessun push" });
    await deliver();
    const got = received.filter((r) => r.path === device.path);
    expect(got).toHaveLength(1);
    expect(JSON.parse(decrypt(device, (got[0] as Received).body))).toEqual({
      title: "Il tuo teleconsulto rapido è stato preso in carico",
      body: "Apri il teleconsulto per collegarti.",
      extraData: { url: "/cittadino", kind: "popup" },
    });
  });

  it("gives a browser's endpoint to the last user who sent it: the one before stops reaching it", async () => {
    const shared = browser("/push/shared");
    await subscribe(people.citizen, shared);
    // Another user signs in on that browser (or replays its endpoint with keys of their own).
    const other = { ...browser("/push/shared"), path: shared.path };
    await subscribe(people.citizen2, other);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${origin}/push/shared`));
    expect(rows).toHaveLength(1);
    const first = testIds.decode((await people.citizen.get("users/fresh/me")).json().data.hashid) as number;
    const citizen2 = testIds.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
    expect(rows[0]?.userId).toBe(citizen2);
    received.length = 0;
    const popup = { action: null, variant: "info" as const };
    await notifyUser(t.database.db, { userId: first, audience: "citizen", title: "Per il primo", body: "x", popup });
    await deliver();
    expect(received.filter((r) => r.path === shared.path)).toEqual([]);
    await notifyUser(t.database.db, { userId: citizen2, audience: "citizen", title: "Per citizen2", body: "y", popup });
    await deliver();
    const got = received.filter((r) => r.path === shared.path);
    expect(got).toHaveLength(1);
    // Encrypted for the keys last sent, not for the first user's.
    expect(JSON.parse(decrypt(other, (got[0] as Received).body)).title).toBe("Per citizen2");
    expect(() => decrypt(shared, (got[0] as Received).body)).toThrow();
  });

  it("takes an http endpoint only where a local server stands for the push service", () => {
    const b = browser("/push/plain");
    expect(parseSubscription(b.token)).toBeNull();
    expect(parseSubscription(b.token, { allowHttp: true })?.endpoint).toBe(`${origin}/push/plain`);
    const secure = JSON.stringify({ ...JSON.parse(b.token), endpoint: "https://push.example.org/abc" });
    expect(parseSubscription(secure)?.endpoint).toBe("https://push.example.org/abc");
  });

  it("keeps a token that is not a Web Push subscription as the token only", async () => {
    const before = await t.database.db.select().from(pushSubscriptions);
    const response = await people.citizen2.call("POST", "users/push/token", {
      token: "fcm-native-token",
      client: "android",
    });
    expect(response.statusCode).toBe(200);
    const bad = JSON.stringify({ endpoint: "ftp://x", keys: { p256dh: "AAAA", auth: "BBBB" } });
    expect((await people.citizen2.call("POST", "users/push/token", { token: bad })).statusCode).toBe(200);
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(before.length);
  });

  it("refuses to encrypt for malformed keys", () => {
    expect(() => encryptPayload(Buffer.from("x"), { p256dh: "AAAA", auth: "AAAA" })).toThrow();
  });
});
