import { ADMIN_EXAM_MESSAGES, FDS_MESSAGES, THRESHOLD_MESSAGES } from "@cura/domain";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import { createIds } from "../../../platform/ids.ts";
import { type Caller, companyHashid, demoCallers } from "../../companies/test-helpers.ts";
import { healthMeasurements, healthThresholds } from "../../health/measurements/tables.ts";
import { users } from "../../identity/tables.ts";
import { seedFdsCatalogue } from "./reference.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let admin: Caller;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
let seq = 0;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  admin = people.admin;
  await seedFdsCatalogue(t.database.db);
});
afterAll(() => t.close());

const examBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Colesterolo totale ${++seq}`,
  unit: "mg/dL",
  decimals: 0,
  min: 50,
  max: 500,
  reference_min: 100,
  reference_max: 199,
  loinc: "2093-3",
  ...overrides,
});

async function createExam(overrides: Record<string, unknown> = {}) {
  const response = await admin.call("POST", "exams", examBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { hashid: string; name: string; bands: unknown[] };
}

async function lastAudit(action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

async function mariaId() {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "maria.rossi@cura.demo"));
  return row?.id as number;
}

describe("exams (administrators)", () => {
  it("refuses citizens and operators (403)", async () => {
    const exam = await createExam();
    for (const c of [people.citizen, people.pharmacyAdmin, people.roomOperator]) {
      expect((await c.call("POST", "exams", examBody())).statusCode).toBe(403);
      expect((await c.call("PUT", `exams/${exam.hashid}`, examBody())).statusCode).toBe(403);
      expect((await c.call("DELETE", `exams/${exam.hashid}`)).statusCode).toBe(403);
      expect((await c.get(`exams/${exam.hashid}`)).statusCode).toBe(403);
    }
  });

  it("reads one parameter with its default bands and its readings for the form; 404 for an unknown one", async () => {
    const bands = [
      { min: 50, max: 199, risk: 0 },
      { min: 200, max: 239, risk: 2 },
      { min: 240, max: 500, risk: 3 },
    ];
    const exam = await createExam({ name: "Colesterolo con fasce", bands });
    const read = await admin.get(`exams/${exam.hashid}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      hashid: exam.hashid,
      name: "Colesterolo con fasce",
      min: 50,
      max: 500,
      loinc: "2093-3",
      bands,
      measurements: 0,
    });
    // The bands changed through PUT are what the next read gives.
    const changed = [
      { min: 50, max: 189, risk: 0 },
      { min: 190, max: 500, risk: 4 },
    ];
    const put = await admin.call("PUT", `exams/${exam.hashid}`, examBody({ name: exam.name, bands: changed }));
    expect(put.statusCode, put.body).toBe(200);
    expect((await admin.get(`exams/${exam.hashid}`)).json().data.bands).toEqual(changed);
    expect((await admin.get("exams/zzzzzz")).statusCode).toBe(404);
    expect((await admin.get(`exams/${ids.encode(999_999)}`)).statusCode).toBe(404);
  });

  it("creates a parameter with one default band, listed by GET exams, audited", async () => {
    const exam = await createExam({ name: "Colesterolo LDL" });
    expect(exam.bands).toEqual([{ min: 50, max: 500, risk: 0 }]);
    const list = (await people.citizen.get("exams")).json().data as Array<{ hashid: string; name: string }>;
    expect(list.at(-1)).toMatchObject({ hashid: exam.hashid, name: "Colesterolo LDL", unit: "mg/dL" });
    const audit = await lastAudit("exam.created");
    expect(audit?.detail).toMatchObject({ after: { name: "Colesterolo LDL" } });
  });

  it("answers 422 for bad data, a taken name and bands outside the range", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "" }, "name"],
      [{ min: 10, max: 5 }, "max"],
      [{ reference_min: 10 }, "reference_min"],
      [{ decimals: 5 }, "decimals"],
      [{ loinc: "abc" }, "loinc"],
      [{ bands: [] }, "bands"],
      [{ bands: [{ min: 40, max: 100, risk: 0 }] }, "bands.0.min"],
      [
        {
          bands: [
            { min: 50, max: 100, risk: 0 },
            { min: 100, max: 200, risk: 1 },
          ],
        },
        "bands.1.min",
      ],
      [{ name: "Pressione sistolica" }, "name"],
      [{ name: "pressione SISTOLICA" }, "name"],
    ];
    for (const [overrides, field] of cases) {
      const response = await admin.call("POST", "exams", examBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(overrides)).toContain(field);
    }
    const taken = await admin.call("POST", "exams", examBody({ name: "Glicemia" }));
    expect(taken.json().errors.name).toEqual([ADMIN_EXAM_MESSAGES.nameTaken]);
  });

  it("updates a parameter, keeping its bands, audited before and after; 422 when they no longer fit", async () => {
    const exam = await createExam({
      bands: [
        { min: 50, max: 199, risk: 0 },
        { min: 200, max: 500, risk: 2 },
      ],
    });
    const response = await admin.call("PUT", `exams/${exam.hashid}`, examBody({ name: "HDL", unit: "mmol/L" }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ name: "HDL", unit: "mmol/L", measurements: 0 });
    expect(response.json().data.bands).toHaveLength(2);
    const audit = await lastAudit("exam.updated");
    expect(audit?.detail).toMatchObject({ before: { name: exam.name }, after: { name: "HDL", unit: "mmol/L" } });
    const shrunk = await admin.call("PUT", `exams/${exam.hashid}`, examBody({ name: "HDL", max: 300 }));
    expect(shrunk.statusCode).toBe(422);
    expect(shrunk.json().errors.bands).toEqual([THRESHOLD_MESSAGES.outside]);
    const taken = await admin.call("PUT", `exams/${exam.hashid}`, examBody({ name: "Peso" }));
    expect(taken.statusCode).toBe(422);
    expect((await admin.call("PUT", "exams/zzzzzz", examBody())).statusCode).toBe(404);
  });

  it("deletes an unused parameter; 409 while readings or thresholds use it", async () => {
    const unused = await createExam();
    const deleted = await admin.call("DELETE", `exams/${unused.hashid}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(ADMIN_EXAM_MESSAGES.deleted);
    expect((await lastAudit("exam.deleted"))?.entityId).toBe(String(ids.decode(unused.hashid)));
    expect((await admin.call("DELETE", `exams/${unused.hashid}`)).statusCode).toBe(404);

    const patientId = await mariaId();
    const measured = await createExam();
    await t.database.db.insert(healthMeasurements).values({
      patientId,
      examId: ids.decode(measured.hashid) as number,
      value: 180,
      measuredAt: new Date(),
      authorKind: "paziente",
    });
    const inUse = await admin.call("DELETE", `exams/${measured.hashid}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(ADMIN_EXAM_MESSAGES.inUse);

    const banded = await createExam();
    await t.database.db
      .insert(healthThresholds)
      .values({ patientId, examId: ids.decode(banded.hashid) as number, bands: [{ min: 50, max: 500, risk: 0 }] });
    const linked = await admin.call("DELETE", `exams/${banded.hashid}`);
    expect(linked.statusCode).toBe(409);
    expect(linked.json().message).toBe(ADMIN_EXAM_MESSAGES.linked);
    // The seeded parameters are read by the demo devices.
    const exams = (await admin.get("exams")).json().data as Array<{ hashid: string; name: string }>;
    const spo2 = exams.find((e) => e.name.startsWith("Saturazione"));
    expect((await admin.call("DELETE", `exams/${spo2?.hashid}`)).statusCode).toBe(409);
  });
});

