import { LIMIT_MESSAGES, LIMITS } from "@cura/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { outbox } from "../identity/test-helpers.ts";
import { caller, demoCallers, ownCompanyHashid } from "./test-helpers.ts";

/** Issue 9: the company code lookup and the doctor invitation are limited, exactly, in parallel too. */
let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let code: string;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  code = (await people.pharmacyAdmin.get(`companies/${pharmacy}`)).json().data.code;
});
afterAll(() => t.close());

const lookup = (remoteAddress: string, x: string) =>
  t.app.inject({ method: "GET", url: `/api/v1/companies/code/${x}`, remoteAddress });
const invite = (c: { call: ReturnType<typeof caller>["call"] }, email?: string) =>
  c.call("POST", "users/contatti/privati/medico/invito", {
    name: "Luca",
    surname: "Verdi",
    city: "Milano",
    ...(email ? { email } : {}),
  });
const count = (responses: Array<{ statusCode: number }>, status: number) =>
  responses.filter((r) => r.statusCode === status).length;

describe("company code lookup", () => {
  it("answers 429 to the 11th lookup in a minute from one address, and records each lookup", async () => {
    const before = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, "company.code_lookup")))
      .length;
    for (let i = 0; i < LIMITS.companyCodeLookups.attempts; i++) {
      expect((await lookup("10.8.0.1", code)).statusCode).toBe(200);
    }
    const refused = await lookup("10.8.0.1", code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LIMIT_MESSAGES.companyCodeLookups);
    // Another address is not affected.
    expect((await lookup("10.8.0.2", code)).statusCode).toBe(200);

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "company.code_lookup"));
    expect(entries.length - before).toBe(LIMITS.companyCodeLookups.attempts + 1);
    // The trail names the address and the outcome, never the code that was tried.
    expect(entries.at(-1)).toMatchObject({ ip: "10.8.0.2", detail: { found: true } });
    expect(JSON.stringify(entries)).not.toContain(code);
  });

  it("lets exactly 10 of 30 parallel lookups through", async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => lookup("10.8.0.3", code)));
    expect(count(responses, 200)).toBe(LIMITS.companyCodeLookups.attempts);
    expect(count(responses, 429)).toBe(30 - LIMITS.companyCodeLookups.attempts);
  });
});

describe("doctor invitation limits", () => {
  it("lets a citizen invite 5 doctors a day, even sending them together", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => invite(people.citizen, i % 2 ? `dott.${i}@example.it` : undefined)),
    );
    expect(count(responses, 200)).toBe(LIMITS.doctorInvitationsPerCitizen.attempts);
    expect(count(responses, 429)).toBe(8 - LIMITS.doctorInvitationsPerCitizen.attempts);
    const sixth = await invite(people.citizen, "dott.altro@example.it");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(LIMIT_MESSAGES.doctorInvitationsPerCitizen);
  });

  it("e-mails one address at most 3 times a day, whoever invites", async () => {
    const to = "dott.bersaglio@example.it";
    for (let i = 0; i < 3; i++) expect((await invite(people.citizen2, to)).statusCode).toBe(200);
    const fourth = await invite(people.citizen2, to);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(LIMIT_MESSAGES.doctorInvitationsPerRecipient);
    const other = caller(t, await t.login(accounts.citizen3));
    expect((await invite(other, to.toUpperCase())).statusCode).toBe(429);
    expect(await outbox(t, to)).toHaveLength(3);
    // The refused invitation took none of the citizen's five: another address still works.
    expect((await invite(people.citizen2, "dott.diverso@example.it")).statusCode).toBe(200);
  });

  it("puts the citizen's text in the e-mail as plain text: escaped, no link made clickable", async () => {
    const citizen = caller(t, await t.login(accounts.citizen3));
    const to = "dott.testo@example.it";
    const sent = await citizen.call("POST", "users/contatti/privati/medico/invito", {
      name: "Luca",
      surname: '<a href="https://truffa.example/x">Verdi</a>',
      city: "www.truffa.example",
      email: to,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await outbox(t, to);
    const html = mail?.html ?? "";
    expect(html).toContain("&#60;a href=");
    expect(html).not.toContain('<a href="https://truffa');
    // Only our own registration link is an anchor.
    expect(html.match(/<a\b/g) ?? []).toHaveLength(1);
    expect(html).toMatch(/<a href="[^"]*\/registrazione"/);
    // A mail client would turn these into links: they reach the doctor broken up.
    for (const part of [html, mail?.text ?? ""]) {
      expect(part).not.toContain("truffa.example");
      expect(part).not.toContain("https://truffa");
    }
  });
});
