import { CLINICAL_REPORT_UPLOAD_REF, HEALTH_RECORD_MESSAGES, REPORT_SIGNING_OTP_CAUSE } from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPdf } from "../../../../test/files-fixtures.ts";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { accessLog } from "../../../platform/access-log/tables.ts";
import { companySubscriptions } from "../../billing/tables.ts";
import { caregiverRelations } from "../../care/tables.ts";
import { companies } from "../../companies/tables.ts";
import { type Caller, caller, demoCallers } from "../../companies/test-helpers.ts";
import { anagrafiche, users } from "../../identity/tables.ts";
import { nextMessage, outbox } from "../../identity/test-helpers.ts";
import { HEALTH_READS_PURGE_JOB } from "./purge.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** Giulia Esposito: Maria's caregiver (with and without the health-data consent, per test). */
let caregiver: Caller;
let maria: string;
let mariaId: number;
let giuliaId: number;
/** Giuseppe Bianchi: not a patient of Farmacia San Marco. */
let giuseppe: string;
let operatorPhone: string;

const soap = {
  kind: "soap",
  subjective: "Riferisce cefalea",
  objective: "PA 150/95",
  assessment: "Ipertensione da monitorare",
  plan: "Controllo tra 7 giorni",
  visible: false,
};

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function setCaregiver(healthData: boolean | null) {
  await t.database.db
    .delete(caregiverRelations)
    .where(and(eq(caregiverRelations.caregiverId, giuliaId), eq(caregiverRelations.assistedId, mariaId)));
  if (healthData === null) return;
  await t.database.db
    .insert(caregiverRelations)
    .values({ caregiverId: giuliaId, assistedId: mariaId, status: "enabled", healthData });
}

const upload = (c: Caller, path: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return t.request({ method: "POST", url: `/api/v1/${path}`, token: c.token, ...body });
};
const pdfPart = { name: "file", filename: "esami.pdf", content: tinyPdf, type: "application/pdf" };

async function healthReads(subject: number) {
  return t.database.db.select().from(accessLog).where(eq(accessLog.subjectUserId, subject));
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  caregiver = caller(t, await t.login(accounts.citizen3));
  maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
  giuseppe = (await people.citizen2.get("users/fresh/me")).json().data.hashid;
  mariaId = await userId(accounts.citizen);
  giuliaId = await userId(accounts.citizen3);
  // The signing operator's phone, where the one-time code goes.
  const operatorId = await userId(accounts.pharmacyOperator);
  await t.database.db
    .update(anagrafiche)
    .set({ prefix: "+39", telNumber: "3401112223" })
    .where(eq(anagrafiche.userId, operatorId));
  operatorPhone = "+393401112223";
  // Maria becomes the pharmacy's recorded patient (the operator records her consent on the card).
  const linked = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
  expect(linked.statusCode, linked.body).toBe(200);
});
afterAll(() => t.close());

