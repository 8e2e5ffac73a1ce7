import { OPERATOR_PERMISSIONS, SURVEY_MESSAGES, SURVEY_TEMPLATE_MESSAGES } from "@cura/domain";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { type Caller, caller, demoCallers, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";
import { SURVEY_DRAFTS_PURGE_JOB } from "./drafts.ts";
import { filledSurveys, surveyDrafts } from "./tables.ts";

/**
 * Save and resume (issue 13 "Beyond the spec"), the daily limit on a citizen's own fills, and the
 * filler's name in the fill lists and exports.
 */
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const decode = (hashid: string) => ids.decode(hashid) as number;

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let manager: Caller;
let activity: string;

const template = {
  nome: "Stili di vita",
  domande: [
    { q: "Fumi?", o: ["Sì", "No"], r: true },
    { q: "Quante sigarette?", o: [], r: true, si: { index: 0, response: "Sì" } },
    { q: "Note", o: [] },
  ],
};

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  manager = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.manageActivities]);
  activity = (await manager.call("POST", "activities", { name: "Stili di vita" })).json().data.hashid;
});
afterAll(() => t.close());

async function newSurvey(name = "Stili di vita") {
  const res = await manager.call("POST", "activities/surveys/new", { activity, name, template });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.hashid as string;
}

const draftOf = (as: Caller, survey: string) => as.get(`activities/surveys/draft/${survey}`);
const saveDraft = (as: Caller, survey: string, answers: unknown[], next_index: number) =>
  as.call("PUT", `activities/surveys/draft/${survey}`, { answers, next_index });

