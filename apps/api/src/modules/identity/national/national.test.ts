import type { TRegisterByIdentityBody } from "@cura/domain";
import { NATIONAL_IDENTITY_MESSAGES } from "@cura/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { DISABLED_MESSAGE } from "../service.ts";
import { anagrafiche, users } from "../tables.ts";
import { outbox } from "../test-helpers.ts";
import { BINDING_COOKIE } from "./cookies.ts";
import { issueIdentityToken } from "./service.ts";
import { signInWithTestIdentity, TestBrowser } from "./test-browser.ts";
import { findTestIdentity } from "./test-identities.ts";

/**
 * The SPID/CIE flow end to end, offline: a real listening server, the embedded test provider, and
 * a small cookie-keeping browser (fetch, manual redirects).
 */
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => t.close());

const maria = findTestIdentity("maria-rossi");
const luca = findTestIdentity("luca-ferrari");
const chiara = findTestIdentity("chiara-romano");
if (!maria || !luca || !chiara) throw new Error("test identities missing");

const testCtx = () => ({ config: loadConfig({ NODE_ENV: "test" }) }) as unknown as ModuleContext;

/** The completion form as the page sends it: the identity's data pre-filled, the rest typed in. */
function completion(
  token: string,
  cf: string,
  overrides: Partial<TRegisterByIdentityBody> = {},
): TRegisterByIdentityBody {
  const person = [maria, luca, chiara].find((i) => cf.toUpperCase().endsWith(i?.taxCode ?? "-"));
  return {
    email: `spid.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.it`,
    type: 0,
    project: "nessuno",
    token,
    anagrafica: {
      name: person?.givenName ?? "Nome",
      surname: person?.familyName ?? "Cognome",
      cf,
      gender: person?.gender === "male" ? "maschile" : "femminile",
      birthday: person?.birthdate ?? "1990-01-01",
      regione: "Lazio",
      provincia: "RM",
      comune: "Roma",
      cap: "00184",
      address: "Via Nazionale 10",
      tel_number: "3471234567",
    },
    data_consense: true,
    share_consense: true,
    charge_consense: true,
    articles_consense: true,
    ...overrides,
  };
}

async function auditActions(method: string) {
  const rows = await t.database.db.select().from(auditLog).where(sql`${auditLog.detail}->>'method' = ${method}`);
  return rows.map((r) => ({ action: r.action, reason: r.detail?.reason, userId: r.entityId }));
}

