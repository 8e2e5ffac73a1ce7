import { OPERATOR_PERMISSIONS, SURVEY_MESSAGES } from "@cura/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { type Caller, demoCallers, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";
import { testIds } from "../notifications/test-helpers.ts";
import { filledSurveys } from "./tables.ts";

/** An activity's fills and reports (issue 13): administrators all companies', a manager their company's. */
let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let manager: Caller;
let roomManager: Caller;
let pharmacy: string;
let room: string;
let activity: string;
let first: string;
let second: string;
const fills: string[] = [];

const yesNo = (nome: string) => ({ nome, domande: [{ q: `${nome}: stai bene?`, o: ["Sì", "No"], r: true }] });

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  room = await ownCompanyHashid(people.roomAdmin);
  manager = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.manageActivities]);
  roomManager = await operatorOf(t, room, [OPERATOR_PERMISSIONS.manageActivities]);
  // A platform activity with two surveys, enabled for both companies.
  activity = (await people.admin.call("POST", "activities", { name: "Campagna regionale" })).json().data.hashid;
  first = (
    await people.admin.call("POST", "activities/surveys/new", { activity, name: "Primo", template: yesNo("Primo") })
  ).json().data.hashid;
  second = (
    await people.admin.call("POST", "activities/surveys/new", { activity, name: "Secondo", template: yesNo("Secondo") })
  ).json().data.hashid;
  for (const company of [pharmacy, room]) {
    await people.admin.call("POST", `activities/enable/${activity}`, { company_id: company, enabled: true });
    for (const survey of [first, second])
      await people.admin.call("POST", `activities/surveys/enable/${survey}`, { company_id: company, enabled: true });
  }
  const maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
  const giuseppe = (await people.citizen2.get("users/fresh/me")).json().data.hashid;
  const linked = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
  expect(linked.statusCode, linked.body).toBe(200);
  const fill = async (as: Caller, survey: string, user: string, answer: string) => {
    const res = await as.call("POST", "activities/surveys/filled/patient", { survey, user, answers: [answer] });
    expect(res.statusCode, res.body).toBe(201);
    fills.push(res.json().data.hashid);
  };
  await fill(manager, first, maria, "Sì");
  await fill(manager, second, maria, "No");
  // The room's fill (Giuseppe's, kept by the room) was made in 2025: the date filters leave it out.
  const surveyRow = (await people.admin.get(`activities/surveys/get/${first}`)).json().data;
  const [row] = await t.database.db
    .insert(filledSurveys)
    .values({
      surveyId: testIds.decode(first) as number,
      surveyVersion: 1,
      template: surveyRow.template,
      answers: ["No"],
      userId: testIds.decode(giuseppe) as number,
      filledBy: testIds.decode(giuseppe) as number,
      companyId: testIds.decode(room) as number,
      createdAt: new Date("2025-06-15T10:00:00Z"),
    })
    .returning({ id: filledSurveys.id });
  fills.push(testIds.encode((row as { id: number }).id));
});
afterAll(() => t.close());

describe("activities/surveys/filled/activity", () => {
  it("lists an activity's fills across its surveys to administrators, with filters", async () => {
    const all = await people.admin.get(`activities/surveys/filled/activity/${activity}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta.total).toBe(3);
    expect(new Set(all.json().data.map((f: { survey: { name: string } }) => f.survey.name))).toEqual(
      new Set(["Primo", "Secondo"]),
    );
    const pharmacyOnly = (
      await people.admin.get(`activities/surveys/filled/activity/${activity}?company=${pharmacy}`)
    ).json();
    expect(pharmacyOnly.meta.total).toBe(2);
    const in2025 = (
      await people.admin.get(`activities/surveys/filled/activity/${activity}?date_from=2025-06-15&date_to=2025-06-15`)
    ).json();
    expect(in2025.data.map((f: { hashid: string }) => f.hashid)).toEqual([fills[2]]);
    const paged = (await people.admin.get(`activities/surveys/filled/activity/${activity}?per_page=1&page=2`)).json();
    expect(paged.data).toHaveLength(1);

    const dates = await people.admin.get(
      `activities/surveys/filled/activity/${activity}?date_from=2026-02-01&date_to=2026-01-01`,
    );
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors.date_to).toEqual([SURVEY_MESSAGES.endBeforeStart]);
    const unknown = await people.admin.get(`activities/surveys/filled/activity/${activity}?company=kZ3Gx7Qa`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.company).toEqual([SURVEY_MESSAGES.companyUnknown]);
    expect((await people.admin.get("activities/surveys/filled/activity/kZ3Gx7Qa")).statusCode).toBe(404);
    expect((await manager.get(`activities/surveys/filled/activity/${activity}`)).statusCode).toBe(403);
  });
});

describe("activity reports", () => {
  const sheetOf = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook.worksheets[0] as ExcelJS.Worksheet;
  };

  it("gives the PDF of an activity's figures", async () => {
    const pdf = await people.admin.get(`activities/report/filled/pdf/${activity}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    expect((await manager.get(`activities/report/filled/pdf/${activity}`)).statusCode).toBe(200);
    expect((await people.pharmacyOperator.get(`activities/report/filled/pdf/${activity}`)).statusCode).toBe(403);
    expect((await people.citizen.get(`activities/report/filled/pdf/${activity}`)).statusCode).toBe(403);
  });

  it("streams the XLS: a row per fill, a column per question of each survey; filters; a manager's company only", async () => {
    const xls = await people.admin.get(`activities/report/filled/xls/${activity}`);
    expect(xls.statusCode).toBe(200);
    const sheet = await sheetOf(xls.rawPayload);
    expect(sheet.getRow(1).getCell(7).value).toBe("Primo: Primo: stai bene?");
    expect(sheet.getRow(1).getCell(8).value).toBe("Secondo: Secondo: stai bene?");
    expect(sheet.rowCount - 1).toBe(3);
    const firstRow = sheet.getRow(2);
    expect(firstRow.getCell(2).value).toBe("Primo");
    expect(firstRow.getCell(7).value).toBe("Sì");
    expect(firstRow.getCell(8).value ?? "").toBe("");

    const filtered = await people.admin.call("POST", `activities/report/filled/xls/${activity}`, {
      date_from: "2026-01-01",
      company: pharmacy,
    });
    expect(filtered.statusCode).toBe(200);
    expect((await sheetOf(filtered.rawPayload)).rowCount - 1).toBe(2);
    const bad = await people.admin.call("POST", `activities/report/filled/xls/${activity}`, { date_from: "ieri" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["date_from"]);

    // A manager: only their company's fills, whatever company they name.
    const own = await roomManager.call("POST", `activities/report/filled/xls/${activity}`, { company: pharmacy });
    expect(own.statusCode).toBe(200);
    expect((await sheetOf(own.rawPayload)).rowCount - 1).toBe(1);
    const administering = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.administerSurveys]);
    expect((await administering.get(`activities/report/filled/xls/${activity}`)).statusCode).toBe(403);
  });
});
