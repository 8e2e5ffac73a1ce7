import { PATIENT_MESSAGES, taxCodeCheckChar } from "@cura/domain";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { type Caller, demoCallers } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";
import { linkIn, NEW_PASSWORD, nextMessage, outbox, pathOf, settledCount } from "../identity/test-helpers.ts";

/**
 * Who may change a patient's contacts (issue 9 §1): the company that created the account, until its
 * owner signs in; nobody else, so that no operator can redirect a citizen's password recovery.
 */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

const cf = (first15: string) => first15 + taxCodeCheckChar(first15);
const RESET_LINK = /http:\/\/localhost:\d+\/password\/reset\?\S+/;
const VERIFY_LINK = /http:\/\/localhost:\d+\/api\/v1\/email\/verify\/\S+/;

/** Giulia Esposito registered herself (demo), with a verified e-mail and phone. */
const giulia = {
  name: "Giulia",
  surname: "Esposito",
  cf: cf("SPSGLI99E52F839"),
  birthday: "1999-05-12",
  regione: "Campania",
  provincia: "NA",
  comune: "Napoli",
  cap: "80121",
  address: "Via Chiaia 31",
  tel_number: "3204455667",
};
const GIULIA_PHONE = "+393204455667";

const linkPatient = async (as: Caller, person: { name: string; surname: string; cf: string; tel_number: string }) => {
  const response = await as.call("POST", "companies/paziente/register", person);
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json().data.hashid as string;
};
const putAnagrafica = (as: Caller, hashid: string, body: Record<string, unknown>) =>
  as.call("PUT", `companies/own/assistito/anagrafica/${hashid}`, body);