describe("drafts", () => {
  it("saves at each next and gives the answers back on another device; the fill consumes the draft", async () => {
    const survey = await newSurvey();
    expect((await draftOf(people.citizen, survey)).json()).toEqual({ data: null });

    const first = await saveDraft(people.citizen, survey, ["Sì", null, null], 1);
    expect(first.statusCode, first.body).toBe(200);
    const second = await saveDraft(people.citizen, survey, ["Sì", "10", null], 2);
    expect(second.json().data).toMatchObject({
      survey: { hashid: survey },
      answers: ["Sì", "10", null],
      next_index: 2,
    });

    // Another device: a new sign-in of the same person reads the last save.
    const otherDevice = caller(t, await t.login(accounts.citizen));
    const resumed = (await draftOf(otherDevice, survey)).json().data;
    expect(resumed.answers).toEqual(["Sì", "10", null]);
    expect(resumed.next_index).toBe(2);
    expect(new Date(resumed.expires_at).getTime() - new Date(resumed.updated_at).getTime()).toBe(30 * 86_400_000);

    // Another citizen has no draft of their own, and never sees Maria's.
    expect((await draftOf(people.citizen2, survey)).json().data).toBeNull();

    // One row per person and survey however many saves.
    const rows = await t.database.db
      .select()
      .from(surveyDrafts)
      .where(sql`${surveyDrafts.surveyId} = ${decode(survey)}`);
    expect(rows).toHaveLength(1);

    const filled = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["Sì", "10", "Nessuna"],
    });
    expect(filled.statusCode, filled.body).toBe(201);
    expect((await draftOf(people.citizen, survey)).json().data).toBeNull();
  });

  it("refuses answers the fill would refuse, a wrong length, and surveys the citizen may not fill", async () => {
    const survey = await newSurvey("Bozze non valide");
    const notAnOption = await saveDraft(people.citizen, survey, ["Forse", null, null], 1);
    expect(notAnOption.statusCode).toBe(422);
    expect(notAnOption.json().errors["answers.0"]).toEqual([SURVEY_TEMPLATE_MESSAGES.answerNotAnOption]);
    const count = await saveDraft(people.citizen, survey, ["Sì"], 1);
    expect(count.json().errors.answers).toEqual([SURVEY_TEMPLATE_MESSAGES.answersCount]);
    const index = await saveDraft(people.citizen, survey, ["Sì", null, null], 3);
    expect(index.statusCode).toBe(422);
    expect(index.json().errors.next_index).toEqual([SURVEY_MESSAGES.draftIndex]);
    const typed = await people.citizen.call("PUT", `activities/surveys/draft/${survey}`, { answers: [1, 2, 3] });
    expect(typed.statusCode).toBe(422);
    // A required answer may still be missing in a draft.
    expect((await saveDraft(people.citizen, survey, [null, null, "Solo una nota"], 0)).statusCode).toBe(200);

    // An unknown or closed survey: 404; operators and administrators keep no drafts here.
    expect((await draftOf(people.citizen, "kZ3Gx7Qa")).statusCode).toBe(404);
    await manager.call("PUT", `activities/surveys/active/update/${survey}`, { active: false });
    expect((await draftOf(people.citizen, survey)).statusCode).toBe(404);
    expect((await saveDraft(people.citizen, survey, ["Sì", null, null], 1)).statusCode).toBe(404);
    await manager.call("PUT", `activities/surveys/active/update/${survey}`, { active: true });
    expect((await draftOf(manager, survey)).statusCode).toBe(403);
    expect((await draftOf(people.admin, survey)).statusCode).toBe(403);
  });

  it("keeps the last of two racing saves as the one draft", async () => {
    const survey = await newSurvey("Salvataggi paralleli");
    const saves = await Promise.all([
      saveDraft(people.citizen, survey, ["Sì", null, null], 1),
      saveDraft(people.citizen, survey, ["No", null, null], 2),
      saveDraft(people.citizen, survey, ["Sì", "3", null], 2),
    ]);
    expect(saves.map((s) => s.statusCode)).toEqual([200, 200, 200]);
    const id = decode(survey);
    const rows = await t.database.db.select().from(surveyDrafts).where(sql`${surveyDrafts.surveyId} = ${id}`);
    expect(rows).toHaveLength(1);
  });

  it("does not offer a draft of an edited survey, nor one older than 30 days, which the nightly job removes", async () => {
    const survey = await newSurvey("Bozze vecchie");
    await saveDraft(people.citizen, survey, ["No", null, null], 2);
    await saveDraft(people.citizen2, survey, ["Sì", null, null], 1);
    const id = decode(survey);

    const maria = decode((await people.citizen.get("users/fresh/me")).json().data.hashid);
    await t.database.db.execute(
      sql`update survey_drafts set updated_at = now() - interval '31 days' where survey_id = ${id} and user_id = ${maria}`,
    );
    expect((await draftOf(people.citizen, survey)).json().data).toBeNull();
    expect((await draftOf(people.citizen2, survey)).json().data).not.toBeNull();
    await t.app.jobs.runNow(SURVEY_DRAFTS_PURGE_JOB);
    const left = await t.database.db.select().from(surveyDrafts).where(sql`${surveyDrafts.surveyId} = ${id}`);
    expect(left).toHaveLength(1);

    // The survey's questions change: the old draft no longer lines up and is not offered.
    await manager.call("PUT", `activities/surveys/edit/${survey}`, {
      name: "Bozze vecchie",
      template: { nome: "Nuovo", domande: [{ q: "Altra domanda", o: [] }] },
    });
    expect((await draftOf(people.citizen2, survey)).json().data).toBeNull();
  });

  it("lets the citizen discard a draft to start over", async () => {
    const survey = await newSurvey("Ricomincia");
    await saveDraft(people.citizen, survey, ["No", null, null], 2);
    const removed = await people.citizen.call("DELETE", `activities/surveys/draft/${survey}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(SURVEY_MESSAGES.draftDeleted);
    expect((await draftOf(people.citizen, survey)).json().data).toBeNull();
  });
});

describe("one own fill per person, survey and day", () => {
  it("refuses a second fill the same day, also when two race; another person or another day is fine", async () => {
    const survey = await newSurvey("Una al giorno");
    const send = (as: Caller) =>
      as.call("POST", "activities/surveys/filled/new", { survey, answers: ["No", null, null] });
    const racing = await Promise.all([send(people.citizen), send(people.citizen)]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = racing.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe(SURVEY_MESSAGES.dailyLimit);
    expect((await send(people.citizen2)).statusCode).toBe(201);

    // Yesterday's fill leaves today free.
    const id = decode(survey);
    await t.database.db
      .update(filledSurveys)
      .set({ ownDay: sql`${filledSurveys.ownDay} - 1` })
      .where(sql`${filledSurveys.surveyId} = ${id}`);
    expect((await send(people.citizen)).statusCode).toBe(201);

    const fills = (await manager.get(`activities/surveys/filled/all/${survey}`)).json();
    expect(fills.meta.total).toBe(3);
  });
});

describe("the filler's name", () => {
  it("names the person in the fill lists and the XLS exports instead of a code", async () => {
    const survey = await newSurvey("Con nome");
    const maria = (await people.citizen.get("users/fresh/me")).json().data;
    const saved = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["No", null, null],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // The demo citizen Maria Rossi, "Cognome Nome".
    const fullName = "Rossi Maria";
    expect(saved.json().data.user).toEqual({ hashid: maria.hashid, name: fullName });

    const list = (await manager.get(`activities/surveys/filled/all/${survey}`)).json().data;
    expect(list[0].user).toEqual({ hashid: maria.hashid, name: fullName });
    expect(list[0].filled_by.name).toBe(fullName);
    const own = (await people.citizen.get(`activities/surveys/filled/user/${maria.hashid}`)).json().data;
    expect(own.find((f: { hashid: string }) => f.hashid === saved.json().data.hashid).user.name).toBe(fullName);

    const xls = await manager.get(`activities/surveys/filled/xls/${survey}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe("Compilato per");
    expect(sheet?.getRow(2).getCell(2).value).toBe(fullName);

    const report = await people.admin.get(`activities/report/filled/xls/${activity}`);
    expect(report.statusCode).toBe(200);
    const reportBook = new ExcelJS.Workbook();
    await reportBook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const reportSheet = reportBook.worksheets[0];
    const names = (reportSheet?.getColumn(3).values ?? []).slice(2);
    expect(names).toContain(fullName);
    const byActivity = (await people.admin.get(`activities/surveys/filled/activity/${activity}`)).json().data;
    expect(byActivity.map((f: { user: { name: string } }) => f.user.name)).toContain(fullName);
  });
});