describe("farmacia dei servizi", () => {
  it("refuses citizens and operators (403)", async () => {
    const [service] = (await admin.get("fdsservices")).json().data;
    for (const c of [people.citizen, people.pharmacyAdmin, people.pharmacyOperator]) {
      expect((await c.get("fdsservices")).statusCode).toBe(403);
      const body = { company_ids: [await companyHashid(admin, "Farmacia San Marco")], adherent: true };
      expect((await c.call("POST", `fdsservices/fdservice/adesioni/set/${service.hashid}`, body)).statusCode).toBe(403);
    }
  });

  it("lists the catalogue; a pharmacy adheres and leaves, audited with the adherents before and after", async () => {
    const list = (await admin.get("fdsservices")).json().data as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list[0]).toMatchObject({ code: "TELE-ECG", pharmacies: 0, adherent: null });
    const pharmacy = await companyHashid(admin, "Farmacia San Marco");
    const ecg = list[0] as { hashid: string };
    const set = await admin.call("POST", `fdsservices/fdservice/adesioni/set/${ecg.hashid}`, {
      company_ids: [pharmacy, pharmacy],
      adherent: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ data: { pharmacies: 1, adherent: true }, message: FDS_MESSAGES.saved });
    const mine = (await admin.get(`fdsservices?company=${pharmacy}`)).json().data as Array<Record<string, unknown>>;
    expect(mine.find((s) => s.hashid === ecg.hashid)).toMatchObject({ adherent: true, pharmacies: 1 });
    expect(mine.filter((s) => s.adherent === true)).toHaveLength(1);
    const audit = await lastAudit("fds_service.adhesions_added");
    expect(audit?.detail).toMatchObject({ before: [], after: [pharmacy] });

    const leave = await admin.call("POST", `fdsservices/fdservice/adesioni/set/${ecg.hashid}`, {
      company_ids: [pharmacy],
      adherent: false,
    });
    expect(leave.json().data).toMatchObject({ pharmacies: 0, adherent: false });
    const removed = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "fds_service.adhesions_removed"), eq(auditLog.entity, "fds_service")));
    expect(removed.length).toBe(1);
  });

  it("answers 422 for a company that is not a pharmacy or does not exist, 404 for an unknown service", async () => {
    const [service] = (await admin.get("fdsservices")).json().data;
    const url = `fdsservices/fdservice/adesioni/set/${service.hashid}`;
    const room = await companyHashid(admin, "Centrale di Monitoraggio Lazio");
    const notPharmacy = await admin.call("POST", url, { company_ids: [room], adherent: true });
    expect(notPharmacy.statusCode).toBe(422);
    expect(notPharmacy.json().errors["company_ids.0"]).toEqual([FDS_MESSAGES.notPharmacy]);
    const unknown = await admin.call("POST", url, { company_ids: [ids.encode(999_999)], adherent: true });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors["company_ids.0"]).toEqual([FDS_MESSAGES.companyNotFound]);
    for (const body of [{ company_ids: [], adherent: true }, { company_ids: [room] }, {}]) {
      expect((await admin.call("POST", url, body)).statusCode).toBe(422);
    }
    expect((await admin.get(`fdsservices?company=${ids.encode(999_999)}`)).statusCode).toBe(422);
    const pharmacy = await companyHashid(admin, "Farmacia San Marco");
    const missing = await admin.call("POST", `fdsservices/fdservice/adesioni/set/${ids.encode(999_999)}`, {
      company_ids: [pharmacy],
      adherent: true,
    });
    expect(missing.statusCode).toBe(404);
  });
});
