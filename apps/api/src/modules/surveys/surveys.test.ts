import { OPERATOR_PERMISSIONS, SURVEY_MESSAGES, SURVEY_TEMPLATE_MESSAGES } from "@cura/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPng } from "../../../test/files-fixtures.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { type Caller, demoCallers, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** Farmacia San Marco: a manager, an administering operator; and the monitoring room's manager. */
let manager: Caller;
let administering: Caller;
let roomManager: Caller;
let pharmacy: string;
let room: string;
let maria: string;

const template = {
  nome: "Screening cardiovascolare",
  info: "Acconsento al trattamento dei dati",
  domande: [
    { q: "Fumi?", o: ["Sì", "No"], r: true },
    { q: "Quante sigarette al giorno?", o: [], r: true, si: { index: 0, response: "Sì" } },
    { q: "Sintomi", o: ["Affanno", "Dolore al petto", "Palpitazioni"], cb: true },
    { q: "Referto", o: "file", fa: ["image/png"] },
  ],
  scoring: {
    method: "sum",
    points: { "0": { Sì: 2, No: 0 }, "2": { Affanno: 1, "Dolore al petto": 3 } },
    bands: [
      { min: 0, max: 2, label: "Basso" },
      { min: 3, max: 100, label: "Alto" },
    ],
  },
};

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  room = await ownCompanyHashid(people.roomAdmin);
  manager = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.manageActivities]);
  administering = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.administerSurveys]);
  roomManager = await operatorOf(t, room, [OPERATOR_PERMISSIONS.manageActivities]);
  maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
  // Maria becomes a patient of the pharmacy as at the counter: the operator records her consent.
  const linked = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
  expect(linked.statusCode, linked.body).toBe(200);
});
afterAll(() => t.close());

async function newActivity(as: Caller, name = "Screening 2026") {
  const res = await as.call("POST", "activities", { name, description: "Campagna", start_date: "2026-01-01" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.hashid as string;
}

async function newSurvey(as: Caller, activity: string, body: Record<string, unknown> = {}) {
  const res = await as.call("POST", "activities/surveys/new", { activity, name: "Cuore", template, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.hashid as string;
}

describe("activities", () => {
  it("lets managers create and edit their company's activities; others see nothing of them", async () => {
    const hash = await newActivity(manager);
    const got = await manager.get(`activities/${hash}`);
    expect(got.json().data).toMatchObject({ name: "Screening 2026", status: "attiva", surveys_count: 0 });
    expect(got.json().data.company.hashid).toBe(pharmacy);

    // 'somministrare questionari' reads but does not manage; no permission at all: 403.
    expect((await administering.get(`activities/${hash}`)).statusCode).toBe(200);
    expect((await administering.call("PUT", `activities/${hash}`, { name: "X" })).statusCode).toBe(403);
    expect((await administering.call("POST", "activities", { name: "X" })).statusCode).toBe(403);
    expect((await people.pharmacyOperator.get("activities")).statusCode).toBe(403);
    expect((await people.citizen.get("activities")).statusCode).toBe(403);

    // Another company's operators: as if it did not exist.
    expect((await roomManager.get(`activities/${hash}`)).statusCode).toBe(404);
    expect((await roomManager.call("DELETE", `activities/${hash}`)).statusCode).toBe(404);
    const roomList = (await roomManager.get("activities?per_page=100")).json().data as Array<{ hashid: string }>;
    expect(roomList.some((a) => a.hashid === hash)).toBe(false);

    const edited = await manager.call("PUT", `activities/${hash}`, {
      name: "Screening 2026 bis",
      start_date: "2026-02-01",
      end_date: "2026-03-01",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: "Screening 2026 bis", end_date: "2026-03-01" });

    const list = await manager.get("activities?q=bis");
    expect(list.json().data.map((a: { hashid: string }) => a.hashid)).toContain(hash);
    expect(list.json().meta).toMatchObject({ page: 1, per_page: 20 });

    const status = await manager.call("PUT", `activities/status/update/${hash}`, { status: "sospesa" });
    expect(status.json().data.status).toBe("sospesa");

    expect((await manager.call("DELETE", `activities/${hash}`)).statusCode).toBe(200);
    expect((await manager.get(`activities/${hash}`)).statusCode).toBe(404);
  });

  it("answers 422 with the field for bad input", async () => {
    const empty = await manager.call("POST", "activities", { name: "" });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toBeDefined();
    const dates = await manager.call("POST", "activities", {
      name: "A",
      start_date: "2026-05-01",
      end_date: "2026-04-01",
    });
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors.end_date).toEqual([SURVEY_MESSAGES.endBeforeStart]);
    const status = await manager.call("PUT", `activities/status/update/${await newActivity(manager)}`, { status: "x" });
    expect(status.statusCode).toBe(422);
  });

  it("lets administrators enable a platform activity per company", async () => {
    const hash = await newActivity(people.admin, "Campagna regionale");
    expect((await people.admin.get(`activities/${hash}`)).json().data.company).toBeNull();
    // Not enabled for the pharmacy yet: its operators do not see it.
    expect((await manager.get(`activities/${hash}`)).statusCode).toBe(404);
    expect(
      (await manager.call("POST", `activities/enable/${hash}`, { company_id: pharmacy, enabled: true })).statusCode,
    ).toBe(403);

    const unknown = await people.admin.call("POST", `activities/enable/${hash}`, {
      company_id: "zzzzzz",
      enabled: true,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.company_id).toEqual([SURVEY_MESSAGES.companyUnknown]);

    const enabled = await people.admin.call("POST", `activities/enable/${hash}`, {
      company_id: pharmacy,
      enabled: true,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await manager.get(`activities/${hash}`)).statusCode).toBe(200);
    // Shared with the company, not its own: read, not edited.
    expect((await manager.call("PUT", `activities/${hash}`, { name: "Mia" })).statusCode).toBe(403);

    await people.admin.call("POST", `activities/enable/${hash}`, { company_id: pharmacy, enabled: false });
    const disabled = await manager.get(`activities/${hash}`);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe(SURVEY_MESSAGES.notEnabled);

    const listed = await people.admin.get(`activities/abilitate/list/${hash}`);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ company: expect.objectContaining({ hashid: pharmacy }), enabled: false }),
    ]);
    expect((await manager.get(`activities/abilitate/list/${hash}`)).statusCode).toBe(403);

    const status = await people.admin.call("PUT", `activities/status/update/${hash}`, { status: "conclusa" });
    expect(status.json().data.status).toBe("conclusa");
  });
});

