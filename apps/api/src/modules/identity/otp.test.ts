import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { ageHits } from "../../platform/limiter/test-helpers.ts";
import { companies } from "../companies/tables.ts";
import { anagrafiche, otpCodes, users } from "./tables.ts";
import { nextMessage, outbox, taxCode } from "./test-helpers.ts";

let t: TestContext;
let token: string;
let hashid: string;
const PHONE = "+393471234567";

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login(accounts.citizen);
  hashid = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data.hashid;
});
afterAll(() => t.close());

const send = (body: Record<string, unknown>, as = token, id = hashid) =>
  t.request({ method: "POST", url: `/api/v1/otp/send/${id}`, token: as, body });
const verify = (body: Record<string, unknown>, as = token, id = hashid) =>
  t.request({ method: "POST", url: `/api/v1/otp/verify/${id}`, token: as, body });

/** Sends a code and reads it from the dev outbox. */
async function sendAndRead(body: Record<string, unknown> = { cause: 1 }, to = PHONE) {
  const before = (await outbox(t, to)).length;
  const response = await send(body);
  expect(response.statusCode).toBe(200);
  const sms = await nextMessage(t, to, before);
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] as string;
  return { ...(response.json().data as { hashid: string; status: number; number: string }), code };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
/** An hour and more passes for the send limit. */
const resetSends = () => ageHits(t.database.db, "otp:send:", 2 * 60 * 60);

describe("POST otp/send and otp/verify", () => {
  it("sends six digits by SMS with the number masked, and verifying it verifies the phone", async () => {
    await t.database.db.update(users).set({ numberVerifiedAt: null }).where(eq(users.email, accounts.citizen));
    const sent = await sendAndRead();
    expect(sent).toMatchObject({ status: 0, number: "3*******67" });
    expect(sent.code).toMatch(/^\d{6}$/);

    expect((await verify({ hashid: sent.hashid, code: wrongCode(sent.code) })).json().data).toEqual({ status: 2 });
    expect((await verify({ hashid: sent.hashid, code: sent.code })).json().data).toEqual({ status: 1 });
    const me = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data;
    expect(me.number_verified_at).not.toBeNull();
    expect((await verify({ hashid: sent.hashid, code: sent.code })).json().data).toEqual({ status: 4 });

    // Neither the code nor its hash is readable in the trail or the table.
    const trail = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(trail).not.toContain(sent.code);
    const [row] = await t.database.db.select().from(otpCodes).limit(1);
    expect(row?.codeHash).not.toContain(sent.code);
    await resetSends();
  });

  it("deletes the code at the fifth wrong attempt (status 5)", async () => {
    const sent = await sendAndRead();
    const wrong = wrongCode(sent.code);
    for (let i = 0; i < 4; i++) expect((await verify({ hashid: sent.hashid, code: wrong })).json().data.status).toBe(2);
    expect((await verify({ hashid: sent.hashid, code: wrong })).json().data.status).toBe(5);
    expect((await verify({ hashid: sent.hashid, code: sent.code })).json().data.status).toBe(5);
    await resetSends();
  });

  it("answers 3 for an expired code, and a newer code replaces the older one", async () => {
    const first = await sendAndRead();
    const second = await sendAndRead();
    expect((await verify({ hashid: first.hashid, code: first.code })).json().data.status).toBe(5);
    await t.database.db.update(otpCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await verify({ hashid: second.hashid, code: second.code })).json().data.status).toBe(3);
    await resetSends();
  });

  it("allows 3 sends per cause an hour: the fourth answers 429", async () => {
    for (let i = 0; i < 3; i++) await sendAndRead({ cause: 2 });
    const fourth = await send({ cause: 2 });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe("Hai raggiunto il numero massimo di invii: riprova più tardi");
    // Another cause has its own count.
    expect((await send({ cause: 3 })).statusCode).toBe(200);
    await resetSends();
  });

  it("sends to the reserve phone when asked, except for phone verification", async () => {
    const [maria] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, accounts.citizen));
    const id = maria?.id ?? 0;
    expect((await send({ cause: 4, secondary: true })).json().errors).toHaveProperty("tel_number_secondary");
    await t.database.db.update(anagrafiche).set({ telNumberSecondary: "3209998877" }).where(eq(anagrafiche.userId, id));
    const reserve = await sendAndRead({ cause: 4, secondary: true }, "+393209998877");
    expect(reserve.number).toBe("3*******77");
    const phoneCause = await sendAndRead({ cause: 1, secondary: true }, PHONE);
    expect(phoneCause.number).toBe("3*******67");
    await resetSends();
  });

  it("is only about oneself, and needs a phone", async () => {
    const other = await t.login(accounts.citizen2);
    expect((await send({ cause: 1 }, other)).statusCode).toBe(404);
    const sent = await sendAndRead();
    expect((await verify({ hashid: sent.hashid, code: sent.code }, other)).statusCode).toBe(404);
    const otherHashid = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: other })).json().data
      .hashid;
    expect((await verify({ hashid: sent.hashid, code: sent.code }, other, otherHashid)).statusCode).toBe(404);

    const [giuseppe] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, accounts.citizen2));
    await t.database.db
      .update(anagrafiche)
      .set({ telNumber: null })
      .where(eq(anagrafiche.userId, giuseppe?.id ?? 0));
    const noPhone = await send({ cause: 1 }, other, otherHashid);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors).toHaveProperty("tel_number");
    await resetSends();
  });
});

describe("PATCH users/{id}/number-verification", () => {
  it("lets only an operator of a level-5 company with the option verify a patient's phone", async () => {
    const patient = await t.login(accounts.citizen3);
    const patientHashid = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: patient })).json()
      .data.hashid;
    await t.database.db.update(users).set({ numberVerifiedAt: null }).where(eq(users.email, accounts.citizen3));
    const force = (as: string, id = patientHashid) =>
      t.request({
        method: "PATCH",
        url: `/api/v1/users/${id}/number-verification`,
        token: as,
        body: { verified: true },
      });

    const room = await t.login(accounts.roomOperator);
    expect((await force(await t.login(accounts.pharmacyAdmin))).statusCode).toBe(403);
    expect((await force(await t.login(accounts.citizen2))).statusCode).toBe(403);
    const operatorHashid = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: room })).json().data
      .hashid;
    expect((await force(room, operatorHashid)).statusCode).toBe(404);

    await t.database.db
      .update(companies)
      .set({ forceableNumberVerification: false })
      .where(eq(companies.name, "Centrale di Monitoraggio Lazio"));
    expect((await force(room)).statusCode).toBe(403);
    await t.database.db
      .update(companies)
      .set({ forceableNumberVerification: true })
      .where(eq(companies.name, "Centrale di Monitoraggio Lazio"));

    // Only the room's patients: Giulia becomes one when the room links her by tax code and names.
    expect((await force(room)).statusCode).toBe(404);
    const linked = await t.request({
      method: "POST",
      url: "/api/v1/companies/paziente/register",
      token: room,
      body: { name: "Giulia", surname: "Esposito", cf: taxCode("SPSGLI99E52F839"), tel_number: "3204455667" },
    });
    expect(linked.statusCode, linked.body).toBe(200);

    const ok = await force(room);
    expect(ok.statusCode).toBe(200);
    const me = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: patient })).json().data;
    expect(me.number_verified_at).not.toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "phone.verified"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry?.detail).toEqual({ via: "operator" });
  });
});
