import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { sessions, users } from "./tables.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("sign-in and sessions", () => {
  it("signs in by e-mail or username and answers the user without secrets", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: "MARIA.ROSSI@cura.demo", password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json().data;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(user).toMatchObject({ email: accounts.citizen, type: 0, i_am: "cittadino", anagrafica: { name: "Maria" } });
    expect(response.body).not.toMatch(/argon2|password_hash|passwordHash/);

    const byUsername = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: "maria.rossi", password: DEMO_PASSWORD },
    });
    expect(byUsername.statusCode).toBe(200);
  });

  it("stores only a hash of the token", async () => {
    const token = await t.login(accounts.citizen2);
    const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it("refuses wrong credentials with 422 and status false, and records the failure", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen3, password: "Sbagliata-123!" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: false, message: "Credenziali errate." });
    const failures = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "login.failed"));
    expect(failures.length).toBeGreaterThan(0);
    expect(JSON.stringify(failures)).not.toContain("Sbagliata-123!");
  });

  it("answers the current user, and 401 without or with a bad token", async () => {
    const token = await t.login(accounts.pharmacyAdmin);
    const me = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token });
    expect(me.statusCode).toBe(200);
    const user = me.json().data;
    expect(user).toMatchObject({ type: 1, i_am: "operatore", company: { name: "Farmacia San Marco", level: 1 } });
    expect(user.permessi).toContain("gestire operatori");
    expect(user.company.active_services.length).toBeGreaterThan(0);

    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me" })).statusCode).toBe(401);
    const forged = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: "x".repeat(43) });
    expect(forged.statusCode).toBe(401);
  });

  it("ends the session on logout", async () => {
    const token = await t.login(accounts.citizen);
    const out = await t.request({ method: "GET", url: "/api/v1/users/logout?client=web", token });
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).statusCode).toBe(401);
  });

  it("refuses a disabled account with the spec's message, and its open sessions stop working", async () => {
    const token = await t.login(accounts.citizen3);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, accounts.citizen3));
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).statusCode).toBe(401);
    const response = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen3, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe("La tua utenza è stata disabilitata");
    await t.database.db.update(users).set({ disabledAt: null }).where(eq(users.email, accounts.citizen3));
  });

  it("ends a session idle for longer than the user's timeout", async () => {
    const token = await t.login(accounts.citizen2);
    await t.database.db.update(users).set({ sessionTimeoutMinutes: 5 }).where(eq(users.email, accounts.citizen2));
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).statusCode).toBe(200);
    await t.database.db.update(sessions).set({ lastUsedAt: sql`now() - interval '10 minutes'` });
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).statusCode).toBe(401);
    await t.database.db.update(users).set({ sessionTimeoutMinutes: 0 }).where(eq(users.email, accounts.citizen2));
  });

  it("ends a session past its absolute lifetime", async () => {
    const token = await t.login(accounts.roomOperator);
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).statusCode).toBe(401);
  });
});

describe("unverified contacts", () => {
  it("keeps identity routes open but answers 401 with a code elsewhere", async () => {
    const token = await t.login(accounts.citizen);
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, accounts.citizen));
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).statusCode).toBe(200);
    const other = await t.request({ method: "GET", url: "/api/v1/users/abcdefgh", token });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ message: "Indirizzo e-mail non verificato", code: "email_not_verified" });

    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), numberVerifiedAt: null })
      .where(eq(users.email, accounts.citizen));
    const phone = await t.request({ method: "GET", url: "/api/v1/users/abcdefgh", token });
    expect(phone.json().code).toBe("phone_not_verified");
    await t.database.db.update(users).set({ numberVerifiedAt: new Date() }).where(eq(users.email, accounts.citizen));
  });
});