describe("surveys", () => {
  it("builds, versions, activates and lists surveys; the template's rules are the field's 422", async () => {
    const activity = await newActivity(manager, "Raccolta questionari");
    const bad = await manager.call("POST", "activities/surveys/new", {
      activity,
      name: "Cattivo",
      template: {
        nome: "x",
        domande: [
          { q: "A", o: [], si: { index: 1, response: "Sì" } },
          { q: "B", o: ["Sì", "No"] },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors["template.domande.0.si.index"]).toEqual([SURVEY_TEMPLATE_MESSAGES.conditionOrder]);
    expect(
      (await administering.call("POST", "activities/surveys/new", { activity, name: "x", template })).statusCode,
    ).toBe(403);

    const hash = await newSurvey(manager, activity, { informativa: "Informativa privacy" });
    const got = (await administering.get(`activities/surveys/get/${hash}`)).json().data;
    expect(got).toMatchObject({ name: "Cuore", version: 1, active: true, questions_count: 4 });
    expect(got.template.domande[1].si).toEqual({ index: 0, response: "Sì" });
    expect((await roomManager.get(`activities/surveys/get/${hash}`)).statusCode).toBe(404);

    const info = (await people.citizen.get(`activities/surveys/${hash}/informativa`)).json().data;
    expect(info).toMatchObject({ informativa: "Informativa privacy", info: template.info });

    const edited = await manager.call("PUT", `activities/surveys/edit/${hash}`, {
      name: "Cuore 2",
      template: { ...template, domande: [...template.domande, { q: "Note", o: [] }] },
    });
    expect(edited.json().data).toMatchObject({ name: "Cuore 2", version: 2, questions_count: 5 });

    const off = await manager.call("PUT", `activities/surveys/active/update/${hash}`, { active: false });
    expect(off.json().data.active).toBe(false);
    expect((await people.citizen.get(`activities/surveys/get/${hash}`)).statusCode).toBe(404);
    await manager.call("PUT", `activities/surveys/active/update/${hash}`, { active: true });
    expect((await people.citizen.get(`activities/surveys/get/${hash}`)).statusCode).toBe(200);

    const own = (await administering.get("activities/own/surveys?per_page=100")).json();
    expect(own.data.map((s: { hashid: string }) => s.hashid)).toContain(hash);
    const withSurveys = (await administering.get("companies/own/activities/with-surveys?per_page=100")).json().data;
    const entry = withSurveys.find((a: { hashid: string }) => a.hashid === activity);
    expect(entry.surveys.map((s: { hashid: string }) => s.hashid)).toEqual([hash]);
    expect((await people.pharmacyOperator.get("activities/own/surveys")).statusCode).toBe(403);
    // The activity counts its own surveys (the subquery once compared each survey with itself).
    await newSurvey(manager, activity, { name: "Secondo" });
    expect((await manager.get(`activities/${activity}`)).json().data.surveys_count).toBe(2);
  });

  it("enables platform surveys per company only within an enabled activity", async () => {
    const activity = await newActivity(people.admin, "Campagna PHQ-9");
    const hash = await newSurvey(people.admin, activity);
    const early = await people.admin.call("POST", `activities/surveys/enable/${hash}`, {
      company_id: room,
      enabled: true,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.company_id).toEqual([SURVEY_MESSAGES.activityNotEnabled]);
    await people.admin.call("POST", `activities/enable/${activity}`, { company_id: room, enabled: true });
    expect((await roomManager.get(`activities/surveys/get/${hash}`)).statusCode).toBe(404);
    const enabled = await people.admin.call("POST", `activities/surveys/enable/${hash}`, {
      company_id: room,
      enabled: true,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await roomManager.get(`activities/surveys/get/${hash}`)).statusCode).toBe(200);
    // The administrators' status, beside the managers' active flag.
    const suspended = await people.admin.call("PUT", `activities/surveys/status/update/${hash}`, { status: "sospeso" });
    expect(suspended.json().data.status).toBe("sospeso");
    expect((await people.citizen.get(`activities/surveys/get/${hash}`)).statusCode).toBe(404);
    expect(
      (await roomManager.call("PUT", `activities/surveys/status/update/${hash}`, { status: "attivo" })).statusCode,
    ).toBe(403);
  });
});

describe("fills", () => {
  let activity: string;
  let survey: string;
  beforeAll(async () => {
    activity = await newActivity(manager, "Raccolta compilazioni");
    survey = await newSurvey(manager, activity);
  });

  it("re-checks a citizen's fill: required answers, options, hidden answers dropped; scores it", async () => {
    const missing = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["Sì", null, null, null],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors["answers.1"]).toEqual([SURVEY_TEMPLATE_MESSAGES.answerRequired]);
    const notAnOption = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["Forse", null, null, null],
    });
    expect(notAnOption.json().errors["answers.0"]).toEqual([SURVEY_TEMPLATE_MESSAGES.answerNotAnOption]);
    const count = await people.citizen.call("POST", "activities/surveys/filled/new", { survey, answers: ["No"] });
    expect(count.json().errors.answers).toEqual([SURVEY_TEMPLATE_MESSAGES.answersCount]);

    // "No": the cigarettes question is hidden, its answer dropped.
    const saved = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["No", "20", ["Affanno", "Dolore al petto"], null],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const fill = saved.json().data;
    expect(fill.template.domande.map((q: { a: unknown }) => q.a)).toEqual([
      "No",
      null,
      ["Affanno", "Dolore al petto"],
      null,
    ]);
    expect(fill).toMatchObject({ score: 4, score_band: "Alto", user: { hashid: maria } });

    // Readers: the person, the company's managers; not another citizen, another company, or the
    // administering operator who did not write it.
    expect((await people.citizen.get(`activities/surveys/filled/get/${fill.hashid}`)).statusCode).toBe(200);
    expect((await manager.get(`activities/surveys/filled/get/${fill.hashid}`)).statusCode).toBe(200);
    expect((await people.citizen2.get(`activities/surveys/filled/get/${fill.hashid}`)).statusCode).toBe(404);
    expect((await roomManager.get(`activities/surveys/filled/get/${fill.hashid}`)).statusCode).toBe(404);
    expect((await administering.get(`activities/surveys/filled/get/${fill.hashid}`)).statusCode).toBe(404);

    const all = (await manager.get(`activities/surveys/filled/all/${survey}`)).json();
    expect(all.data.map((f: { hashid: string }) => f.hashid)).toContain(fill.hashid);
    expect((await administering.get(`activities/surveys/filled/all/${survey}`)).statusCode).toBe(403);
    const own = (await people.citizen.get(`activities/surveys/filled/user/${maria}`)).json();
    expect(own.data.map((f: { hashid: string }) => f.hashid)).toContain(fill.hashid);
    expect((await people.citizen2.get(`activities/surveys/filled/user/${maria}`)).statusCode).toBe(404);
  });

  it("keeps old fills readable after the survey is edited", async () => {
    const hash = await newSurvey(manager, activity);
    const fill = (
      await people.citizen.call("POST", "activities/surveys/filled/new", {
        survey: hash,
        answers: ["Sì", "5", null, null],
      })
    ).json().data;
    await manager.call("PUT", `activities/surveys/edit/${hash}`, {
      name: "Cuore",
      template: { nome: "Nuovo", domande: [{ q: "Solo una", o: [] }] },
    });
    const read = (await manager.get(`activities/surveys/filled/get/${fill.hashid}`)).json().data;
    expect(read.template.nome).toBe(template.nome);
    expect(read.template.domande[1]).toMatchObject({ q: "Quante sigarette al giorno?", a: "5" });
    // Its answers are changed against the template it answered.
    const changed = await people.citizen.call("PUT", `activities/surveys/filled/${fill.hashid}`, {
      answers: ["No", null, ["Palpitazioni"], null],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.score).toBe(0);
  });

  it("lets an operator fill for a patient of the company only", async () => {
    const saved = await administering.call("POST", "activities/surveys/filled/patient", {
      survey,
      user: maria,
      answers: ["Sì", "10", null, null],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const fill = saved.json().data;
    expect(fill.filled_by).not.toBeNull();
    expect(fill.company.hashid).toBe(pharmacy);
    expect((await administering.get(`activities/surveys/filled/get/${fill.hashid}`)).statusCode).toBe(200);
    const list = (await administering.get(`activities/surveys/filled/user/${maria}`)).json();
    expect(list.data.map((f: { hashid: string }) => f.hashid)).toEqual([fill.hashid]);

    const stranger = await people.citizen2.get("users/fresh/me");
    const notPatient = await administering.call("POST", "activities/surveys/filled/patient", {
      survey,
      user: stranger.json().data.hashid,
      answers: ["No", null, null, null],
    });
    expect(notPatient.statusCode).toBe(404);
    expect(
      (
        await people.pharmacyOperator.call("POST", "activities/surveys/filled/patient", {
          survey,
          user: maria,
          answers: ["No", null, null, null],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await roomManager.call("POST", "activities/surveys/filled/patient", {
          survey,
          user: maria,
          answers: ["No", null, null, null],
        })
      ).statusCode,
    ).toBe(404);

    // Only an active survey of an active activity takes fills.
    await manager.call("PUT", `activities/status/update/${activity}`, { status: "sospesa" });
    const closed = await administering.call("POST", "activities/surveys/filled/patient", {
      survey,
      user: maria,
      answers: ["No", null, null, null],
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(SURVEY_MESSAGES.activityClosed);
    await manager.call("PUT", `activities/status/update/${activity}`, { status: "attiva" });

    // The activity with fills cannot be deleted.
    const refused = await manager.call("DELETE", `activities/${activity}`);
    expect(refused.statusCode).toBe(409);
  });

  it("attaches only the filler's own uploads, readable by the fill's readers and kept while used", async () => {
    const upload = async (as: Caller) => {
      const body = multipart([
        { name: "file", filename: "referto.png", content: tinyPng, type: "image/png" },
        { name: "destination", value: "questionari" },
      ]);
      const res = await t.request({
        method: "POST",
        url: "/api/v1/resources/public",
        token: as.token,
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return [res.json().data].flat()[0].hashid as string;
    };
    // A survey of its own: Maria's own fills are one per survey and day.
    const survey = await newSurvey(manager, activity);
    const others = await upload(people.citizen2);
    const stolen = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["No", null, null, others],
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors["answers.3"]).toEqual([SURVEY_MESSAGES.fileNotYours]);

    const file = await upload(people.citizen);
    const saved = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["No", null, null, file],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const fill = saved.json().data.hashid as string;
    const read = await manager.get(`resources/private/${file}`);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(tinyPng)).toBe(true);
    expect((await roomManager.get(`resources/private/${file}`)).statusCode).toBe(404);

    // Deleting the fill deletes the file it alone used.
    expect((await people.citizen2.call("DELETE", `activities/surveys/filled/${fill}`)).statusCode).toBe(404);
    expect((await people.citizen.call("DELETE", `activities/surveys/filled/${fill}`)).statusCode).toBe(200);
    expect((await people.citizen.get(`resources/private/${file}`)).statusCode).toBe(404);
  });

  it("exports a fill as PDF and a survey's fills as XLS, to their readers only", async () => {
    const fill = (
      await people.citizen2.call("POST", "activities/surveys/filled/new", {
        survey,
        answers: ["Sì", "3", ["Affanno"], null],
      })
    ).json().data.hashid as string;
    const pdf = await manager.get(`activities/surveys/filled/pdf/${fill}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    expect((await people.citizen2.get(`activities/survey/filled/pdf/${fill}`)).statusCode).toBe(200);
    // The filler's own PDF route is the person's only, even for a manager who reads the fill.
    expect((await manager.get(`activities/survey/filled/pdf/${fill}`)).statusCode).toBe(404);
    expect((await roomManager.get(`activities/surveys/filled/pdf/${fill}`)).statusCode).toBe(404);

    const xls = await manager.get(`activities/surveys/filled/xls/${survey}`);
    expect(xls.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(5).value).toBe("Fumi?");
    const rows = (sheet?.rowCount ?? 0) - 1;
    const total = (await manager.get(`activities/surveys/filled/all/${survey}`)).json().meta.total;
    expect(rows).toBe(total);
    expect((await administering.get(`activities/surveys/filled/xls/${survey}`)).statusCode).toBe(403);
    expect((await roomManager.get(`activities/surveys/filled/xls/${survey}`)).statusCode).toBe(404);
  });
});