async function lastAudit(action: string, userId: number) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe("the account takeover of issue 9 §1", () => {
  it("an operator cannot redirect a self-registered citizen's recovery to their own phone", async () => {
    // 1. A plain operator links the citizen with what anyone at the counter knows.
    const patient = await linkPatient(people.pharmacyOperator, giulia);
    // 2. … rewrites her mobile number to their own …
    const attacker = "3330001122";
    const rewrite = await putAnagrafica(people.pharmacyOperator, patient, { ...giulia, tel_number: attacker });
    // 3. … and asks for recovery by her tax code.
    const own = (await outbox(t, GIULIA_PHONE)).length;
    await t.request({ method: "POST", url: "/api/v1/users/password/forget/cf", body: { cf: giulia.cf } });
    await settledCount(t, `+39${attacker}`);
    // 4. With a link on their phone they would choose her password.
    const [sms] = await outbox(t, `+39${attacker}`);
    let reset: number | null = null;
    if (sms) {
      const link = new URL(linkIn(sms.text, RESET_LINK));
      const body = {
        username: link.searchParams.get("username"),
        token: link.searchParams.get("token"),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      };
      reset = (await t.request({ method: "POST", url: "/api/v1/users/password/reset", body })).statusCode;
    }
    expect({ rewrite: rewrite.statusCode, smsToAttacker: Boolean(sms), reset }).toEqual({
      rewrite: 403,
      smsToAttacker: false,
      reset: null,
    });
    expect(rewrite.json().message).toBe(PATIENT_MESSAGES.contactsLocked);

    // Her record and its verification are untouched; her own phone got the recovery link.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, accounts.citizen3));
    expect(row?.numberVerifiedAt).not.toBeNull();
    expect((await nextMessage(t, GIULIA_PHONE, own)).text).toContain("/password/reset?username=");
    const card = (await people.pharmacyOperator.get(`companies/own/patients/${patient}`)).json().data;
    expect(card).toMatchObject({ tel_number: giulia.tel_number, phone_verified: true });
  });

  it("refuses every contact and the tax code of a self-registered citizen, and keeps the rest editable", async () => {
    const patient = await linkPatient(people.pharmacyOperator, giulia);
    for (const change of [{ home_number: "811234567" }, { tel_number_secondary: "3281234567" }, { prefix: "+41" }]) {
      const refused = await putAnagrafica(people.pharmacyOperator, patient, { ...giulia, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(403);
      expect(refused.json().message).toBe(PATIENT_MESSAGES.contactsLocked);
    }
    const taxCode = await putAnagrafica(people.pharmacyOperator, patient, { ...giulia, cf: cf("SPSGLI99E52F838") });
    expect(taxCode.statusCode).toBe(403);
    expect(taxCode.json().message).toBe(PATIENT_MESSAGES.taxCodeLocked);

    // The clinical-administrative fields stay the operator's to correct.
    const ok = await putAnagrafica(people.pharmacyOperator, patient, {
      ...giulia,
      address: "Via Toledo 5",
      ts_number: "80380000000000000001",
      medico_base: "Dott. Bruno Russo",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      address: "Via Toledo 5",
      tel_number: giulia.tel_number,
      phone_verified: true,
    });
  });
});

describe("a patient the company registered", () => {
  it("keeps contacts editable by that company until the patient signs in, with notice and audit", async () => {
    const email = "luca.bruni@example.it";
    const luca = {
      name: "Luca",
      surname: "Bruni",
      cf: cf("BRNLCU80A01F205"),
      birthday: "1980-01-01",
      regione: "Lombardia",
      provincia: "MI",
      comune: "Milano",
      cap: "20121",
      address: "Via Po 3",
      tel_number: "3351234567",
    };
    const registered = await people.pharmacyOperator.call("POST", "companies/paziente/register", { ...luca, email });
    expect(registered.statusCode, registered.body).toBe(201);
    const patient = registered.json().data.hashid as string;
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    const userId = (row as { id: number }).id;

    // The number typed at the counter was wrong: the company corrects it; the old one is told.
    const changed = await putAnagrafica(people.pharmacyOperator, patient, { ...luca, tel_number: "3359990000" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ tel_number: "3359990000", phone_verified: false });
    const notice = await nextMessage(t, "+393351234567", 0);
    expect(notice.text).toContain("numero di cellulare");
    expect(notice.text).not.toContain("3359990000");
    expect((await lastAudit("contacts.changed", userId))?.detail).toEqual({
      phone_before: "+393351234567",
      phone_after: "+393359990000",
    });

    // Another company that links the same person did not create the account: no contacts for it.
    const room = await linkPatient(people.roomOperator, luca);
    const other = await putAnagrafica(people.roomOperator, room, { ...luca, tel_number: "3350000000" });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(PATIENT_MESSAGES.contactsLocked);

    // Luca confirms his e-mail, sets a password by recovery and signs in: the account is his now.
    const opened = await t.request({
      method: "GET",
      url: pathOf(linkIn((await nextMessage(t, email, 0)).text, VERIFY_LINK)),
    });
    expect(opened.headers.location).toBe("/email/verify/success");
    const mails = (await outbox(t, email)).length;
    await t.request({ method: "POST", url: "/api/v1/users/password/forget", body: { email } });
    const token = new URL(linkIn((await nextMessage(t, email, mails)).text, RESET_LINK)).searchParams.get("token");
    const body = { email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await t.request({ method: "POST", url: "/api/v1/users/password/reset", body })).statusCode).toBe(200);
    await t.login(email, NEW_PASSWORD);

    const locked = await putAnagrafica(people.pharmacyOperator, patient, { ...luca, tel_number: "3351234567" });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(PATIENT_MESSAGES.contactsLocked);
    const address = await putAnagrafica(people.pharmacyOperator, patient, {
      ...luca,
      tel_number: "3359990000",
      address: "Via Po 5",
    });
    expect(address.statusCode, address.body).toBe(200);
  });
});

describe("PATCH users/{id}/number-verification", () => {
  it("lets only operators of a company where the person is a patient verify their phone", async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, accounts.citizen2));
    const userId = (row as { id: number }).id;
    await t.database.db.update(users).set({ numberVerifiedAt: null }).where(eq(users.id, userId));
    const me = (await people.citizen2.get("users/fresh/me")).json().data;
    const force = (as: Caller) => as.call("PATCH", `users/${me.hashid}/number-verification`, { verified: true });

    // Giuseppe Bianchi is nobody's patient at the monitoring room: as `companies/own/patients/{id}`.
    expect((await people.roomOperator.get(`companies/own/patients/${me.hashid}`)).statusCode).toBe(404);
    const stranger = await force(people.roomOperator);
    expect(stranger.statusCode).toBe(404);
    // Citizens and operators of other kinds of company: refused by the route.
    expect((await force(people.citizen)).statusCode).toBe(403);
    expect((await force(people.pharmacyAdmin)).statusCode).toBe(403);
    expect((await t.database.db.select().from(users).where(eq(users.id, userId)))[0]?.numberVerifiedAt).toBeNull();

    await linkPatient(people.roomOperator, {
      name: "Giuseppe",
      surname: "Bianchi",
      cf: cf("BNCGPP52C12H501"),
      tel_number: "3389876543",
    });
    const ok = await force(people.roomOperator);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await people.citizen2.get("users/fresh/me")).json().data.number_verified_at).not.toBeNull();
  });
});
