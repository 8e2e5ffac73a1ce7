import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { users } from "./tables.ts";
import { citizenRegistration, linkIn, nextMessage, outbox, pathOf, settledCount } from "./test-helpers.ts";

/**
 * Where password recovery may go (issue 9 §1): only to an e-mail or a phone the person proved to
 * hold. And every change of a contact tells the previous one and is audited with before and after.
 */

let t: TestContext;
let token: string;
let hashid: string;
let userId: number;
const registration = citizenRegistration();
const email = registration.email;
const PHONE = "+393331234567";
const RESERVE = "+393281112233";
const VERIFY_LINK = /http:\/\/localhost:\d+\/api\/v1\/email\/verify\/\S+/;

beforeAll(async () => {
  t = await createTestContext();
  const registered = await t.request({ method: "POST", url: "/api/v1/users/register", body: registration });
  expect(registered.statusCode, registered.body).toBe(201);
  token = registered.json().data.token;
  hashid = registered.json().data.user.hashid;
  userId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as number;
});
afterAll(() => t.close());

const forgetByEmail = () => t.request({ method: "POST", url: "/api/v1/users/password/forget", body: { email } });
const forgetByTaxCode = (second = false) =>
  t.request({
    method: "POST",
    url: "/api/v1/users/password/forget/cf",
    body: { cf: registration.anagrafica.cf, ...(second ? { second } : {}) },
  });
const updateRecord = (changes: Record<string, unknown>) =>
  t.request({
    method: "PUT",
    url: "/api/v1/users/anagraphic/update",
    token,
    body: { ...registration.anagrafica, ...changes },
  });

/** A one-time code sent to oneself and entered right (cause 1 verifies the first phone). */
async function enterCode(to: string, body: Record<string, unknown>) {
  const before = (await outbox(t, to)).length;
  const sent = await t.request({ method: "POST", url: `/api/v1/otp/send/${hashid}`, token, body });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /\b(\d{6})\b/.exec((await nextMessage(t, to, before)).text)?.[1];
  const verified = await t.request({
    method: "POST",
    url: `/api/v1/otp/verify/${hashid}`,
    token,
    body: { hashid: sent.json().data.hashid, code },
  });
  expect(verified.json().data).toEqual({ status: 1 });
}

async function lastContactsAudit() {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "contacts.changed"), eq(auditLog.entityId, String(userId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe("password recovery goes only to verified contacts", () => {
  it("sends nothing to an unverified e-mail, with the same answer; the link once it is verified", async () => {
    const mails = (await outbox(t, email)).length;
    const asked = await forgetByEmail();
    expect(asked.json()).toEqual({ message: "mail_inviata" });
    expect(await settledCount(t, email)).toBe(mails);

    const verification = linkIn((await outbox(t, email))[0]?.text ?? "", VERIFY_LINK);
    expect((await t.request({ method: "GET", url: pathOf(verification) })).headers.location).toBe(
      "/email/verify/success",
    );
    await forgetByEmail();
    expect((await nextMessage(t, email, mails)).text).toContain("/password/reset?email=");
  });

  it("texts nothing to an unverified first phone; the link once a code sent to it was entered", async () => {
    const asked = await forgetByTaxCode();
    expect(asked.json()).toEqual({ message: "Messaggio inviato" });
    expect(await settledCount(t, PHONE)).toBe(0);

    await enterCode(PHONE, { cause: 1 });
    await forgetByTaxCode();
    expect((await nextMessage(t, PHONE, 1)).text).toContain("/password/reset?username=");
  });

  it("texts the reserve phone only once a code sent to it was entered, and not after it changes", async () => {
    expect((await updateRecord({ tel_number_secondary: "3281112233" })).statusCode).toBe(200);
    await forgetByTaxCode(true);
    expect(await settledCount(t, RESERVE)).toBe(0);

    // Any one-time code may go to the reserve phone (cause other than 1): entering it proves the number.
    await enterCode(RESERVE, { cause: 2, secondary: true });
    await forgetByTaxCode(true);
    expect((await nextMessage(t, RESERVE, 1)).text).toContain("/password/reset?username=");

    expect((await updateRecord({ tel_number_secondary: "3284445566" })).statusCode).toBe(200);
    const before = (await outbox(t, "+393284445566")).length;
    await forgetByTaxCode(true);
    expect(await settledCount(t, "+393284445566")).toBe(before);
  });
});

describe("a change of one's own contacts", () => {
  it("tells the previous number, clears its verification and is audited with before and after", async () => {
    const me = async () =>
      (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data as {
        number_verified_at: string | null;
      };
    // As if she had entered a code sent to it (the tests above do it through the API).
    await t.database.db.update(users).set({ numberVerifiedAt: new Date() }).where(eq(users.id, userId));
    expect((await me()).number_verified_at).not.toBeNull();
    const before = (await outbox(t, PHONE)).length;
    const changed = await updateRecord({ tel_number: "3337778899", tel_number_secondary: "3284445566" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me()).number_verified_at).toBeNull();

    const notice = await nextMessage(t, PHONE, before);
    expect(notice.text).toContain("numero di cellulare");
    expect(notice.text).not.toContain("3337778899");
    expect((await lastContactsAudit())?.detail).toEqual({ phone_before: PHONE, phone_after: "+393337778899" });
    expect((await lastContactsAudit())?.actorUserId).toBe(userId);

    // Nothing changed: no notice, no entry.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "contacts.changed"));
    expect((await updateRecord({ tel_number: "3337778899", tel_number_secondary: "3284445566" })).statusCode).toBe(200);
    const again = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "contacts.changed"));
    expect(again).toHaveLength(entries.length);
    expect(await settledCount(t, PHONE)).toBe(before + 1);
  });
});
