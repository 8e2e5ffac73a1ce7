import { OPERATOR_PERMISSIONS, SESSION_MESSAGES, SURVEY_MESSAGES } from "@cura/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { createIds } from "../../platform/ids.ts";
import { operators } from "../companies/tables.ts";
import { type Caller, demoCallers, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";
import { healthScores } from "../health/measurements/tables.ts";
import { anagrafiche, users } from "../identity/tables.ts";
import { notifications } from "../notifications/tables.ts";
import { filledSurveys } from "../surveys/tables.ts";
import { SESSION_SIGNATURES_JOB } from "./signatures.ts";
import { filledSurveySessions } from "./tables.ts";

const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** Farmacia San Marco: a manager (amministratore), a pharmacist administering, a doctor administering. */
let manager: Caller;
let pharmacist: Caller;
let doctor: Caller;
let roomManager: Caller;
let pharmacy: string;
let room: string;
let maria: string;
let surveyA: string;
let surveyB: string;
let surveyC: string;

const yesNo = { nome: "Fumo", domande: [{ q: "Fumi?", o: ["Sì", "No"], r: true }] };
const mood = {
  nome: "Umore",
  domande: [{ q: "Come ti senti?", o: ["Bene", "Male"], r: true }],
  scoring: { method: "sum", points: { "0": { Bene: 0, Male: 2 } }, bands: [{ min: 0, max: 10, label: "Tutto" }] },
};

async function setRole(c: Caller, role: string) {
  const me = (await c.get("users/fresh/me")).json().data;
  await t.database.db
    .update(operators)
    .set({ role })
    .where(eq(operators.userId, ids.decode(me.hashid) as number));
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  room = await ownCompanyHashid(people.roomAdmin);
  manager = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.manageActivities]);
  pharmacist = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.administerSurveys]);
  doctor = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.administerSurveys]);
  roomManager = await operatorOf(t, room, [OPERATOR_PERMISSIONS.manageActivities]);
  await setRole(pharmacist, "farmacista");
  await setRole(doctor, "medico");
  maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
  const linked = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
  expect(linked.statusCode, linked.body).toBe(200);
  const activity = await manager.call("POST", "activities", { name: "Sessioni 2026" });
  expect(activity.statusCode, activity.body).toBe(201);
  const newSurvey = async (name: string, template: unknown) => {
    const res = await manager.call("POST", "activities/surveys/new", {
      activity: activity.json().data.hashid,
      name,
      template,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.hashid as string;
  };
  surveyA = await newSurvey("Fumo", yesNo);
  surveyB = await newSurvey("Umore", mood);
  surveyC = await newSurvey("Terzo", yesNo);
});
afterAll(() => t.close());

const base = {
  description: "Per i pazienti della farmacia",
  allowed_roles: ["farmacista", "amministratore"],
};

