import { type AddressInfo, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createMailer } from "../src/platform/messaging/mailer.ts";
import { createOutbox } from "../src/platform/messaging/outbox.ts";
import { createOutboxSmsSender } from "../src/platform/messaging/sms.ts";
import { accounts, createTestContext, type TestContext } from "./helpers.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("health", () => {
  it("reports the database as reachable", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: "ok", database: "ok" } });
  });

  it("answers 503 when the database is down", async () => {
    const down = await createTestContext();
    await down.database.close();
    const response = await down.request({ method: "GET", url: "/api/v1/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ data: { status: "degraded", database: "down" } });
    await down.app.close();
  });

  it("turns an unexpected failure into a 500 with a request id and no internals", async () => {
    const broken = await createTestContext();
    await broken.database.close();
    const response = await broken.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen, password: "qualsiasi" },
    });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ message: "Si è verificato un errore imprevisto", request_id: expect.any(String) });
    expect(response.body).not.toMatch(/pglite|drizzle|stack|closed|select/i);
    await broken.app.close();
  });
});

describe("HTTP hygiene", () => {
  it("sends security headers and no CORS header unless configured", async () => {
    const response = await t.request({
      method: "GET",
      url: "/api/v1/health",
      headers: { origin: "https://evil.example" },
    });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toBeDefined();
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows only the configured origins", async () => {
    const cors = await createTestContext({ CORS_ORIGINS: "https://app.cura.example" });
    const allowed = await cors.request({
      method: "GET",
      url: "/api/v1/health",
      headers: { origin: "https://app.cura.example" },
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://app.cura.example");
    const other = await cors.request({
      method: "GET",
      url: "/api/v1/health",
      headers: { origin: "https://evil.example" },
    });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    await cors.close();
  });

  it("refuses a body over the limit with 413, and malformed JSON with 400", async () => {
    const huge = JSON.stringify({ email: "a".repeat(2 * 1024 * 1024), password: "x" });
    const tooBig = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      payload: huge,
      headers: { "content-type": "application/json" },
    });
    expect(tooBig.statusCode).toBe(413);
    const malformed = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Richiesta non valida");
  });

  it("answers 422 with errors keyed by field for an invalid body", async () => {
    const response = await t.request({ method: "POST", url: "/api/v1/users/login", body: { email: "" } });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors.email).toEqual(["Inserisci e-mail o nome utente"]);
    expect(body.errors.password).toBeDefined();
  });

  it("answers an unknown API path with 404 JSON", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/nothing/here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Risorsa non trovata" });
  });
});

describe("OpenAPI", () => {
  it("documents every route with its access rule, and serves the reference page", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths["/api/v1/users/login"].post;
    expect(login["x-access"]).toEqual({ public: true });
    expect(login.requestBody).toBeDefined();
    const me = doc.paths["/api/v1/users/fresh/me"].get;
    expect(me["x-access"]).toEqual({ public: false, types: [0, 1, 2] });
    expect(me.security).toEqual([{ bearer: [] }]);
    const ui = await t.request({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });
});

describe("mailer", () => {
  it("sends over SMTP when SMTP_URL is set, from the first mail on (nodemailer is loaded with it)", async () => {
    // The least SMTP server that accepts mail: what it receives is what a mail server would.
    const received: string[] = [];
    const server = createServer((socket) => {
      let inData = false;
      let message = "";
      socket.write("220 test\r\n");
      socket.on("data", (chunk) => {
        for (const line of chunk.toString().split("\r\n")) {
          if (inData) {
            if (line === ".") {
              inData = false;
              received.push(message);
              message = "";
              socket.write("250 queued\r\n");
            } else message += `${line}\n`;
          } else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write("354 go on\r\n");
          } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
          else if (line) socket.write("250 ok\r\n");
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "Cura <noreply@cura.local>",
        outbox: null,
      });
      await mailer.send({ to: "anna.verdi@example.it", subject: "Primo", text: "uno" });
      await mailer.send({ to: "anna.verdi@example.it", subject: "Secondo", text: "due" });
      expect(received).toHaveLength(2);
      expect(received[0]).toMatch(/^Subject: Primo$/m);
      expect(received[0]).toMatch(/^To: anna\.verdi@example\.it$/m);
      expect(received[1]).toMatch(/^Subject: Secondo$/m);
    } finally {
      server.close();
    }
  });
});

describe("dev outbox", () => {
  it("keeps every e-mail and SMS and lists them newest first, filtered by recipient", async () => {
    const outbox = createOutbox(t.database.db);
    const mailer = createMailer({ from: "Cura <noreply@cura.local>", outbox });
    const sms = createOutboxSmsSender(outbox);
    await mailer.send({ to: "Anna.Verdi@example.it", subject: "Primo", text: "uno", html: "<p>uno</p>" });
    await mailer.send({ to: "anna.verdi@example.it", subject: "Secondo", text: "due" });
    await sms.send({ to: "+393331112233", text: "Il tuo codice è 123456" });

    const mails = (await t.request({ method: "GET", url: "/api/v1/dev/outbox?to=anna.verdi@example.it" })).json().data;
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(["Secondo", "Primo"]);
    expect(mails[1]).toMatchObject({ to: "anna.verdi@example.it", text: "uno", html: "<p>uno</p>", channel: "email" });
    expect(mails[1].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const texts = (await t.request({ method: "GET", url: "/api/v1/dev/outbox?to=%2B393331112233" })).json().data;
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: "sms", text: "Il tuo codice è 123456", subject: null });
  });

  it("does not exist in production", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      FILES_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      APP_SECRET: "x".repeat(40),
      STORAGE_DIR: t.storageDir,
      LOG_LEVEL: "silent",
    });
    const app = await buildApp({ config, database: t.database });
    const response = await app.inject({ method: "GET", url: "/api/v1/dev/outbox" });
    expect(response.statusCode).toBe(404);
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(doc.paths)).not.toContain("/api/v1/dev/outbox");
    await app.close();
  });
});

describe("configuration", () => {
  it("runs with no environment at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("./data");
    expect(config.devTools).toBe(true);
  });

  it("refuses production without secrets, and explains bad values", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/FILES_ENCRYPTION_KEY and APP_SECRET/);
    expect(() => loadConfig({ PORT: "porta" })).toThrow(/PORT/);
  });
});