describe("SPID and CIE through the embedded test provider", () => {
  it("goes start → provider page → callback and signs Maria Rossi in with SPID", async () => {
    const browser = new TestBrowser(base);
    const start = await browser.fetch("/api/v1/auth/spid/start");
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.origin + authorize.pathname).toBe(`${base}/api/v1/dev/idp/spid/auth`);
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("scope")).toBe("openid profile email");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${base}/api/v1/auth/spid/callback`);
    for (const p of ["state", "nonce", "code_challenge"]) expect(authorize.searchParams.get(p)).toBeTruthy();
    const flowCookie = browser.setCookies.find((c) => c.startsWith("cura_oidc_spid="));
    expect(flowCookie).toMatch(/Path=\/api\/v1\/auth\/spid; Max-Age=600; HttpOnly; SameSite=Lax/);

    const fresh = new TestBrowser(base);
    const { returnUrl, providerPage } = await signInWithTestIdentity(fresh, "spid", "maria-rossi");
    expect(providerPage).toContain('<html lang="it">');
    expect(providerPage).toContain("Entra con questa identità");
    expect(providerPage).toMatch(/<legend>Identità di prova<\/legend>/);
    expect(providerPage).toContain(`<label for="identity-0">Maria Rossi`);
    expect(returnUrl.pathname).toBe("/login/spid");
    const token = returnUrl.searchParams.get("token") ?? "";
    expect(token).toMatch(/^v1\./);
    // Sealed: the tax code does not show in the URL.
    expect(Buffer.from(token.slice(3), "base64url").toString("latin1")).not.toContain(maria.taxCode);
    expect(fresh.cookies.has(BINDING_COOKIE)).toBe(true);

    const verified = await fresh.postJson("/api/v1/spid/verify", { token });
    expect(verified.status).toBe(200);
    expect(verified.json.data.user).toMatchObject({ email: accounts.citizen, anagrafica: { cf: maria.taxCode } });
    const me = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: verified.json.data.token });
    expect(me.json().data.email).toBe(accounts.citizen);
    // The binding is spent with the sign-in: the same token does not sign in twice.
    expect(fresh.cookies.has(BINDING_COOKIE)).toBe(false);
    expect((await fresh.postJson("/api/v1/spid/verify", { token })).status).toBe(422);

    expect(await auditActions("spid")).toContainEqual(expect.objectContaining({ action: "login" }));
  });

  it("answers 404 with the identity for a CIE identity without an account", async () => {
    const browser = new TestBrowser(base);
    const { returnUrl } = await signInWithTestIdentity(browser, "cie", "luca-ferrari");
    expect(returnUrl.pathname).toBe("/login/cie");
    const verified = await browser.postJson("/api/v1/cie/verify", { token: returnUrl.searchParams.get("token") });
    expect(verified.status).toBe(404);
    expect(verified.json.message).toBe(NATIONAL_IDENTITY_MESSAGES.noAccount);
    expect(verified.json.data).toEqual({
      name: "Luca",
      surname: "Ferrari",
      email: "luca.ferrari@example.it",
      cf: luca.taxCode,
      gender: "maschile",
      birthday: "1980-01-01",
    });
    // A CIE token is not a SPID one.
    const asSpid = await browser.postJson("/api/v1/spid/verify", { token: returnUrl.searchParams.get("token") });
    expect(asSpid.status).toBe(422);
    expect(await auditActions("cie")).toContainEqual({ action: "login.failed", reason: "no_account", userId: null });
  });

  it("registers by SPID without a password, with the provider's data, and sends the verification e-mail", async () => {
    const browser = new TestBrowser(base);
    const { returnUrl } = await signInWithTestIdentity(browser, "spid", "chiara-romano");
    const token = returnUrl.searchParams.get("token") ?? "";
    expect((await browser.postJson("/api/v1/spid/verify", { token })).status).toBe(404);

    // The form's name and birthday cannot override the provider's.
    const body = completion(token, `tinit-${chiara.taxCode.toLowerCase()}`, {
      email: "Chiara.Romano@Example.it",
      marketing_consense: false,
    });
    body.anagrafica = { ...body.anagrafica, name: "Altro", surname: "Nome", birthday: "2000-01-01" };
    const registered = await browser.postJson("/api/v1/users/registerBySpid", body);
    expect(registered.status).toBe(201);
    const { token: session, user } = registered.json.data;
    expect(user).toMatchObject({
      email: "chiara.romano@example.it",
      type: 0,
      i_am: "cittadino",
      email_verified_at: null,
      number_verified_at: null,
      all_consenses: true,
      marketing_consense: false,
      notification_consense: true,
      anagrafica: {
        name: "Chiara",
        surname: "Romano",
        cf: chiara.taxCode,
        gender: "femminile",
        birthday: "1992-04-05",
        comune: "Roma",
        cap: "00184",
        tel_number: "3471234567",
      },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "chiara.romano@example.it"));
    expect(row?.passwordHash).toBeNull();
    const [mail] = await outbox(t, "chiara.romano@example.it");
    expect(mail?.subject).toBe("Conferma il tuo indirizzo e-mail");
    const me = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: session });
    expect(me.statusCode).toBe(200);
    expect(browser.cookies.has(BINDING_COOKIE)).toBe(false);

    // No password to sign in with…
    const login = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: "chiara.romano@example.it", password: "Qualsiasi-2026!" },
    });
    expect(login.statusCode).toBe(422);
    // …but the identity now signs her in, and cannot register a second account.
    const again = new TestBrowser(base);
    const second = await signInWithTestIdentity(again, "spid", "chiara-romano");
    const secondToken = second.returnUrl.searchParams.get("token") ?? "";
    const duplicate = await again.postJson("/api/v1/users/registerBySpid", completion(secondToken, chiara.taxCode));
    expect(duplicate.status).toBe(422);
    expect(duplicate.json.errors["anagrafica.cf"]).toEqual([NATIONAL_IDENTITY_MESSAGES.taxCodeTaken]);
    const signedIn = await again.postJson("/api/v1/spid/verify", { token: secondToken });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.user.email).toBe("chiara.romano@example.it");

    const trail = await auditActions("spid");
    expect(trail).toContainEqual(expect.objectContaining({ action: "user.registered", userId: row?.id.toString() }));
  });

  it("refuses a registration whose tax code is not the identity's, or whose e-mail is taken (422)", async () => {
    const browser = new TestBrowser(base);
    const { returnUrl } = await signInWithTestIdentity(browser, "cie", "luca-ferrari");
    const token = returnUrl.searchParams.get("token") ?? "";

    const mismatch = await browser.postJson("/api/v1/users/registerByCie", completion(token, chiara.taxCode));
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors["anagrafica.cf"]).toEqual([NATIONAL_IDENTITY_MESSAGES.taxCodeMismatch]);
    expect(mismatch.json.message).toBe(NATIONAL_IDENTITY_MESSAGES.taxCodeMismatch);

    const taken = await browser.postJson(
      "/api/v1/users/registerByCie",
      completion(token, luca.taxCode, { email: accounts.citizen2 }),
    );
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.json.errors)).toEqual(["email"]);

    // The §5 rules of the completion form: phone with the SPID/CIE message, CAP, consents, articles.
    const invalid = await browser.postJson(
      "/api/v1/users/registerByCie",
      completion(token, luca.taxCode, {
        anagrafica: {
          ...completion(token, luca.taxCode).anagrafica,
          tel_number: "0612345678",
          cap: "123",
          address: "",
        },
        articles_consense: false,
      }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors["anagrafica.tel_number"]).toEqual([
      "Il numero di telefono non può iniziare con 0 o 00, deve contenere solo cifre e avere una lunghezza compresa tra 9 e 15 caratteri.",
    ]);
    expect(invalid.json.errors["anagrafica.cap"]).toBeDefined();
    expect(invalid.json.errors["anagrafica.address"]).toBeDefined();
    expect(invalid.json.errors.data_consense).toBeDefined();

    const project = await browser.postJson(
      "/api/v1/users/registerByCie",
      completion(token, luca.taxCode, { project: "kZ3Gx7Qa" }),
    );
    expect(project.status).toBe(422);
    expect(Object.keys(project.json.errors)).toEqual(["project"]);
  });

  it("refuses tampered, foreign, unbound and expired tokens with 422", async () => {
    const ctx = testCtx();
    const identity = { name: "Luca", surname: "Ferrari", email: null, cf: luca.taxCode, gender: null, birthday: null };
    const verify = (token: string, binding?: string) =>
      t.request({
        method: "POST",
        url: "/api/v1/spid/verify",
        body: { token },
        headers: binding ? { cookie: `${BINDING_COOKIE}=${binding}` } : {},
      });
    const good = issueIdentityToken(ctx, "spid", identity, "binding-1");
    expect((await verify(good, "binding-1")).statusCode).toBe(404);

    const tampered = `${good.slice(0, -6)}${good.slice(-6) === "AAAAAA" ? "BBBBBB" : "AAAAAA"}`;
    const answer = await verify(tampered, "binding-1");
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      message: NATIONAL_IDENTITY_MESSAGES.invalidToken,
      errors: { token: [NATIONAL_IDENTITY_MESSAGES.invalidToken] },
    });
    expect((await verify("not-a-token", "binding-1")).statusCode).toBe(422);
    // Another browser (no or another binding cookie) cannot use a leaked token.
    expect((await verify(good)).statusCode).toBe(422);
    expect((await verify(good, "binding-2")).statusCode).toBe(422);
    // Signed with another secret.
    const foreign = issueIdentityToken(
      { config: loadConfig({ NODE_ENV: "test", APP_SECRET: "x".repeat(40) }) } as unknown as ModuleContext,
      "spid",
      identity,
      "binding-1",
    );
    expect((await verify(foreign, "binding-1")).statusCode).toBe(422);

    // 5 minutes to sign in; 30 minutes to finish the completion form.
    const sixMinutesAgo = issueIdentityToken(ctx, "spid", identity, "binding-1", Date.now() - 6 * 60_000);
    expect((await verify(sixMinutesAgo, "binding-1")).statusCode).toBe(422);
    const register = (token: string) =>
      t.request({
        method: "POST",
        url: "/api/v1/users/registerBySpid",
        body: completion(token, luca.taxCode, { email: accounts.citizen }),
        headers: { cookie: `${BINDING_COOKIE}=binding-1` },
      });
    // Still good for registration (the 422 is the taken e-mail, not the token).
    expect(Object.keys((await register(sixMinutesAgo)).json().errors)).toEqual(["email"]);
    const old = issueIdentityToken(ctx, "spid", identity, "binding-1", Date.now() - 31 * 60_000);
    expect(Object.keys((await register(old)).json().errors)).toEqual(["token"]);
    expect(Object.keys((await register(tampered)).json().errors)).toEqual(["token"]);

    expect(await auditActions("spid")).toContainEqual({
      action: "login.failed",
      reason: "invalid_identity",
      userId: null,
    });
  });

  it("answers 401 with the disabled message for a disabled account", async () => {
    const [giuseppe] = await t.database.db
      .select({ id: users.id, cf: anagrafiche.cf })
      .from(users)
      .innerJoin(anagrafiche, eq(anagrafiche.userId, users.id))
      .where(eq(users.email, accounts.citizen2));
    if (!giuseppe?.cf) throw new Error("seed changed");
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, giuseppe.id));
    const token = issueIdentityToken(
      testCtx(),
      "cie",
      { name: "Giuseppe", surname: "Bianchi", email: null, cf: giuseppe.cf, gender: null, birthday: null },
      "b",
    );
    const answer = await t.request({
      method: "POST",
      url: "/api/v1/cie/verify",
      body: { token },
      headers: { cookie: `${BINDING_COOKIE}=b` },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ message: DISABLED_MESSAGE, code: "user_disabled" });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "login.failed"), eq(auditLog.entityId, String(giuseppe.id))));
    expect(entry?.detail).toEqual({ method: "cie", reason: "disabled" });
  });

  it("returns to the login page with a message when the person cancels or the flow is broken", async () => {
    const browser = new TestBrowser(base);
    const cancelled = await signInWithTestIdentity(browser, "spid", "luca-ferrari", "cancel");
    expect(cancelled.returnUrl.pathname).toBe("/login/spid");
    expect(cancelled.returnUrl.searchParams.get("error")).toBe(NATIONAL_IDENTITY_MESSAGES.cancelled);
    expect(cancelled.returnUrl.searchParams.has("token")).toBe(false);

    // A callback without the flow cookie (another browser, or a forged return).
    const stranger = await t.request({ method: "GET", url: "/api/v1/auth/cie/callback?code=abc&state=xyz" });
    expect(stranger.statusCode).toBe(302);
    expect(stranger.headers.location).toBe(
      `/login/cie?error=${encodeURIComponent(NATIONAL_IDENTITY_MESSAGES.expiredFlow)}`,
    );
    const garbage = await t.request({ method: "GET", url: "/api/v1/auth/cie/callback?code=a&code=b&state[x]=1" });
    expect(garbage.statusCode).toBe(302);

    // The provider's page refuses an interaction it does not know.
    const unknown = await browser.fetch("/api/v1/dev/idp/spid/interaction/unknown-uid");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("La richiesta di accesso è scaduta o non è valida.");
    expect((await t.request({ method: "GET", url: "/api/v1/auth/other/start" })).statusCode).toBe(422);
  });

  it("publishes the test provider's discovery document on the request's origin", async () => {
    const response = await fetch(`${base}/api/v1/dev/idp/cie/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${base}/api/v1/dev/idp/cie`);
    expect(discovery.authorization_endpoint).toBe(`${base}/api/v1/dev/idp/cie/auth`);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(["fiscal_number", "given_name", "birthdate"]));
  });
});