async function newSession(body: Record<string, unknown> = {}, as = manager) {
  const res = await as.call("POST", "survey-sessions", {
    ...base,
    name: "Sessione",
    type: "in_chiaro",
    surveys: [surveyA, surveyB],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { hashid: string; [k: string]: unknown };
}

async function start(as: Caller, session: string, extra: Record<string, unknown> = {}) {
  return as.call("POST", "companies/own/filled-survey-sessions/start", { survey_session_id: session, ...extra });
}

describe("sessions", () => {
  it("a manager creates a session with defaults; rules of the body are 422", async () => {
    const session = await newSession();
    expect(session).toMatchObject({
      name: "Sessione",
      type: "in_chiaro",
      status: "in_attesa",
      signature_required: false,
      days_to_sign: 3,
      allowed_roles: ["farmacista", "amministratore"],
      compilations_count: 0,
    });
    expect((session.surveys as { hashid: string }[]).map((s) => s.hashid)).toEqual([surveyA, surveyB]);

    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await manager.call("POST", "survey-sessions", {
        ...base,
        name: "X",
        type: "anonima",
        surveys: [surveyA],
        ...body,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors ?? {}).join(",")).toContain(field);
      return res.json();
    };
    await bad({ surveys: [] }, "surveys");
    await bad({ days_to_sign: 0 }, "days_to_sign");
    await bad({ days_to_sign: 16 }, "days_to_sign");
    await bad({ type: "segreta" }, "type");
    await bad({ allowed_roles: [] }, "allowed_roles");
    await bad({ name: " " }, "name");
    await bad({ surveys: [surveyA, surveyA] }, "surveys");
    // Another company's survey is, to this manager, no survey at all.
    const roomActivity = await roomManager.call("POST", "activities", { name: "Altrove" });
    const foreign = await roomManager.call("POST", "activities/surveys/new", {
      activity: roomActivity.json().data.hashid,
      name: "Altrui",
      template: yesNo,
    });
    await bad({ surveys: [foreign.json().data.hashid] }, "surveys.0");
    expect(
      (
        await manager.call("POST", "survey-sessions", {
          ...base,
          name: "D",
          type: "anonima",
          surveys: [surveyA],
          days_to_sign: 15,
        })
      ).statusCode,
    ).toBe(201);
  });

  it("only managers and administrators build sessions; other companies see nothing", async () => {
    const session = await newSession();
    expect(
      (await pharmacist.call("POST", "survey-sessions", { ...base, name: "X", type: "anonima", surveys: [surveyA] }))
        .statusCode,
    ).toBe(403);
    expect((await people.pharmacyOperator.get("survey-sessions")).statusCode).toBe(403);
    expect((await people.citizen.get("survey-sessions")).statusCode).toBe(403);
    expect((await pharmacist.get(`survey-sessions/${session.hashid}`)).statusCode).toBe(200);
    expect((await pharmacist.get(`companies/own/survey-sessions/${session.hashid}`)).statusCode).toBe(200);
    expect((await roomManager.get(`survey-sessions/${session.hashid}`)).statusCode).toBe(404);
    expect((await roomManager.get(`companies/own/survey-sessions/${session.hashid}`)).statusCode).toBe(404);
    expect((await roomManager.call("DELETE", `survey-sessions/${session.hashid}`)).statusCode).toBe(404);
    expect((await pharmacist.call("DELETE", `survey-sessions/${session.hashid}`)).statusCode).toBe(403);
    const own = (await pharmacist.get("companies/own/survey-sessions?per_page=100")).json();
    expect(own.data.map((s: { hashid: string }) => s.hashid)).toContain(session.hashid);
    const listed = (await roomManager.get("survey-sessions?per_page=100")).json();
    expect(listed.data.map((s: { hashid: string }) => s.hashid)).not.toContain(session.hashid);
    expect((await people.admin.get(`survey-sessions/${session.hashid}`)).statusCode).toBe(200);
    expect((await people.admin.get("companies/own/survey-sessions")).statusCode).toBe(403);

    const available = (await manager.get("survey-sessions/available-surveys?per_page=100")).json();
    expect(available.data.map((s: { hashid: string }) => s.hashid)).toEqual(expect.arrayContaining([surveyA, surveyB]));
    expect((await pharmacist.get("survey-sessions/available-surveys")).statusCode).toBe(403);
  });

  it("administrators enable a session per company: 'Servizio non abilitato' otherwise", async () => {
    const session = await newSession();
    const off = await people.admin.call("POST", `survey-sessions/enable/${session.hashid}`, {
      company_id: pharmacy,
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual([expect.objectContaining({ enabled: false })]);
    const refused = await pharmacist.get(`survey-sessions/${session.hashid}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SESSION_MESSAGES.notEnabled);
    expect((await start(pharmacist, session.hashid, { user: maria })).statusCode).toBe(403);
    // Enabled for the monitoring room: its operators see it, only reading.
    await people.admin.call("POST", `survey-sessions/enable/${session.hashid}`, { company_id: room, enabled: true });
    expect((await roomManager.get(`survey-sessions/${session.hashid}`)).statusCode).toBe(200);
    expect(
      (await roomManager.call("PUT", `survey-sessions/${session.hashid}`, { ...base, name: "Mia", type: "anonima" }))
        .statusCode,
    ).toBe(403);
    await people.admin.call("POST", `survey-sessions/enable/${session.hashid}`, {
      company_id: pharmacy,
      enabled: true,
    });
    expect((await pharmacist.get(`survey-sessions/${session.hashid}`)).statusCode).toBe(200);
    // Only administrators; an unknown company is the field's 422.
    expect(
      (await manager.call("POST", `survey-sessions/enable/${session.hashid}`, { company_id: pharmacy, enabled: true }))
        .statusCode,
    ).toBe(403);
    const unknown = await people.admin.call("POST", `survey-sessions/enable/${session.hashid}`, {
      company_id: "zzzzzz",
      enabled: true,
    });
    expect(unknown.statusCode).toBe(422);
    // An administrator's own session is the platform's.
    const platform = await people.admin.call("POST", "survey-sessions", {
      ...base,
      name: "Piattaforma",
      type: "anonima",
      surveys: [surveyA],
    });
    expect(platform.statusCode, platform.body).toBe(201);
    expect(platform.json().data.company).toBeNull();
    expect((await manager.get(`survey-sessions/${platform.json().data.hashid}`)).statusCode).toBe(404);
  });

  it("add-survey and reorder while no compilation exists; a permutation only", async () => {
    const session = await newSession();
    const added = await manager.call("POST", `survey-sessions/${session.hashid}/add-survey`, { surveys: [surveyC] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.surveys.map((s: { hashid: string }) => s.hashid)).toEqual([surveyA, surveyB, surveyC]);
    expect(
      (await manager.call("POST", `survey-sessions/${session.hashid}/add-survey`, { surveys: [surveyA] })).statusCode,
    ).toBe(422);

    const reordered = await manager.call("PUT", `survey-sessions/${session.hashid}/reorder`, {
      ordered_items: [surveyC, surveyA, surveyB],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.surveys.map((s: { hashid: string }) => s.hashid)).toEqual([surveyC, surveyA, surveyB]);
    for (const ordered_items of [
      [surveyA, surveyB],
      [surveyA, surveyA, surveyB],
      [surveyA, surveyB, "zzzzzz"],
    ]) {
      const res = await manager.call("PUT", `survey-sessions/${session.hashid}/reorder`, { ordered_items });
      expect(res.statusCode, JSON.stringify(ordered_items)).toBe(422);
      expect(res.json().errors.ordered_items).toEqual([SESSION_MESSAGES.notPermutation]);
    }
    expect(
      (
        await pharmacist.call("PUT", `survey-sessions/${session.hashid}/reorder`, {
          ordered_items: [surveyA, surveyB, surveyC],
        })
      ).statusCode,
    ).toBe(403);

    expect((await start(pharmacist, session.hashid, { user: maria })).statusCode).toBe(201);
    const locked = await manager.call("PUT", `survey-sessions/${session.hashid}/reorder`, {
      ordered_items: [surveyA, surveyB, surveyC],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(SESSION_MESSAGES.notAllowed);
    const noAdd = await manager.call("POST", `survey-sessions/${session.hashid}/add-survey`, { surveys: [surveyA] });
    expect(noAdd.statusCode).toBe(409);
  });

  it("session statuses: waiting → in progress on first start → completed; cancelled; others 409", async () => {
    const session = await newSession({ type: "anonima" });
    const put = (status: string) =>
      manager.call("PUT", `survey-sessions/${session.hashid}`, { ...base, name: "Sessione", type: "anonima", status });
    expect((await put("completata")).statusCode).toBe(409);
    expect((await start(pharmacist, session.hashid)).statusCode).toBe(201);
    expect((await manager.get(`survey-sessions/${session.hashid}`)).json().data.status).toBe("in_corso");
    // The type no longer changes once a compilation exists.
    const retype = await manager.call("PUT", `survey-sessions/${session.hashid}`, {
      ...base,
      name: "S",
      type: "in_chiaro",
    });
    expect(retype.statusCode).toBe(409);
    const done = await put("completata");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe("completata");
    expect((await put("annullata")).statusCode).toBe(409);
    expect((await put("in_attesa")).statusCode).toBe(409);
    const closed = await start(pharmacist, session.hashid);
    expect(closed.statusCode).toBe(409);

    const other = await newSession({ type: "anonima" });
    const cancel = await manager.call("PUT", `survey-sessions/${other.hashid}`, {
      ...base,
      name: "Annullata",
      type: "anonima",
      status: "annullata",
    });
    expect(cancel.json().data).toMatchObject({ status: "annullata", name: "Annullata" });
    expect((await start(pharmacist, other.hashid)).statusCode).toBe(409);
  });

  it("deletes a session without compilations; with one it is refused", async () => {
    const empty = await newSession();
    expect((await manager.call("DELETE", `survey-sessions/${empty.hashid}`)).statusCode).toBe(200);
    expect((await manager.get(`survey-sessions/${empty.hashid}`)).statusCode).toBe(404);
    const used = await newSession({ type: "anonima" });
    await start(pharmacist, used.hashid);
    const refused = await manager.call("DELETE", `survey-sessions/${used.hashid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SESSION_MESSAGES.hasCompilations);
    // The session's page counts it (what hides the reorder once a compilation exists).
    expect((await manager.get(`survey-sessions/${used.hashid}`)).json().data.compilations_count).toBe(1);
  });
});

describe("compilations", () => {
  it("an operator whose role is not allowed is refused, with the allowed roles", async () => {
    const session = await newSession();
    const res = await start(doctor, session.hashid, { user: maria });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(SESSION_MESSAGES.roleMissing);
    expect(res.json().allowed_roles).toEqual(["farmacista", "amministratore"]);
    // Without either survey permission: 403 too; citizens and administrators do not administer.
    expect(
      (await people.pharmacyOperator.call("POST", "filled-survey-sessions", { survey_session_id: session.hashid }))
        .statusCode,
    ).toBe(403);
    expect(
      (await people.citizen.call("POST", "filled-survey-sessions", { survey_session_id: session.hashid })).statusCode,
    ).toBe(403);
  });

  it("in clear: the patient's tax code and verified phone are required", async () => {
    const session = await newSession();
    const missing = await start(pharmacist, session.hashid);
    expect(missing.statusCode).toBe(422);
    const mariaId = ids.decode(maria) as number;
    const [before] = await t.database.db.select().from(anagrafiche).where(eq(anagrafiche.userId, mariaId));
    await t.database.db.update(anagrafiche).set({ cf: null }).where(eq(anagrafiche.userId, mariaId));
    const noCf = await start(pharmacist, session.hashid, { user: maria });
    expect(noCf.statusCode).toBe(422);
    expect(noCf.json().errors.user).toEqual([SESSION_MESSAGES.taxCodeRequired]);
    await t.database.db
      .update(anagrafiche)
      .set({ cf: before?.cf ?? null, telNumber: null })
      .where(eq(anagrafiche.userId, mariaId));
    const noPhone = await start(pharmacist, session.hashid, { user: maria });
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors.user).toEqual([SESSION_MESSAGES.phoneRequired]);
    await t.database.db
      .update(anagrafiche)
      .set({ telNumber: before?.telNumber ?? null })
      .where(eq(anagrafiche.userId, mariaId));
    // Without an e-mail, a reserve phone is required, and verified.
    const [account] = await t.database.db.select().from(users).where(eq(users.id, mariaId));
    await t.database.db
      .update(users)
      .set({ email: null, secondaryNumberVerifiedAt: null })
      .where(eq(users.id, mariaId));
    await t.database.db
      .update(anagrafiche)
      .set({ telNumberSecondary: "3331112222" })
      .where(eq(anagrafiche.userId, mariaId));
    const unverifiedReserve = await start(pharmacist, session.hashid, { user: maria });
    expect(unverifiedReserve.statusCode).toBe(422);
    expect(unverifiedReserve.json().errors.user).toEqual([SESSION_MESSAGES.phoneRequired]);
    await t.database.db.update(users).set({ secondaryNumberVerifiedAt: new Date() }).where(eq(users.id, mariaId));
    expect((await start(pharmacist, session.hashid, { user: maria })).statusCode).toBe(201);
    await t.database.db
      .update(users)
      .set({ email: account?.email ?? null, secondaryNumberVerifiedAt: account?.secondaryNumberVerifiedAt ?? null })
      .where(eq(users.id, mariaId));
    await t.database.db
      .update(anagrafiche)
      .set({ telNumberSecondary: before?.telNumberSecondary ?? null })
      .where(eq(anagrafiche.userId, mariaId));
    // Someone who is not a patient of the company.
    const giuseppe = (await people.citizen2.get("users/fresh/me")).json().data.hashid;
    expect((await start(pharmacist, session.hashid, { user: giuseppe })).statusCode).toBe(404);
  });

  it("runs two ordered surveys for a patient, in order only; progress; signature; the patient reads it", async () => {
    const session = await newSession({ signature_required: true, days_to_sign: 2 });
    const started = await start(pharmacist, session.hashid, { user: maria });
    expect(started.statusCode, started.body).toBe(201);
    const c = started.json().data;
    expect(c).toMatchObject({
      status: "avviata",
      patient: { hashid: maria },
      pseudonym: null,
      progress: { submitted: 0, total: 2, progress: 0, next_survey: { hashid: surveyA } },
    });
    // Out of order: 422; bad answers: 422 from the fill's own checks.
    const wrong = await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
      survey_id: surveyB,
      answers: ["Bene"],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.survey_id).toEqual([SESSION_MESSAGES.wrongSurvey]);
    expect(
      (
        await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
          survey_id: surveyA,
          answers: ["Forse"],
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, { survey_id: surveyA }))
        .statusCode,
    ).toBe(422);
    // Another operator of the company (not a manager) does not work on it.
    expect(
      (
        await doctor.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
          survey_id: surveyA,
          answers: ["Sì"],
        })
      ).statusCode,
    ).toBe(404);

    const first = await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
      survey_id: surveyA,
      answers: ["Sì"],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: "in_corso",
      progress: { submitted: 1, total: 2, progress: 0.5 },
    });
    const progress = await pharmacist.get(`filled-survey-sessions/${c.hashid}/progress`);
    expect(progress.json().data).toMatchObject({ submitted: 1, next_survey: { hashid: surveyB } });

    // The second through a fill already saved for the patient (filled/patient).
    const fill = await pharmacist.call("POST", "activities/surveys/filled/patient", {
      survey: surveyB,
      user: maria,
      answers: ["Male"],
    });
    expect(fill.statusCode, fill.body).toBe(201);
    const second = await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
      survey_id: surveyB,
      filled_survey_id: fill.json().data.hashid,
    });
    expect(second.statusCode, second.body).toBe(200);
    const done = second.json().data;
    expect(done).toMatchObject({
      status: "completata",
      score: 2,
      progress: { submitted: 2, progress: 1, next_survey: null },
    });
    expect(done.sign_by).toBeTruthy();
    expect(done.fills.map((f: { survey: { hashid: string } }) => f.survey.hashid)).toEqual([surveyA, surveyB]);
    // The same fill twice, or a further survey: refused.
    expect(
      (
        await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
          survey_id: surveyB,
          answers: ["Bene"],
        })
      ).statusCode,
    ).toBe(409);

    // Signing: the administering operator only, once.
    expect((await manager.call("PUT", `filled-survey-sessions/${c.hashid}`, { action: "sign" })).statusCode).toBe(403);
    const signed = await pharmacist.call("PUT", `filled-survey-sessions/${c.hashid}`, { action: "sign" });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.signed_at).toBeTruthy();
    expect((await pharmacist.call("PUT", `filled-survey-sessions/${c.hashid}`, { action: "sign" })).statusCode).toBe(
      409,
    );
    expect((await pharmacist.call("PUT", `filled-survey-sessions/${c.hashid}`, { action: "abandon" })).statusCode).toBe(
      409,
    );
    expect((await pharmacist.call("DELETE", `filled-survey-sessions/${c.hashid}`)).statusCode).toBe(409);

    // Lists: the session's, the patient's at the company, the citizen's own.
    const ofSession = (await manager.get(`survey-sessions/${session.hashid}/filled-sessions`)).json();
    expect(ofSession.data.map((x: { hashid: string }) => x.hashid)).toEqual([c.hashid]);
    const ofPatient = (await pharmacist.get(`companies/own/filled-survey-sessions/user/${maria}`)).json();
    expect(ofPatient.data.map((x: { hashid: string }) => x.hashid)).toContain(c.hashid);
    expect((await roomManager.get(`companies/own/filled-survey-sessions/user/${maria}`)).statusCode).toBe(404);
    const mine = (await people.citizen.get("users/own/filled-survey-sessions")).json();
    expect(mine.data.map((x: { hashid: string }) => x.hashid)).toContain(c.hashid);
    expect((await people.citizen.get(`users/own/filled-survey-sessions/${c.hashid}`)).json().data.status).toBe(
      "completata",
    );
    expect(
      (await people.citizen.get(`users/own/filled-survey-sessions/${c.hashid}/progress`)).json().data.progress,
    ).toBe(1);
    expect((await people.citizen2.get(`users/own/filled-survey-sessions/${c.hashid}`)).statusCode).toBe(404);
    expect((await people.citizen.get(`filled-survey-sessions/${c.hashid}`)).statusCode).toBe(403);
    expect((await roomManager.get(`filled-survey-sessions/${c.hashid}`)).statusCode).toBe(404);
    expect((await people.admin.get(`filled-survey-sessions/${c.hashid}`)).statusCode).toBe(200);
    const all = (await manager.get(`filled-survey-sessions?session=${session.hashid}`)).json();
    expect(all.meta.total).toBe(1);
    // The fill is the patient's own, readable by her.
    expect(
      (await people.citizen.get(`activities/surveys/filled/get/${done.fills[0].filled_survey.hashid}`)).statusCode,
    ).toBe(200);
    // A submitted step stays as submitted: neither its writer nor a manager changes or deletes it,
    // the one saved before it joined (filled/patient) included.
    for (const step of done.fills as Array<{ filled_survey: { hashid: string } }>) {
      const id = step.filled_survey.hashid;
      for (const who of [pharmacist, manager]) {
        const removed = await who.call("DELETE", `activities/surveys/filled/${id}`);
        expect(removed.statusCode, removed.body).toBe(409);
        expect(removed.json().message).toBe(SURVEY_MESSAGES.fillInSession);
        expect((await who.call("PUT", `activities/surveys/filled/${id}`, { answers: ["No"] })).statusCode).toBe(409);
      }
    }
    expect((await pharmacist.get(`filled-survey-sessions/${c.hashid}`)).json().data.progress.submitted).toBe(2);
  });

  it("anonymous stores no patient; pseudonymous needs a pseudonym unique in the session", async () => {
    const anon = await newSession({ type: "anonima", surveys: [surveyA] });
    const a = await start(pharmacist, anon.hashid, { user: maria, pseudonym: "x" });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data).toMatchObject({ patient: null, pseudonym: null });
    const [row] = await t.database.db
      .select()
      .from(filledSurveySessions)
      .where(eq(filledSurveySessions.id, ids.decode(a.json().data.hashid) as number));
    expect(row).toMatchObject({ patientId: null, pseudonym: null });
    const submitted = await pharmacist.call("POST", `filled-survey-sessions/${a.json().data.hashid}/submit-survey`, {
      survey_id: surveyA,
      answers: ["No"],
    });
    expect(submitted.json().data.status).toBe("completata");
    const mariaId = ids.decode(maria) as number;
    const fillId = ids.decode(submitted.json().data.fills[0].filled_survey.hashid) as number;
    const [fill] = await t.database.db.select().from(filledSurveys).where(eq(filledSurveys.id, fillId));
    expect(fill?.userId).not.toBe(mariaId);

    const pseudo = await newSession({ type: "pseudonimizzata", surveys: [surveyA] });
    expect((await start(pharmacist, pseudo.hashid)).statusCode).toBe(422);
    const p1 = await start(pharmacist, pseudo.hashid, { pseudonym: "Paziente-07" });
    expect(p1.statusCode, p1.body).toBe(201);
    expect(p1.json().data).toMatchObject({ pseudonym: "Paziente-07", patient: null });
    const dup = await start(pharmacist, pseudo.hashid, { pseudonym: "Paziente-07" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(SESSION_MESSAGES.pseudonymTaken);
    // The same pseudonym in another session is fine.
    const pseudo2 = await newSession({ type: "pseudonimizzata", surveys: [surveyA] });
    expect((await start(pharmacist, pseudo2.hashid, { pseudonym: "Paziente-07" })).statusCode).toBe(201);
  });

  it("abandoned by the operator or after 24 hours idle; deleted with its fills when unsigned", async () => {
    const session = await newSession({ type: "anonima", surveys: [surveyA, surveyB] });
    const c1 = (await start(pharmacist, session.hashid)).json().data;
    const abandoned = await pharmacist.call("PUT", `filled-survey-sessions/${c1.hashid}`, { action: "abandon" });
    expect(abandoned.json().data.status).toBe("abbandonata");
    expect(
      (
        await pharmacist.call("POST", `filled-survey-sessions/${c1.hashid}/submit-survey`, {
          survey_id: surveyA,
          answers: ["Sì"],
        })
      ).statusCode,
    ).toBe(409);

    const c2 = (await start(pharmacist, session.hashid)).json().data;
    await pharmacist.call("POST", `filled-survey-sessions/${c2.hashid}/submit-survey`, {
      survey_id: surveyA,
      answers: ["Sì"],
    });
    await t.app.jobs.runNow(SESSION_SIGNATURES_JOB);
    expect((await pharmacist.get(`filled-survey-sessions/${c2.hashid}`)).json().data.status).toBe("in_corso");
    await t.database.db
      .update(filledSurveySessions)
      .set({ lastActivityAt: sql`now() - interval '25 hours'` })
      .where(eq(filledSurveySessions.id, ids.decode(c2.hashid) as number));
    await t.app.jobs.runNow(SESSION_SIGNATURES_JOB);
    expect((await pharmacist.get(`filled-survey-sessions/${c2.hashid}`)).json().data.status).toBe("abbandonata");

    // The operator deletes an unsigned compilation: its fills go with it.
    const fillHash = (await pharmacist.get(`filled-survey-sessions/${c2.hashid}`)).json().data.fills[0].filled_survey
      .hashid;
    expect((await pharmacist.call("DELETE", `filled-survey-sessions/${c2.hashid}`)).statusCode).toBe(200);
    expect((await pharmacist.get(`filled-survey-sessions/${c2.hashid}`)).statusCode).toBe(404);
    expect((await manager.get(`activities/surveys/filled/get/${fillHash}`)).statusCode).toBe(404);
    expect((await doctor.call("DELETE", `filled-survey-sessions/${c1.hashid}`)).statusCode).toBe(404);
  });

  it("the job warns a day before and deletes an unsigned completed compilation after the days to sign, once, audited", async () => {
    const session = await newSession({
      type: "anonima",
      surveys: [surveyA],
      signature_required: true,
      days_to_sign: 2,
    });
    const unsigned = (await start(pharmacist, session.hashid)).json().data;
    const done = await pharmacist.call("POST", `filled-survey-sessions/${unsigned.hashid}/submit-survey`, {
      survey_id: surveyA,
      answers: ["Sì"],
    });
    expect(done.json().data.status).toBe("completata");
    const signedC = (await start(pharmacist, session.hashid)).json().data;
    await pharmacist.call("POST", `filled-survey-sessions/${signedC.hashid}/submit-survey`, {
      survey_id: surveyA,
      answers: ["No"],
    });
    await pharmacist.call("PUT", `filled-survey-sessions/${signedC.hashid}`, { action: "sign" });
    const unsignedId = ids.decode(unsigned.hashid) as number;
    const signedId = ids.decode(signedC.hashid) as number;
    const fillId = ids.decode(done.json().data.fills[0].filled_survey.hashid) as number;
    const pharmacistId = ids.decode((await pharmacist.get("users/fresh/me")).json().data.hashid) as number;
    const age = async (id: number, hours: number) =>
      t.database.db
        .update(filledSurveySessions)
        .set({ completedAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(filledSurveySessions.id, id));
    const warnings = async () =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.userId, pharmacistId), eq(notifications.title, SESSION_MESSAGES.signWarningTitle)),
          )
      ).length;

    // Completed just now: nothing happens.
    await t.app.jobs.runNow(SESSION_SIGNATURES_JOB);
    expect(await warnings()).toBe(0);
    // A day and a half later (deadline in half a day): one warning, not two.
    await age(unsignedId, 36);
    await age(signedId, 36);
    await t.app.jobs.runNow(SESSION_SIGNATURES_JOB);
    await t.app.jobs.runNow(SESSION_SIGNATURES_JOB);
    expect(await warnings()).toBe(1);
    expect((await pharmacist.get(`filled-survey-sessions/${unsigned.hashid}`)).statusCode).toBe(200);
    // Past the days to sign: the unsigned one goes with its fill, the signed one stays.
    await age(unsignedId, 49);
    await age(signedId, 49);
    await Promise.all([t.app.jobs.runNow(SESSION_SIGNATURES_JOB), t.app.jobs.runNow(SESSION_SIGNATURES_JOB)]);
    expect((await pharmacist.get(`filled-survey-sessions/${unsigned.hashid}`)).statusCode).toBe(404);
    expect((await pharmacist.get(`filled-survey-sessions/${signedC.hashid}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(filledSurveys).where(eq(filledSurveys.id, fillId))).toEqual([]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "survey_session.compilation_deleted"), eq(auditLog.entityId, String(unsignedId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.detail).toMatchObject({ reason: "unsigned", fills: 1 });
  });
});

describe("fills of compilations (issue 13)", () => {
  it("keeps no person on an anonymous or pseudonymous fill: the operator wrote it, the lists name it so", async () => {
    const pharmacistId = ids.decode((await pharmacist.get("users/fresh/me")).json().data.hashid) as number;
    const anon = await newSession({ type: "anonima", surveys: [surveyA] });
    const a = (await start(pharmacist, anon.hashid)).json().data;
    const anonFill = (
      await pharmacist.call("POST", `filled-survey-sessions/${a.hashid}/submit-survey`, {
        survey_id: surveyA,
        answers: ["No"],
      })
    ).json().data.fills[0].filled_survey.hashid as string;
    const pseudo = await newSession({ type: "pseudonimizzata", surveys: [surveyA] });
    const p = (await start(pharmacist, pseudo.hashid, { pseudonym: "Paziente-42" })).json().data;
    const pseudoFill = (
      await pharmacist.call("POST", `filled-survey-sessions/${p.hashid}/submit-survey`, {
        survey_id: surveyA,
        answers: ["Sì"],
      })
    ).json().data.fills[0].filled_survey.hashid as string;

    const rows = await t.database.db
      .select()
      .from(filledSurveys)
      .where(sql`${filledSurveys.id} in (${ids.decode(anonFill)}, ${ids.decode(pseudoFill)})`);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ userId: null, filledBy: pharmacistId });

    // The operator who administered it reads it; the summary names no person, but the compilation.
    const read = await pharmacist.get(`activities/surveys/filled/get/${pseudoFill}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      user: null,
      filled_by: { hashid: ids.encode(pharmacistId) },
      session: { hashid: p.hashid, pseudonym: "Paziente-42" },
    });
    const listed = (await manager.get(`activities/surveys/filled/all/${surveyA}?per_page=100`)).json().data as Array<{
      hashid: string;
      user: unknown;
      session: unknown;
    }>;
    expect(listed.find((f) => f.hashid === anonFill)).toMatchObject({
      user: null,
      session: { hashid: a.hashid, pseudonym: null },
    });
    // The citizen of no compilation reads none of them.
    expect((await people.citizen.get(`activities/surveys/filled/get/${anonFill}`)).statusCode).toBe(404);

    // The XLS writes the pseudonym, or that it is anonymous, as "Compilato per".
    const xls = await manager.get(`activities/surveys/filled/xls/${surveyA}`);
    expect(xls.statusCode).toBe(200);
    const ExcelJS = (await import("exceljs")).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const byCode = new Map<string, unknown>();
    sheet?.eachRow((row, n) => {
      if (n > 1) byCode.set(String(row.getCell(1).value), row.getCell(2).value);
    });
    expect(byCode.get(anonFill)).toBe("Anonimo");
    expect(byCode.get(pseudoFill)).toBe("Pseudonimo: Paziente-42");

    // A fill about no one must belong to a compilation (the database refuses a loose one).
    const [template] = rows;
    await expect(
      t.database.db.insert(filledSurveys).values({
        surveyId: template?.surveyId as number,
        surveyVersion: 1,
        template: template?.template as never,
        answers: ["No"],
        userId: null,
        filledBy: pharmacistId,
        companyId: template?.companyId ?? null,
      }),
    ).rejects.toThrow();
  });

  it("lets the citizen fill the next survey of her own in-clear compilation, and nothing else", async () => {
    const session = await newSession({ surveys: [surveyA, surveyB] });
    const c = (await start(pharmacist, session.hashid, { user: maria })).json().data;
    const own = (body: Record<string, unknown>, as = people.citizen) =>
      as.call("POST", "activities/surveys/filled/new", { session_id: c.hashid, ...body });

    // Out of order, not in the session: the survey's 422.
    const early = await own({ survey: surveyB, answers: ["Bene"] });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.survey).toEqual([SESSION_MESSAGES.wrongSurvey]);
    const stranger = await own({ survey: surveyC, answers: ["No"] });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.survey).toEqual([SESSION_MESSAGES.surveyNotInSession]);
    // Someone else's compilation, or none: 404.
    expect((await own({ survey: surveyA, answers: ["No"] }, people.citizen2)).statusCode).toBe(404);
    expect(
      (
        await people.citizen.call("POST", "activities/surveys/filled/new", {
          session_id: ids.encode(999_999),
          survey: surveyA,
          answers: ["No"],
        })
      ).statusCode,
    ).toBe(404);
    // Nothing of the refused ones was stored.
    expect((await pharmacist.get(`filled-survey-sessions/${c.hashid}`)).json().data.progress.submitted).toBe(0);

    // Two sends of the same step at once: one is the compilation's, the other finds it taken.
    const [one, two] = await Promise.all([
      own({ survey: surveyA, answers: ["Sì"] }),
      own({ survey: surveyA, answers: ["No"] }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 422]);
    const saved = (one.statusCode === 201 ? one : two).json().data;
    expect(saved).toMatchObject({
      user: { hashid: maria },
      company: { hashid: pharmacy },
      session: { hashid: c.hashid, pseudonym: null },
    });
    const progressed = (await pharmacist.get(`filled-survey-sessions/${c.hashid}`)).json().data;
    expect(progressed).toMatchObject({ status: "in_corso", progress: { submitted: 1, total: 2 } });
    expect(progressed.fills[0].filled_survey.hashid).toBe(saved.hashid);

    // Not limited to one a day: her own fill of the same survey outside the session still works.
    expect(
      (await people.citizen.call("POST", "activities/surveys/filled/new", { survey: surveyA, answers: ["No"] }))
        .statusCode,
    ).toBe(201);

    // The operator submits the last one; then the compilation is closed to her too.
    const last = await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
      survey_id: surveyB,
      answers: ["Male"],
    });
    expect(last.json().data.status).toBe("completata");
    const closed = await own({ survey: surveyB, answers: ["Bene"] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(SESSION_MESSAGES.compilationClosed);

    // An anonymous compilation is nobody's: 404 for a citizen.
    const anon = await newSession({ type: "anonima", surveys: [surveyA] });
    const a = (await start(pharmacist, anon.hashid)).json().data;
    expect(
      (
        await people.citizen.call("POST", "activities/surveys/filled/new", {
          session_id: a.hashid,
          survey: surveyA,
          answers: ["No"],
        })
      ).statusCode,
    ).toBe(404);
  });

  it("writes an in-clear compilation's scored fill to the patient's score history, an anonymous one's nowhere", async () => {
    const activity = (await manager.call("POST", "activities", { name: "Scale" })).json().data.hashid;
    const phqLike = {
      nome: "Umore PHQ",
      domande: [{ q: "Sentirsi giù", o: ["Mai", "Spesso"], r: true }],
      scoring: { method: "sum", scale: "PHQ-9", points: { "0": { Mai: 0, Spesso: 3 } }, bands: [] },
    };
    const created = await manager.call("POST", "activities/surveys/new", { activity, name: "PHQ", template: phqLike });
    expect(created.statusCode, created.body).toBe(201);
    const survey = created.json().data.hashid as string;
    const mariaId = ids.decode(maria) as number;
    const scores = () => t.database.db.$count(healthScores, eq(healthScores.patientId, mariaId));
    const before = await scores();

    const inClear = await newSession({ surveys: [survey] });
    const c = (await start(pharmacist, inClear.hashid, { user: maria })).json().data;
    const done = await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
      survey_id: survey,
      answers: ["Spesso"],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await scores()).toBe(before + 1);
    const fill = done.json().data.fills[0].filled_survey.hashid as string;
    const sourced = () => t.database.db.$count(healthScores, eq(healthScores.sourceRef, `filled_survey:${fill}`));
    expect(await sourced()).toBe(1);

    const total = () => t.database.db.$count(healthScores);
    const all = await total();
    const anon = await newSession({ type: "anonima", surveys: [survey] });
    const a = (await start(pharmacist, anon.hashid)).json().data;
    const anonDone = await pharmacist.call("POST", `filled-survey-sessions/${a.hashid}/submit-survey`, {
      survey_id: survey,
      answers: ["Spesso"],
    });
    expect(anonDone.statusCode, anonDone.body).toBe(200);
    expect(anonDone.json().data.score).toBe(3);
    expect(await total()).toBe(all);

    // The unsigned in-clear compilation deleted with its fill: the fill's point goes too.
    const deleted = await pharmacist.call("DELETE", `filled-survey-sessions/${c.hashid}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await sourced()).toBe(0);
    expect(await scores()).toBe(before);
  });

  it("links a fill submitted by its id to the compilation; it stays unchangeable; the patient downloads its PDF", async () => {
    const session = await newSession({ surveys: [surveyA, surveyB] });
    const c = (await start(pharmacist, session.hashid, { user: maria })).json().data;
    const fillOf = async (survey: string, answers: string[]) => {
      const res = await pharmacist.call("POST", "activities/surveys/filled/patient", { survey, user: maria, answers });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.session).toBeNull();
      return res.json().data.hashid as string;
    };
    const saved = await fillOf(surveyA, ["No"]);
    const submitted = await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
      survey_id: surveyA,
      filled_survey_id: saved,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.fills[0].filled_survey.hashid).toBe(saved);
    // The fill now names its compilation, as one stored through it does.
    const read = await pharmacist.get(`activities/surveys/filled/get/${saved}`);
    expect(read.json().data.session).toEqual({ hashid: c.hashid, pseudonym: null });
    const [row] = await t.database.db
      .select({ sessionId: filledSurveys.sessionId })
      .from(filledSurveys)
      .where(eq(filledSurveys.id, ids.decode(saved) as number));
    expect(row?.sessionId).toBe(ids.decode(c.hashid));
    const own = (await people.citizen.get(`activities/surveys/filled/user/${maria}?per_page=100`)).json()
      .data as Array<{
      hashid: string;
      session: { hashid: string } | null;
    }>;
    expect(own.find((f) => f.hashid === saved)?.session?.hashid).toBe(c.hashid);
    // Still the compilation's record: neither its writer nor a manager changes or deletes it.
    for (const who of [pharmacist, manager]) {
      const changed = await who.call("PUT", `activities/surveys/filled/${saved}`, { answers: ["Sì"] });
      expect(changed.statusCode, changed.body).toBe(409);
      expect(changed.json().message).toBe(SURVEY_MESSAGES.fillInSession);
      expect((await who.call("DELETE", `activities/surveys/filled/${saved}`)).statusCode).toBe(409);
    }
    // A refused submit (out of order) links nothing.
    const early = await fillOf(surveyA, ["Sì"]);
    expect(
      (
        await pharmacist.call("POST", `filled-survey-sessions/${c.hashid}/submit-survey`, {
          survey_id: surveyA,
          filled_survey_id: early,
        })
      ).statusCode,
    ).toBe(422);
    expect((await pharmacist.get(`activities/surveys/filled/get/${early}`)).json().data.session).toBeNull();

    // The patient's own PDF of each fill of her compilation; someone else's is not found.
    const pdf = await people.citizen.get(`activities/survey/filled/pdf/${saved}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await people.citizen2.get(`activities/survey/filled/pdf/${saved}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`activities/surveys/filled/pdf/${saved}`)).statusCode).toBe(404);
    // Not of an anonymous compilation's fill (about no one): not hers either.
    const anon = await newSession({ type: "anonima", surveys: [surveyA] });
    const a = (await start(pharmacist, anon.hashid)).json().data;
    const anonDone = await pharmacist.call("POST", `filled-survey-sessions/${a.hashid}/submit-survey`, {
      survey_id: surveyA,
      answers: ["No"],
    });
    const anonFill = anonDone.json().data.fills[0].filled_survey.hashid as string;
    expect((await people.citizen.get(`activities/survey/filled/pdf/${anonFill}`)).statusCode).toBe(404);
  });
});
