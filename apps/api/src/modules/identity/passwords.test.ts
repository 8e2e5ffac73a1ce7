import { PASSWORD_MESSAGES } from "@cura/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { ageHits } from "../../platform/limiter/test-helpers.ts";
import { anagrafiche, passwordResetTokens, users } from "./tables.ts";
import { linkIn, NEW_PASSWORD, nextMessage, outbox, settledCount, taxCode } from "./test-helpers.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Sign-in from a given client address, so that each test has its own address counter. */
const loginFrom = (address: string, email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/users/login",
    remoteAddress: address,
    payload: { email, password },
  });
const THROTTLED = "Troppe richieste errate. Richiedi il recupero password oppure contatta l'assistenza";

describe("login throttling", () => {
  it("answers 429 after 3 failures in 5 minutes, even to the right password, until the window passes", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await loginFrom("10.0.0.1", accounts.citizen2, "Sbagliata-123!")).statusCode).toBe(422);
    }
    const right = await loginFrom("10.0.0.2", accounts.citizen2, DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(THROTTLED);
    // The username is the same account: it shares the counter.
    expect((await loginFrom("10.0.0.2", "giuseppe.bianchi", DEMO_PASSWORD)).statusCode).toBe(429);

    await ageHits(t.database.db, "login:", 6 * 60);
    expect((await loginFrom("10.0.0.2", accounts.citizen2, DEMO_PASSWORD)).statusCode).toBe(200);

    const throttled = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "login.throttled"));
    expect(throttled.length).toBeGreaterThan(0);
  });

  it("throttles an unknown account exactly like a known one", async () => {
    for (let i = 0; i < 3; i++) await loginFrom("10.0.1.1", "nessuno@example.it", "Sbagliata-123!");
    expect((await loginFrom("10.0.1.1", "nessuno@example.it", "Sbagliata-123!")).statusCode).toBe(429);
  });

  it("throttles one client address failing on many accounts, more generously", async () => {
    for (let i = 0; i < 20; i++) {
      const response = await loginFrom("10.0.2.1", `spray${i}@example.it`, "Sbagliata-123!");
      expect(response.statusCode).toBe(422);
    }
    expect((await loginFrom("10.0.2.1", accounts.citizen3, DEMO_PASSWORD)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await loginFrom("10.0.2.2", accounts.citizen3, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe("password recovery by e-mail", () => {
  it("answers mail_inviata for any well-formed address and email_non_valida otherwise", async () => {
    const unknown = await t.request({
      method: "POST",
      url: "/api/v1/users/password/forget",
      body: { email: "sconosciuto@example.it" },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: "mail_inviata" });
    expect(await settledCount(t, "sconosciuto@example.it")).toBe(0);

    const malformed = await t.request({ method: "POST", url: "/api/v1/users/password/forget", body: { email: "x@y" } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().message).toBe("email_non_valida");
  });

  it("sends a single-use link that resets the password, clears the flags and ends every session", async () => {
    const email = accounts.pharmacyOperator;
    const session = await t.login(email);
    await t.database.db
      .update(users)
      .set({ temporaryPassword: true, expiredPassword: true })
      .where(eq(users.email, email));
    const before = (await outbox(t, email)).length;
    const asked = await t.request({ method: "POST", url: "/api/v1/users/password/forget", body: { email } });
    expect(asked.json().message).toBe("mail_inviata");
    const mail = await nextMessage(t, email, before);
    const link = new URL(linkIn(mail.text, /http:\/\/localhost:\d+\/password\/reset\?\S+/));
    expect(link.searchParams.get("email")).toBe(email);
    const token = link.searchParams.get("token") as string;
    expect(token.length).toBeGreaterThanOrEqual(43);

    const reset = (body: Record<string, unknown>) =>
      t.request({ method: "POST", url: "/api/v1/users/password/reset", body });
    const wrongAccount = await reset({
      email: accounts.citizen,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(wrongAccount.statusCode).toBe(422);
    expect(wrongAccount.json().message).toBe("Link scaduto. Ripetere operazione");

    const common = await reset({ email, token, password: "Password123!", password_confirmation: "Password123!" });
    expect(common.json().errors).toEqual({ password: [PASSWORD_MESSAGES.common] });

    const ok = await reset({ email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Password reimpostata" });
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: session })).statusCode).toBe(401);
    const fresh = await t.login(email, NEW_PASSWORD);
    const me = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: fresh })).json().data;
    expect(me).toMatchObject({ temporary_password: false, expired_password: 0 });

    const again = await reset({
      email,
      token,
      password: "Altra-Tartaruga-88",
      password_confirmation: "Altra-Tartaruga-88",
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe("Link scaduto. Ripetere operazione");
  });

  it("refuses an expired link, and an unknown one", async () => {
    const email = accounts.roomAdmin;
    const before = (await outbox(t, email)).length;
    await t.request({ method: "POST", url: "/api/v1/users/password/forget", body: { email } });
    const token = new URL(linkIn((await nextMessage(t, email, before)).text, /http\S+/)).searchParams.get("token");
    await t.database.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    const body = { email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const expired = await t.request({ method: "POST", url: "/api/v1/users/password/reset", body });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe("Link scaduto. Ripetere operazione");
    const unknown = await t.request({
      method: "POST",
      url: "/api/v1/users/password/reset",
      body: { ...body, token: "x".repeat(43) },
    });
    expect(unknown.json().message).toBe("Link scaduto. Ripetere operazione");
  });

  it("lets a throttled account back in after a reset", async () => {
    const email = accounts.roomOperator;
    for (let i = 0; i < 3; i++) await loginFrom("10.0.3.1", email, "Sbagliata-123!");
    expect((await loginFrom("10.0.3.1", email, DEMO_PASSWORD)).statusCode).toBe(429);
    const before = (await outbox(t, email)).length;
    await t.request({ method: "POST", url: "/api/v1/users/password/forget", body: { email } });
    const token = new URL(linkIn((await nextMessage(t, email, before)).text, /http\S+/)).searchParams.get("token");
    const body = { email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await t.request({ method: "POST", url: "/api/v1/users/password/reset", body })).statusCode).toBe(200);
    expect((await loginFrom("10.0.3.2", email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe("password recovery by tax code", () => {
  const mariaCf = taxCode("RSSMRA85M41F205");

  it("answers 'Messaggio inviato' for any valid tax code and 'codice fiscale non valido' otherwise", async () => {
    const unknown = await t.request({
      method: "POST",
      url: "/api/v1/users/password/forget/cf",
      body: { cf: taxCode("BNCLRA70A41H501") },
    });
    expect(unknown.json()).toEqual({ message: "Messaggio inviato" });
    const invalid = await t.request({ method: "POST", url: "/api/v1/users/password/forget/cf", body: { cf: "ABC" } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toBe("codice fiscale non valido");
  });

  it("texts the link to the first phone, or to the reserve phone with second", async () => {
    const first = "+393471234567";
    const before = (await outbox(t, first)).length;
    await t.request({ method: "POST", url: "/api/v1/users/password/forget/cf", body: { cf: `TINIT-${mariaCf}` } });
    const sms = await nextMessage(t, first, before);
    const link = new URL(linkIn(sms.text, /http:\/\/localhost:\d+\/password\/reset\?\S+/));
    expect(link.searchParams.get("username")).toBe(mariaCf);

    const body = {
      username: link.searchParams.get("username"),
      token: link.searchParams.get("token"),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    expect((await t.request({ method: "POST", url: "/api/v1/users/password/reset", body })).statusCode).toBe(200);
    await t.login(accounts.citizen, NEW_PASSWORD);

    const reserve = "+393209998877";
    const maria = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, accounts.citizen));
    await t.database.db
      .update(anagrafiche)
      .set({ telNumberSecondary: "3209998877" })
      .where(eq(anagrafiche.userId, maria[0]?.id ?? 0));
    // Only a verified reserve number gets the link (contacts.test.ts shows how it gets verified).
    await t.database.db
      .update(users)
      .set({ secondaryNumberVerifiedAt: new Date() })
      .where(eq(users.id, maria[0]?.id ?? 0));
    const firstCount = await settledCount(t, first);
    await t.request({ method: "POST", url: "/api/v1/users/password/forget/cf", body: { cf: mariaCf, second: true } });
    expect((await nextMessage(t, reserve, 0)).text).toContain("/password/reset?username=");
    expect(await settledCount(t, first)).toBe(firstCount);
  });
});

describe("POST users/change/password", () => {
  it("refuses a wrong current password, then changes it, ending only the other sessions", async () => {
    const email = accounts.admin;
    const current = await t.login(email);
    const other = await t.login(email);
    const change = (body: Record<string, string>) =>
      t.request({ method: "POST", url: "/api/v1/users/change/password", token: current, body });

    const wrong = await change({
      old_password: "Sbagliata-123!",
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      old_password: ["Password attuale errata: se non la ricordi usa il recupero password"],
    });
    const same = await change({
      old_password: DEMO_PASSWORD,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
    });
    expect(same.json().errors.password).toEqual([PASSWORD_MESSAGES.sameAsOld]);

    await t.database.db.update(users).set({ temporaryPassword: true }).where(eq(users.email, email));
    const ok = await change({
      old_password: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    const me = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: current });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.temporary_password).toBe(false);
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: other })).statusCode).toBe(401);
    await t.login(email, NEW_PASSWORD);
  });
});

describe("the audit trail", () => {
  it("records sign-ins, failures, throttles, resets and changes, with no password, token or code", async () => {
    const rows = await t.database.db.select().from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      "login",
      "login.failed",
      "login.throttled",
      "password.reset_requested",
      "password.reset",
      "password.changed",
      "password.change_failed",
    ]) {
      expect(actions, action).toContain(action);
    }
    const dump = JSON.stringify(rows);
    for (const secret of [DEMO_PASSWORD, NEW_PASSWORD, "Sbagliata-123!"]) expect(dump).not.toContain(secret);
    expect(dump).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});
