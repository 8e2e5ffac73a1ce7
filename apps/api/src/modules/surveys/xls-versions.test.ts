import { OPERATOR_PERMISSIONS } from "@cura/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { type Caller, demoCallers, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";

/**
 * The XLS exports read each fill against the template it answered (a template read once per survey
 * version, not carried by each row), its answers under the current template's columns by question text.
 */
let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let manager: Caller;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  manager = await operatorOf(t, await ownCompanyHashid(people.pharmacyAdmin), [OPERATOR_PERMISSIONS.manageActivities]);
});
afterAll(() => t.close());

async function sheetOf(path: string, method: "GET" | "POST" = "GET") {
  const response = await manager.call(method, path, method === "POST" ? {} : undefined);
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  const width = sheet?.columnCount ?? 0;
  // An empty cell reads back as no value: "" as the export wrote it.
  sheet?.eachRow((row) => {
    rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).value ?? ""));
  });
  return rows;
}

describe("XLS of fills of several versions", () => {
  it("puts each version's answers under the current questions, moved or removed", async () => {
    const activity = (await manager.call("POST", "activities", { name: "Versioni" })).json().data.hashid as string;
    const v1 = {
      nome: "Stili di vita",
      domande: [
        { q: "Fumi?", o: ["Sì", "No"], r: true },
        { q: "Note", o: [] },
        { q: "Tolta", o: [] },
      ],
    };
    const created = await manager.call("POST", "activities/surveys/new", { activity, name: "Stili", template: v1 });
    expect(created.statusCode, created.body).toBe(201);
    const survey = created.json().data.hashid as string;
    const old = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["Sì", "poche", "sparisce"],
    });
    expect(old.statusCode, old.body).toBe(201);
    // Version 2: the note first, a new question, the first one last; "Tolta" removed.
    const v2 = {
      nome: "Stili di vita",
      domande: [
        { q: "Note", o: [] },
        { q: "Sport?", o: ["Sì", "No"] },
        { q: "Fumi?", o: ["Sì", "No"], r: true },
      ],
    };
    const edited = await manager.call("PUT", `activities/surveys/edit/${survey}`, { name: "Stili", template: v2 });
    expect(edited.json().data.version).toBe(2);
    const recent = await people.citizen2.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["molte", "No", "No"],
    });
    expect(recent.statusCode, recent.body).toBe(201);

    const rows = await sheetOf(`activities/surveys/filled/xls/${survey}`);
    expect(rows[0]?.slice(4)).toEqual(["Note", "Sport?", "Fumi?"]);
    const byCode = new Map(rows.slice(1).map((r) => [r[0], r.slice(4)]));
    expect(byCode.get(old.json().data.hashid)).toEqual(["poche", "", "Sì"]);
    expect(byCode.get(recent.json().data.hashid)).toEqual(["molte", "No", "No"]);

    // The activity's report: the same reading, its columns named by survey.
    const report = await sheetOf(`activities/report/filled/xls/${activity}`);
    expect(report[0]?.slice(6)).toEqual(["Stili: Note", "Stili: Sport?", "Stili: Fumi?"]);
    const reported = new Map(report.slice(1).map((r) => [r[0], r.slice(6)]));
    expect(reported.get(old.json().data.hashid)).toEqual(["poche", "", "Sì"]);
    expect(reported.get(recent.json().data.hashid)).toEqual(["molte", "No", "No"]);
  });
});
