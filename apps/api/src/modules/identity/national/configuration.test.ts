import { createServer } from "node:net";
import { NATIONAL_IDENTITY_MESSAGES, taxCodeCheckChar } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { buildApp } from "../../../app.ts";
import { loadConfig } from "../../../config.ts";
import { embeddedClient } from "./dev-idp.ts";
import { identityFromClaims } from "./relying-party.ts";
import { seal, unseal } from "./sealed.ts";
import { signInWithTestIdentity, TestBrowser } from "./test-browser.ts";

/** A port free on the loopback right now, so a configuration can name the address before listening. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe("a configured identity broker", () => {
  let t: TestContext;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The broker here is the embedded provider itself, reached like any broker: over the network,
    // with the client registration a real broker would hand out. CIE names a broker that is down.
    const client = embeddedClient(loadConfig({ NODE_ENV: "test" }).appSecret, "spid");
    t = await createTestContext({
      PUBLIC_URL: origin,
      SPID_ISSUER: `${origin}/api/v1/dev/idp/spid`,
      SPID_CLIENT_ID: client.clientId,
      SPID_CLIENT_SECRET: client.clientSecret,
      CIE_ISSUER: "http://127.0.0.1:1/broker",
      CIE_CLIENT_ID: "cura",
      CIE_CLIENT_SECRET: "secret",
    });
    await t.app.listen({ host: "127.0.0.1", port });
  });
  afterAll(() => t.close());

  it("runs the flow against the broker over HTTP, with the redirect URI on PUBLIC_URL", async () => {
    const browser = new TestBrowser(origin);
    const start = await browser.fetch("/api/v1/auth/spid/start");
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.searchParams.get("client_id")).toBe("cura-spid-dev");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${origin}/api/v1/auth/spid/callback`);

    const { returnUrl } = await signInWithTestIdentity(browser, "spid", "maria-rossi");
    const verified = await browser.postJson("/api/v1/spid/verify", { token: returnUrl.searchParams.get("token") });
    expect(verified.status).toBe(200);
    expect(verified.json.data.user.email).toBe(accounts.citizen);
  });

  it("sends the browser back with a message when the broker does not answer", async () => {
    const start = await t.request({ method: "GET", url: "/api/v1/auth/cie/start" });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(
      `/login/cie?error=${encodeURIComponent(NATIONAL_IDENTITY_MESSAGES.providerUnreachable)}`,
    );
  });
});

describe("production", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("has no embedded test provider, and no SPID/CIE without a configured broker", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      FILES_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      APP_SECRET: "x".repeat(40),
      STORAGE_DIR: t.storageDir,
      LOG_LEVEL: "silent",
    });
    const app = await buildApp({ config, database: t.database });
    for (const url of [
      "/api/v1/dev/idp/spid/.well-known/openid-configuration",
      "/api/v1/dev/idp/cie/auth",
      "/api/v1/dev/idp/spid/interaction/abc",
    ]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    const start = await app.inject({ method: "GET", url: "/api/v1/auth/spid/start" });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(
      `/login/spid?error=${encodeURIComponent(NATIONAL_IDENTITY_MESSAGES.unavailable)}`,
    );
    const callback = await app.inject({ method: "GET", url: "/api/v1/auth/cie/callback?code=x&state=y" });
    expect(callback.headers.location).toBe(
      `/login/cie?error=${encodeURIComponent(NATIONAL_IDENTITY_MESSAGES.unavailable)}`,
    );
    await app.close();
  });

  it("refuses an incomplete or plain-HTTP broker configuration", () => {
    const production = {
      NODE_ENV: "production",
      FILES_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      APP_SECRET: "x".repeat(40),
    };
    expect(() => loadConfig({ ...production, SPID_ISSUER: "https://broker.example/spid" })).toThrow(/SPID_CLIENT_ID/);
    expect(() => loadConfig({ CIE_CLIENT_ID: "cura" })).toThrow(/CIE_ISSUER/);
    expect(() =>
      loadConfig({ ...production, CIE_ISSUER: "http://broker.example", CIE_CLIENT_ID: "a", CIE_CLIENT_SECRET: "b" }),
    ).toThrow(/https/);
    const ok = loadConfig({
      ...production,
      CIE_ISSUER: "https://broker.example/cie/",
      CIE_CLIENT_ID: "a",
      CIE_CLIENT_SECRET: "b",
    });
    expect(ok.nationalIdentity).toEqual({
      spid: null,
      cie: { issuer: "https://broker.example/cie/", clientId: "a", clientSecret: "b" },
    });
  });
});

describe("identity from claims", () => {
  const cf = (first15: string) => first15 + taxCodeCheckChar(first15);

  it("reads SPID-style claims, strips TINIT- and maps the gender", () => {
    expect(
      identityFromClaims({
        sub: "x",
        given_name: "Anna",
        family_name: "Verdi",
        fiscal_number: `TINIT-${cf("VRDNNA90A41F205")}`,
        gender: "F",
        birthdate: "1990-01-01",
        email: "Anna.Verdi@Example.it",
      }),
    ).toEqual({
      name: "Anna",
      surname: "Verdi",
      cf: cf("VRDNNA90A41F205"),
      gender: "femminile",
      birthday: "1990-01-01",
      email: "anna.verdi@example.it",
    });
  });

  it("derives gender and birthday from the tax code when the provider leaves them out", () => {
    const identity = identityFromClaims({
      given_name: "Luca",
      family_name: "Ferrari",
      "https://attributes.eid.gov.it/fiscal_number": cf("FRRLCU80A01H501"),
    });
    expect(identity).toMatchObject({ gender: "maschile", birthday: "1980-01-01", email: null });
  });

  it("refuses an identity without a valid tax code or a name", () => {
    expect(identityFromClaims({ given_name: "A", family_name: "B" })).toBeNull();
    expect(
      identityFromClaims({ given_name: "A", family_name: "B", fiscal_number: "TINIT-RSSMRA85M41F205A" }),
    ).toBeNull();
    expect(identityFromClaims({ family_name: "B", fiscal_number: cf("FRRLCU80A01H501") })).toBeNull();
  });
});

describe("sealed values", () => {
  const secret = "s".repeat(40);

  it("open only with the same secret and purpose, before they expire", () => {
    const value = seal(secret, "a", { x: 1 }, 60);
    expect(unseal(secret, "a", value)).toMatchObject({ x: 1 });
    expect(unseal(secret, "b", value)).toBeNull();
    expect(unseal("t".repeat(40), "a", value)).toBeNull();
    expect(unseal(secret, "a", value, Date.now() + 61_000)).toBeNull();
    expect(unseal(secret, "a", `${value.slice(0, -2)}xx`)).toBeNull();
    expect(unseal(secret, "a", "v1.")).toBeNull();
    expect(unseal(secret, "a", null)).toBeNull();
  });
});