describe("anamnesis", () => {
  it("the person, their operator and a consenting caregiver add and read entries; others 404; admin 403", async () => {
    const own = await people.citizen.call("POST", "anamnesi", {
      category: "allergie",
      description: "Penicillina",
      date: "2010-05-01",
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({
      message: HEALTH_RECORD_MESSAGES.anamnesisSaved,
      data: { category: "allergie", description: "Penicillina", date: "2010-05-01", own: true, author: "Maria Rossi" },
    });
    const byOperator = await people.pharmacyOperator.call("POST", "anamnesi", {
      user_id: maria,
      category: "condizioni_familiari",
      description: "Padre diabetico",
    });
    expect(byOperator.statusCode, byOperator.body).toBe(201);

    const list = await people.pharmacyOperator.get(`anamnesi/users/all/${maria}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(2);
    expect(
      list
        .json()
        .data.map((e: { description: string }) => e.description)
        .sort(),
    ).toEqual(["Padre diabetico", "Penicillina"]);
    const filtered = await people.citizen.get(`anamnesi/users/all/${maria}?category=allergie`);
    expect(filtered.json().data).toHaveLength(1);

    // Another company's operator, another citizen, a caregiver without the consent: 404.
    expect((await people.roomOperator.get(`anamnesi/users/all/${maria}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`anamnesi/users/all/${maria}`)).statusCode).toBe(404);
    await setCaregiver(false);
    expect((await caregiver.get(`anamnesi/users/all/${maria}`)).statusCode).toBe(404);
    await setCaregiver(true);
    expect((await caregiver.get(`anamnesi/users/all/${maria}`)).statusCode).toBe(200);
    expect((await people.admin.get(`anamnesi/users/all/${maria}`)).statusCode).toBe(403);
    expect(
      (
        await people.pharmacyOperator.call("POST", "anamnesi", {
          user_id: giuseppe,
          category: "allergie",
          description: "x",
        })
      ).statusCode,
    ).toBe(404);
    await setCaregiver(null);
  });

  it("refuses a bad category, an empty description and a future date (422, nothing saved)", async () => {
    const before = (await people.citizen.get(`anamnesi/users/all/${maria}`)).json().meta.total;
    const bad = await people.citizen.call("POST", "anamnesi", { category: "altro", description: "x" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.category).toBeDefined();
    const empty = await people.citizen.call("POST", "anamnesi", { category: "allergie", description: "  " });
    expect(empty.json().errors.description).toEqual([HEALTH_RECORD_MESSAGES.required]);
    const future = await people.citizen.call("POST", "anamnesi", {
      category: "allergie",
      description: "x",
      date: "2999-01-01",
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.date).toEqual([HEALTH_RECORD_MESSAGES.dateInFuture]);
    expect((await people.citizen.get(`anamnesi/users/all/${maria}`)).json().meta.total).toBe(before);
  });

  it("only the author deletes an entry (403 for another viewer, 404 for a stranger)", async () => {
    const created = await people.citizen.call("POST", "anamnesi", {
      category: "eventi_passati",
      description: "Frattura",
    });
    const id = created.json().data.id;
    expect((await people.pharmacyOperator.call("DELETE", `anamnesi/${id}`)).statusCode).toBe(403);
    expect((await people.citizen2.call("DELETE", `anamnesi/${id}`)).statusCode).toBe(404);
    const removed = await people.citizen.call("DELETE", `anamnesi/${id}`);
    expect(removed.json()).toEqual({ message: HEALTH_RECORD_MESSAGES.anamnesisDeleted });
  });
});

describe("annotations", () => {
  let hiddenNote: string;

  it("operators write simple and SOAP notes; a hidden note never reaches the patient, not even as a count", async () => {
    const hidden = await people.pharmacyOperator.call("POST", `annotations/${maria}`, soap);
    expect(hidden.statusCode, hidden.body).toBe(201);
    hiddenNote = hidden.json().data.id;
    expect(hidden.json().data).toMatchObject({ kind: "soap", visible: false, text: null, own: true });
    const visible = await people.pharmacyOperator.call("POST", "annotations", {
      user_id: maria,
      kind: "semplice",
      text: "Misurare la pressione ogni mattina",
      visible: true,
    });
    expect(visible.statusCode, visible.body).toBe(201);

    const forOperator = (await people.pharmacyOperator.get(`annotations/users/all/${maria}`)).json();
    expect(forOperator.meta.total).toBe(2);
    const forPatient = (await people.citizen.get(`annotations/users/all/${maria}`)).json();
    expect(forPatient.meta.total).toBe(1);
    expect(forPatient.data[0]).toMatchObject({ kind: "semplice", visible: true, company: "Farmacia San Marco" });
    const ownList = (await people.citizen.get("annotations/users/all")).json();
    expect(ownList.meta.total).toBe(1);
    expect(JSON.stringify(ownList)).not.toContain("cefalea");
    await setCaregiver(true);
    const forCaregiver = (await caregiver.get(`annotations/users/all/${maria}`)).json();
    expect(forCaregiver.meta.total).toBe(1);
    await setCaregiver(null);
    // The company's list of notes on all its patients.
    const company = (await people.pharmacyOperator.get("annotations/users/all")).json();
    expect(company.data.map((n: { id: string }) => n.id)).toContain(hiddenNote);
    // Another company sees none of them.
    expect((await people.roomOperator.get(`annotations/users/all/${maria}`)).statusCode).toBe(404);
    expect((await people.roomOperator.get("annotations/users/all")).json().data).toEqual([]);
  });

  it("only operators write notes (403 for the citizen and admin); 422 on an empty note", async () => {
    expect(
      (await people.citizen.call("POST", `annotations/${maria}`, { kind: "semplice", text: "x", visible: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await people.admin.call("POST", `annotations/${maria}`, { kind: "semplice", text: "x", visible: true }))
        .statusCode,
    ).toBe(403);
    const empty = await people.pharmacyOperator.call("POST", `annotations/${maria}`, {
      kind: "semplice",
      visible: true,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text).toEqual([HEALTH_RECORD_MESSAGES.annotationEmpty]);
    const emptySoap = await people.pharmacyOperator.call("POST", `annotations/${maria}`, {
      kind: "soap",
      visible: false,
    });
    expect(emptySoap.json().errors.subjective).toEqual([HEALTH_RECORD_MESSAGES.annotationEmpty]);
    const noVisibility = await people.pharmacyOperator.call("POST", `annotations/${maria}`, {
      kind: "semplice",
      text: "x",
    });
    expect(noVisibility.json().errors.visible).toBeDefined();
    expect(
      (
        await people.pharmacyOperator.call("POST", `annotations/${giuseppe}`, {
          kind: "semplice",
          text: "x",
          visible: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("the author changes and deletes a note; a colleague gets 403, another company 404", async () => {
    const changed = await people.pharmacyOperator.call("PUT", `annotations/${hiddenNote}`, { ...soap, visible: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.visible).toBe(true);
    expect((await people.citizen.get(`annotations/users/all/${maria}`)).json().meta.total).toBe(2);
    expect((await people.pharmacyAdmin.call("PUT", `annotations/${hiddenNote}`, soap)).statusCode).toBe(403);
    expect((await people.roomOperator.call("PUT", `annotations/${hiddenNote}`, soap)).statusCode).toBe(404);
    expect((await people.roomOperator.call("DELETE", `annotations/${hiddenNote}`)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.call("DELETE", `annotations/${hiddenNote}`)).statusCode).toBe(403);
    const removed = await people.pharmacyOperator.call("DELETE", `annotations/${hiddenNote}`);
    expect(removed.json()).toEqual({ message: HEALTH_RECORD_MESSAGES.annotationDeleted });
    expect((await people.pharmacyOperator.call("DELETE", `annotations/${hiddenNote}`)).statusCode).toBe(404);
  });
});

describe("clinical reports", () => {
  const report = () => ({
    user_id: maria,
    title: "Referto visita",
    body: "Paziente in buone condizioni generali.",
    register_id: "OMCeO Roma 12345",
  });

  it("the operator signs a report: a stored PDF with name, register id and date; the patient's first download marks it", async () => {
    const signed = await people.pharmacyOperator.call("POST", "clinicalreports", report());
    expect(signed.statusCode, signed.body).toBe(201);
    const data = signed.json().data;
    expect(data).toMatchObject({ kind: "firmato", register_id: "OMCeO Roma 12345", downloaded_at: null });
    expect(data.author).toBeTruthy();

    // The operator's own download does not mark it.
    const byOperator = await people.pharmacyOperator.get(`clinicalreports/${data.id}/file`);
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.headers["content-type"]).toBe("application/pdf");
    expect(byOperator.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    let listed = (await people.pharmacyOperator.get(`clinicalreports?user_id=${maria}`)).json();
    expect(listed.data[0].downloaded_at).toBeNull();

    expect((await people.citizen.get(`clinicalreports/${data.id}/file`)).statusCode).toBe(200);
    listed = (await people.pharmacyOperator.get(`clinicalreports?user_id=${maria}`)).json();
    const first = listed.data[0].downloaded_at;
    expect(first).not.toBeNull();
    await people.citizen.get(`clinicalreports/${data.id}/file`);
    listed = (await people.pharmacyOperator.get(`clinicalreports?user_id=${maria}`)).json();
    expect(listed.data[0].downloaded_at).toBe(first);

    // Others: 404; administrators 403; the citizen's own list shows it.
    expect((await people.citizen2.get(`clinicalreports/${data.id}/file`)).statusCode).toBe(404);
    expect((await people.roomOperator.get(`clinicalreports/${data.id}/file`)).statusCode).toBe(404);
    expect((await people.admin.get(`clinicalreports/${data.id}/file`)).statusCode).toBe(403);
    expect((await people.citizen.get("clinicalreports")).json().data.map((r: { id: string }) => r.id)).toContain(
      data.id,
    );
  });

  it("only operators sign, for their own patients; 422 on missing fields", async () => {
    expect((await people.citizen.call("POST", "clinicalreports", report())).statusCode).toBe(403);
    expect(
      (await people.pharmacyOperator.call("POST", "clinicalreports", { ...report(), user_id: giuseppe })).statusCode,
    ).toBe(404);
    const missing = await people.pharmacyOperator.call("POST", "clinicalreports", { user_id: maria, title: "x" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.body).toBeDefined();
    expect(missing.json().errors.register_id).toBeDefined();
  });

  it("where the company requires it, signing needs the one-time code sent to the operator's phone", async () => {
    const settings = await people.pharmacyAdmin.call("PUT", "clinicalreports/settings", { otp_required: true });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data.otp_required).toBe(true);
    // Without the permission string: 403.
    expect(
      (await people.pharmacyOperator.call("PUT", "clinicalreports/settings", { otp_required: false })).statusCode,
    ).toBe(403);

    const without = await people.pharmacyOperator.call("POST", "clinicalreports", report());
    expect(without.statusCode).toBe(422);
    expect(without.json().errors.otp).toEqual([HEALTH_RECORD_MESSAGES.reportOtpRequired]);

    const me = (await people.pharmacyOperator.get("users/fresh/me")).json().data.hashid;
    // A right code sent for something else (another cause) signs nothing.
    const otherBefore = (await outbox(t, operatorPhone)).length;
    const other = await people.pharmacyOperator.call("POST", `otp/send/${me}`, { cause: REPORT_SIGNING_OTP_CAUSE + 1 });
    expect(other.statusCode, other.body).toBe(200);
    const otherCode = /\b(\d{6})\b/.exec((await nextMessage(t, operatorPhone, otherBefore)).text)?.[1] as string;
    const misused = await people.pharmacyOperator.call("POST", "clinicalreports", {
      ...report(),
      otp: { hashid: other.json().data.hashid, code: otherCode },
    });
    expect(misused.statusCode).toBe(422);
    expect(misused.json().errors.otp).toEqual([HEALTH_RECORD_MESSAGES.reportOtpWrong]);
    const before = (await outbox(t, operatorPhone)).length;
    const sent = await people.pharmacyOperator.call("POST", `otp/send/${me}`, { cause: REPORT_SIGNING_OTP_CAUSE });
    expect(sent.statusCode, sent.body).toBe(200);
    const sms = await nextMessage(t, operatorPhone, before);
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1] as string;
    const hashid = sent.json().data.hashid;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await people.pharmacyOperator.call("POST", "clinicalreports", {
      ...report(),
      otp: { hashid, code: wrong },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.otp).toEqual([HEALTH_RECORD_MESSAGES.reportOtpWrong]);
    const signed = await people.pharmacyOperator.call("POST", "clinicalreports", {
      ...report(),
      otp: { hashid, code },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    // A code signs once.
    const again = await people.pharmacyOperator.call("POST", "clinicalreports", { ...report(), otp: { hashid, code } });
    expect(again.statusCode).toBe(422);
    // …also when the right code is sent twice at the same moment: one report is signed.
    const beforeTwice = (await outbox(t, operatorPhone)).length;
    const twice = await people.pharmacyOperator.call("POST", `otp/send/${me}`, { cause: REPORT_SIGNING_OTP_CAUSE });
    const twiceCode = /\b(\d{6})\b/.exec((await nextMessage(t, operatorPhone, beforeTwice)).text)?.[1] as string;
    const otp = { hashid: twice.json().data.hashid, code: twiceCode };
    const parallel = await Promise.all([
      people.pharmacyOperator.call("POST", "clinicalreports", { ...report(), otp }),
      people.pharmacyOperator.call("POST", "clinicalreports", { ...report(), otp }),
    ]);
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    await people.pharmacyAdmin.call("PUT", "clinicalreports/settings", { otp_required: false });
  });

  // The gate is billing's (isCompanyServiceActive, ref 8 among SUBSCRIPTION_GATED_REFS).
  it("an uploaded report needs the company's active subscription (403 'Servizio non attivo')", async () => {
    const parts = [
      { name: "user_id", value: maria },
      { name: "title", value: "Lettera di dimissione" },
      { name: "discharge", value: "true" },
      pdfPart,
    ];
    const refused = await upload(people.pharmacyOperator, "clinicalreports", parts);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(HEALTH_RECORD_MESSAGES.serviceNotActive);
    expect((await people.pharmacyOperator.get("clinicalreports/settings")).json().data.upload_allowed).toBe(false);

    const me = (await people.pharmacyOperator.get("users/fresh/me")).json().data;
    const [company] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, me.company.name));
    await t.database.db.insert(companySubscriptions).values({
      companyId: company?.id as number,
      positionRef: CLINICAL_REPORT_UPLOAD_REF,
      plan: "monitoraggio",
      startDate: "2020-01-01",
    });
    const uploaded = await upload(people.pharmacyOperator, "clinicalreports", parts);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data).toMatchObject({ kind: "caricato", discharge: true, register_id: null });
    const discharge = (await people.pharmacyOperator.get("clinicalreports?discharge=true")).json();
    expect(discharge.data.map((r: { id: string }) => r.id)).toContain(uploaded.json().data.id);
    const noFile = await upload(people.pharmacyOperator, "clinicalreports", parts.slice(0, 2));
    expect(noFile.statusCode).toBe(422);
  });

  // After the test above, which subscribed the pharmacy.
  it("an uploaded report is stored as a file and listed among discharge reports", async () => {
    const uploaded = await upload(people.pharmacyOperator, "clinicalreports", [
      { name: "user_id", value: maria },
      { name: "title", value: "Dimissione ospedaliera" },
      { name: "discharge", value: "true" },
      pdfPart,
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data).toMatchObject({ kind: "caricato", discharge: true, register_id: null });
    const file = await people.citizen.get(`clinicalreports/${uploaded.json().data.id}/file`);
    expect(file.rawPayload.equals(tinyPdf)).toBe(true);
    expect((await people.citizen.get(`clinicalreports?user_id=${maria}`)).statusCode).toBe(200);
    const noTitle = await upload(people.pharmacyOperator, "clinicalreports", [
      { name: "user_id", value: maria },
      pdfPart,
    ]);
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json().errors.title).toBeDefined();
  });
});

describe("documents (patientarchives)", () => {
  it("the citizen and their operator upload, list, archive, restore and delete; only the uploader changes one", async () => {
    const own = await upload(people.citizen, "users/own/patientarchives", [
      { name: "name", value: "Analisi del sangue" },
      { name: "date", value: "2025-01-10" },
      pdfPart,
    ]);
    expect(own.statusCode, own.body).toBe(201);
    const doc = own.json().data;
    expect(doc).toMatchObject({
      name: "Analisi del sangue",
      date: "2025-01-10",
      own: true,
      archived: false,
      uploader: "Maria Rossi",
    });
    const byOperator = await upload(people.pharmacyOperator, "patientarchives", [
      { name: "user_id", value: maria },
      { name: "name", value: "ECG" },
      pdfPart,
    ]);
    expect(byOperator.statusCode, byOperator.body).toBe(201);
    const ecg = byOperator.json().data.id;

    const forOperator = (await people.pharmacyOperator.get(`patientarchives?user_id=${maria}`)).json();
    expect(forOperator.data.map((d: { name: string }) => d.name).sort()).toEqual(["Analisi del sangue", "ECG"]);
    expect((await people.citizen.get("users/own/patientarchives")).json().meta.total).toBe(2);
    expect((await people.roomOperator.get(`patientarchives?user_id=${maria}`)).statusCode).toBe(404);
    expect((await people.admin.get(`patientarchives?user_id=${maria}`)).statusCode).toBe(403);

    // Not the uploader: 403; a stranger: 404.
    expect(
      (await people.pharmacyOperator.call("PUT", `patientarchives/${doc.id}`, { archived: true })).statusCode,
    ).toBe(403);
    expect((await people.citizen.call("DELETE", `users/own/patientarchives/${ecg}`)).statusCode).toBe(403);
    expect((await people.citizen2.call("PUT", `patientarchives/${doc.id}`, { archived: true })).statusCode).toBe(404);

    const archived = await people.citizen.call("PUT", `patientarchives/${doc.id}`, { archived: true });
    expect(archived.json()).toMatchObject({
      message: HEALTH_RECORD_MESSAGES.documentArchived,
      data: { archived: true },
    });
    expect((await people.citizen.get("users/own/patientarchives")).json().meta.total).toBe(1);
    expect((await people.citizen.get("users/own/patientarchives?archived=true")).json().meta.total).toBe(1);
    const restored = await people.citizen.call("PUT", `patientarchives/${doc.id}`, { archived: false });
    expect(restored.json().message).toBe(HEALTH_RECORD_MESSAGES.documentRestored);

    const file = await people.pharmacyOperator.get(`patientarchives/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(tinyPdf)).toBe(true);

    expect((await people.pharmacyOperator.call("DELETE", `patientarchives/${ecg}`)).json().message).toBe(
      HEALTH_RECORD_MESSAGES.documentDeleted,
    );
    expect((await people.citizen.call("DELETE", `users/own/patientarchives/${doc.id}`)).statusCode).toBe(200);
    expect((await people.citizen.get("users/own/patientarchives")).json().meta.total).toBe(0);
    expect((await people.citizen.get(`patientarchives/${doc.id}/file`)).statusCode).toBe(404);
  });

  it("refuses a missing name, a future date and a missing file (422)", async () => {
    const noName = await upload(people.citizen, "users/own/patientarchives", [pdfPart]);
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toBeDefined();
    const future = await upload(people.citizen, "users/own/patientarchives", [
      { name: "name", value: "x" },
      { name: "date", value: "2999-01-01" },
      pdfPart,
    ]);
    expect(future.json().errors.date).toEqual([HEALTH_RECORD_MESSAGES.dateInFuture]);
    const noFile = await upload(people.citizen, "users/own/patientarchives", [{ name: "name", value: "x" }]);
    expect(noFile.statusCode).toBe(422);
    expect((await people.citizen.get("users/own/patientarchives")).json().meta.total).toBe(0);
  });
});

describe("who read my data", () => {
  it("logs one line per read by someone else, never the person's own, and shows them to the person with filters", async () => {
    const before = (await healthReads(mariaId)).length;
    await people.citizen.get(`anamnesi/users/all/${maria}`);
    expect((await healthReads(mariaId)).length).toBe(before);
    await people.pharmacyOperator.get(`anamnesi/users/all/${maria}`);
    expect((await healthReads(mariaId)).length).toBe(before + 1);

    const reads = await people.citizen.get("users/own/healthreads?section=anamnesi");
    expect(reads.statusCode).toBe(200);
    expect(reads.json().data[0]).toMatchObject({
      role: "operatore",
      company: "Farmacia San Marco",
      section: "anamnesi",
      record_id: null,
    });
    expect(reads.json().data[0].reader).toBeTruthy();
    const byRole = (await people.citizen.get("users/own/healthreads?role=caregiver&section=anamnesi")).json();
    expect(byRole.data.every((r: { role: string }) => r.role === "caregiver")).toBe(true);
    const old = (await people.citizen.get("users/own/healthreads?to=2000-01-01")).json();
    expect(old.meta.total).toBe(0);
    // Only the person reads their log.
    expect((await people.pharmacyOperator.get("users/own/healthreads")).statusCode).toBe(403);
    expect((await people.admin.get("users/own/healthreads")).statusCode).toBe(403);
  });

  it("purges the reads older than 24 months", async () => {
    const old = new Date(Date.now() - 25 * 31 * 86_400_000);
    await t.database.db.insert(accessLog).values({
      actorUserId: giuliaId,
      actorType: 0,
      entity: "health.note",
      entityId: `user:${mariaId}`,
      subjectUserId: mariaId,
      createdAt: old,
    });
    const count = async () =>
      (await healthReads(mariaId)).filter((r) => r.createdAt.getTime() === old.getTime()).length;
    expect(await count()).toBe(1);
    await t.app.jobs.runNow(HEALTH_READS_PURGE_JOB);
    expect(await count()).toBe(0);
  });
});

describe("FHIR IPS", () => {
  it("is a document Bundle: Composition 60591-5 first, the four sections, every reference inside the bundle", async () => {
    await people.citizen.call("POST", "anamnesi", { category: "reazioni_farmaci", description: "Orticaria da FANS" });
    const response = await people.citizen.get("users/own/fhir/ips");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/fhir+json");
    const bundle = response.json();
    checkIpsBundle(bundle);
    const types = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType);
    expect(types[0]).toBe("Composition");
    expect(types).toContain("Patient");
    expect(types).toContain("AllergyIntolerance");
    expect(types).toContain("DocumentReference");
    const patient = bundle.entry.find(
      (e: { resource: { resourceType: string } }) => e.resource.resourceType === "Patient",
    );
    expect(patient.resource.name[0]).toMatchObject({ family: "Rossi", given: ["Maria"] });
  });

  it("the patient's operator exports it (logged); another company 404; admin 403", async () => {
    const before = (await healthReads(mariaId)).filter((r) => r.entity === "health.riepilogo").length;
    const response = await people.pharmacyOperator.get(`users/own/fhir/ips?user_id=${maria}`);
    expect(response.statusCode).toBe(200);
    checkIpsBundle(response.json());
    expect((await healthReads(mariaId)).filter((r) => r.entity === "health.riepilogo").length).toBe(before + 1);
    expect((await people.roomOperator.get(`users/own/fhir/ips?user_id=${maria}`)).statusCode).toBe(404);
    expect((await people.admin.get("users/own/fhir/ips")).statusCode).toBe(403);
  });

  it("carries the readings, pathologies and therapies of the file; another author's private ones stay out", async () => {
    const catalogue = (await t.request({ method: "GET", url: "/api/v1/exams" })).json().data as Array<{
      hashid: string;
      name: string;
    }>;
    const systolic = catalogue.find((e) => e.name === "Pressione sistolica")?.hashid;
    expect(systolic).toBeDefined();
    const made = await Promise.all([
      people.citizen.call("POST", "exams/measurements/add", {
        exam_id: systolic,
        value: 142,
        measured_at: new Date(Date.now() - 3_600_000).toISOString(),
      }),
      people.citizen.call("POST", "pathologies", { name: "Ipertensione", type: "cronica", icd10_code: "I10" }),
      people.pharmacyOperator.call("POST", "pathologies", {
        patient: maria,
        name: "Sospetta apnea notturna",
        type: "cronica",
        private: true,
      }),
      people.citizen.call("POST", "therapies", {
        drug: { name: "Ramipril galenico", not_listed: true },
        dosage: 1,
        dosage_unit: "compressa",
        route: "orale",
        frequency: "volte_al_giorno",
        intake_moments: ["mattina"],
        duration: "indeterminata",
        start_date: "2025-01-10",
        prescriber: "Dott. Bianchi",
        source: "medico_di_base",
      }),
    ]);
    for (const response of made) expect(response.statusCode, response.body).toBe(201);

    type Section = { code: { coding: Array<{ code: string }> }; entry?: unknown[] };
    type Resource = { resourceType: string; code?: { text?: string }; section?: Section[] };
    type Bundle = { entry: Array<{ fullUrl: string; resource: Resource }> };
    const sectionOf = (bundle: Bundle, code: string) =>
      bundle.entry[0]?.resource.section?.find((s) => s.code.coding[0]?.code === code);
    const resources = (bundle: Bundle, type: string) =>
      bundle.entry.filter((e) => e.resource.resourceType === type).map((e) => e.resource);

    const own: Bundle = (await people.citizen.get("users/own/fhir/ips")).json();
    checkIpsBundle(own as Parameters<typeof checkIpsBundle>[0]);
    expect(resources(own, "Observation")).toContainEqual(
      expect.objectContaining({
        code: expect.objectContaining({ coding: [expect.objectContaining({ code: "8480-6" })] }),
        valueQuantity: expect.objectContaining({ value: 142 }),
      }),
    );
    const conditions = resources(own, "Condition").map((c) => c.code?.text);
    expect(conditions).toContain("Ipertensione");
    expect(conditions).not.toContain("Sospetta apnea notturna");
    expect(resources(own, "MedicationStatement")).toContainEqual(
      expect.objectContaining({ status: "active", medicationCodeableConcept: { text: "Ramipril galenico" } }),
    );
    for (const code of ["10160-0", "11450-4", "8716-3"]) {
      expect(sectionOf(own, code)?.entry?.length, code).toBeGreaterThan(0);
    }

    // The private pathology is its author's: the operator's export carries it.
    const operators: Bundle = (await people.pharmacyOperator.get(`users/own/fhir/ips?user_id=${maria}`)).json();
    expect(resources(operators, "Condition").map((c) => c.code?.text)).toContain("Sospetta apnea notturna");
  });

  it("an empty section carries its emptyReason", async () => {
    const bundle = (await people.citizen2.get("users/own/fhir/ips")).json();
    checkIpsBundle(bundle);
    const allergies = bundle.entry[0].resource.section.find(
      (s: { code: { coding: Array<{ code: string }> } }) => s.code.coding[0]?.code === "48765-2",
    );
    expect(allergies.entry).toBeUndefined();
    expect(allergies.emptyReason.coding[0].code).toBe("nilknown");
    // Every section has its source: an empty one is "nothing known", never "unavailable".
    for (const s of bundle.entry[0].resource.section)
      expect(s.emptyReason?.coding[0].code ?? "nilknown").toBe("nilknown");
  });
});

describe("every read under every access case", () => {
  // The person's side names the person; an operator names the patient; "own" routes take no one.
  const reads = (who: "self" | "other") => [
    `anamnesi/users/all/${maria}`,
    `annotations/users/all/${maria}`,
    `clinicalreports${who === "other" ? `?user_id=${maria}` : ""}`,
    `patientarchives${who === "other" ? `?user_id=${maria}` : ""}`,
    `users/own/fhir/ips${who === "other" ? `?user_id=${maria}` : ""}`,
  ];

  it("the person, a consenting caregiver and the patient's company read; others 404; administrators 403", async () => {
    for (const path of reads("self")) {
      expect((await people.citizen.get(path)).statusCode, `citizen ${path}`).toBe(200);
    }
    for (const path of reads("other")) {
      expect((await people.pharmacyOperator.get(path)).statusCode, `own company ${path}`).toBe(200);
      expect((await people.roomOperator.get(path)).statusCode, `other company ${path}`).toBe(404);
      expect((await people.citizen2.get(path)).statusCode, `another citizen ${path}`).toBe(404);
      expect((await people.admin.get(path)).statusCode, `admin ${path}`).toBe(403);
    }
    await setCaregiver(false);
    for (const path of reads("other")) {
      expect((await caregiver.get(path)).statusCode, `caregiver without consent ${path}`).toBe(404);
    }
    await setCaregiver(true);
    for (const path of reads("other")) {
      expect((await caregiver.get(path)).statusCode, `caregiver with consent ${path}`).toBe(200);
    }
    await setCaregiver(null);
  });

  it("writes follow the same rule (404 for a stranger's file, 403 for administrators)", async () => {
    const entry = { user_id: maria, category: "allergie", description: "Lattice" };
    expect((await people.roomOperator.call("POST", "anamnesi", entry)).statusCode).toBe(404);
    expect((await people.citizen2.call("POST", "anamnesi", entry)).statusCode).toBe(404);
    expect((await people.admin.call("POST", "anamnesi", entry)).statusCode).toBe(403);
    await setCaregiver(false);
    expect((await caregiver.call("POST", "anamnesi", entry)).statusCode).toBe(404);
    await setCaregiver(true);
    const byCaregiver = await caregiver.call("POST", "anamnesi", entry);
    expect(byCaregiver.statusCode).toBe(201);
    expect((await caregiver.call("DELETE", `anamnesi/${byCaregiver.json().data.id}`)).statusCode).toBe(200);
    const doc = await upload(caregiver, "patientarchives", [
      { name: "user_id", value: maria },
      { name: "name", value: "Ricetta" },
      pdfPart,
    ]);
    expect(doc.statusCode, doc.body).toBe(201);
    expect((await caregiver.call("DELETE", `patientarchives/${doc.json().data.id}`)).statusCode).toBe(200);
    await setCaregiver(null);
    const note = { kind: "semplice", text: "x", visible: true };
    expect((await people.roomOperator.call("POST", `annotations/${maria}`, note)).statusCode).toBe(404);
    expect((await caregiver.call("POST", `annotations/${maria}`, note)).statusCode).toBe(403);
    const report = { user_id: maria, title: "x", body: "y", register_id: "z" };
    expect((await people.roomOperator.call("POST", "clinicalreports", report)).statusCode).toBe(404);
    expect((await people.admin.call("POST", "clinicalreports", report)).statusCode).toBe(403);
    expect(
      (
        await upload(people.roomOperator, "patientarchives", [
          { name: "user_id", value: maria },
          { name: "name", value: "x" },
          pdfPart,
        ])
      ).statusCode,
    ).toBe(404);
  });
});

/** Structural validation of an IPS document bundle (resource types, sections, references, ids). */
function checkIpsBundle(bundle: {
  resourceType: string;
  type: string;
  timestamp: string;
  identifier: { value: string };
  entry: Array<{ fullUrl: string; resource: Record<string, unknown> & { resourceType: string; id: string } }>;
}) {
  expect(bundle).toMatchObject({ resourceType: "Bundle", type: "document" });
  expect(bundle.identifier.value).toMatch(/^urn:uuid:/);
  expect(Number.isNaN(Date.parse(bundle.timestamp))).toBe(false);
  const known = new Set([
    "Composition",
    "Patient",
    "Organization",
    "Observation",
    "Condition",
    "MedicationStatement",
    "AllergyIntolerance",
    "DocumentReference",
  ]);
  const urls = new Set<string>();
  for (const entry of bundle.entry) {
    expect(known.has(entry.resource.resourceType), entry.resource.resourceType).toBe(true);
    expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource.id}`);
    expect(urls.has(entry.fullUrl)).toBe(false);
    urls.add(entry.fullUrl);
  }
  const composition = bundle.entry[0]?.resource as unknown as {
    resourceType: string;
    status: string;
    type: { coding: Array<{ system: string; code: string }> };
    section: Array<{
      code: { coding: Array<{ code: string }> };
      text: { div: string };
      entry?: Array<{ reference: string }>;
      emptyReason?: unknown;
    }>;
  };
  expect(composition.resourceType).toBe("Composition");
  expect(composition.type.coding[0]).toMatchObject({ system: "http://loinc.org", code: "60591-5" });
  const codes = composition.section.map((s) => s.code.coding[0]?.code);
  for (const required of ["10160-0", "48765-2", "11450-4", "8716-3"]) expect(codes).toContain(required);
  for (const s of composition.section) {
    expect(s.text.div).toMatch(/^<div xmlns="http:\/\/www.w3.org\/1999\/xhtml">/);
    // Either entries or an empty reason, never both nor neither.
    expect(Boolean(s.entry?.length) !== Boolean(s.emptyReason)).toBe(true);
  }
  // Every reference anywhere in the bundle resolves to an entry of the bundle.
  const references: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "reference" && typeof inner === "string") references.push(inner);
        else walk(inner);
      }
    }
  };
  walk(bundle.entry.map((e) => e.resource));
  expect(references.length).toBeGreaterThan(0);
  for (const reference of references) expect(urls.has(reference), reference).toBe(true);
}
