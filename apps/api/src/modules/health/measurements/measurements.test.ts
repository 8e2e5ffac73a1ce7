import { MEASUREMENT_MESSAGES, MONITORING_FREQUENCY_MESSAGES, THRESHOLD_MESSAGES } from "@cura/domain";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPng } from "../../../../test/files-fixtures.ts";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { countStatements } from "../../../../test/statements.ts";
import { loadConfig } from "../../../config.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import { createIds } from "../../../platform/ids.ts";
import { caregiverRelations } from "../../care/tables.ts";
import { type Caller, caller, demoCallers } from "../../companies/test-helpers.ts";
import { storedFiles } from "../../files/tables.ts";
import { users } from "../../identity/tables.ts";
import { recordScore } from "../index.ts";
import { updateGateway } from "./device-gateway.ts";
import { healthEvents, healthMeasurements, healthScores } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
/** Maria Rossi: a patient of Farmacia San Marco (linked below), not of the monitoring room. */
let maria: string;
let mariaId: number;
let exams: Record<string, { hashid: string; min: number; max: number }>;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

async function add(who: Caller, body: Record<string, unknown>) {
  return who.call("POST", "exams/measurements/add", { measured_at: hoursAgo(1), ...body });
}

async function measurementCount() {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(healthMeasurements)
    .where(eq(healthMeasurements.patientId, mariaId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, accounts.citizen));
  mariaId = (row as { id: number }).id;
  maria = ids.encode(mariaId);
  // The pharmacy records her consent: she becomes one of its patients (its operators open her health file).
  const linked = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
  expect(linked.statusCode, linked.body).toBe(200);
  const catalogue = (await t.request({ method: "GET", url: "/api/v1/exams" })).json().data as Array<{
    hashid: string;
    name: string;
    min: number;
    max: number;
  }>;
  exams = Object.fromEntries(catalogue.map((e) => [e.name, e]));
});
afterAll(() => t.close());

describe("GET exams", () => {
  it("answers the parameters catalogue to anyone, with units, ranges, reference values and LOINC codes", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/exams" });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.map((e: { name: string }) => e.name)).toEqual([
      "Pressione sistolica",
      "Pressione diastolica",
      "Frequenza cardiaca",
      "Peso",
      "Altezza",
      "Temperatura corporea",
      "Saturazione di ossigeno (SpO2)",
      "Glicemia",
    ]);
    expect(data[0]).toMatchObject({
      unit: "mmHg",
      decimals: 0,
      min: 50,
      max: 260,
      reference_min: 90,
      reference_max: 139,
      loinc: "8480-6",
    });
  });
});

describe("measurements", () => {
  it("stores a citizen's reading with its band and risk, an event for the alert job and an audit line", async () => {
    const response = await add(people.citizen, { exam_id: exams["Pressione sistolica"]?.hashid, value: 165 });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      value: 165,
      exam: "Pressione sistolica",
      unit: "mmHg",
      band: { min: 160, max: 179, risk: 3 },
      risk: 3,
      author: "paziente",
      mine: true,
      private: false,
      source: "manuale",
    });
    const id = ids.decode(data.hashid) as number;
    const events = await t.database.db.select().from(healthEvents).where(eq(healthEvents.measurementId, id));
    expect(events).toMatchObject([{ kind: "measurement.saved", patientId: mariaId, risk: 3, processedAt: null }]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "health_measurement"), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it("lets the company's operator add and read the patient's readings, and nobody else", async () => {
    const body = { user_id: maria, exam_id: exams["Frequenza cardiaca"]?.hashid, value: 72 };
    const created = await add(people.pharmacyOperator, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ author: "operatore", risk: 0, mine: true });

    const list = await people.pharmacyOperator.get(`exams/measurements/all?user_id=${maria}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBeGreaterThanOrEqual(2);

    const before = await measurementCount();
    // Another company's operator: the person is no patient of theirs.
    expect((await add(people.roomOperator, body)).statusCode).toBe(404);
    expect((await people.roomOperator.get(`exams/measurements/all?user_id=${maria}`)).statusCode).toBe(404);
    // A citizen naming someone else is a caregiver at most; without the health-data consent: 404.
    expect((await add(people.citizen2, body)).statusCode).toBe(404);
    expect((await people.citizen2.get(`exams/measurements/all?user_id=${maria}`)).statusCode).toBe(404);
    // Administrators read no clinical data.
    expect((await add(people.admin, body)).statusCode).toBe(403);
    expect((await people.admin.get(`exams/measurements/all?user_id=${maria}`)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/exams/measurements/all" })).statusCode).toBe(401);
    expect(await measurementCount()).toBe(before);
  });

  it("refuses implausible, imprecise, future and unknown-parameter readings with 422 on the field, storing nothing", async () => {
    const before = await measurementCount();
    const systolic = exams["Pressione sistolica"]?.hashid;
    const implausible = await add(people.citizen, { exam_id: systolic, value: 400 });
    expect(implausible.statusCode).toBe(422);
    expect(implausible.json().errors.value).toEqual([MEASUREMENT_MESSAGES.implausible(50, 260, "mmHg")]);
    const decimals = await add(people.citizen, { exam_id: systolic, value: 120.5 });
    expect(decimals.json().errors.value).toEqual([MEASUREMENT_MESSAGES.decimals(0)]);
    const future = await add(people.citizen, { exam_id: systolic, value: 120, measured_at: hoursAgo(-2) });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.measured_at).toEqual([MEASUREMENT_MESSAGES.future]);
    const unknown = await add(people.citizen, { exam_id: "zzzzzz", value: 120 });
    expect(unknown.json().errors.exam_id).toEqual([MEASUREMENT_MESSAGES.examNotFound]);
    expect((await add(people.citizen, { exam_id: systolic, value: "alta" })).statusCode).toBe(422);
    expect((await add(people.citizen, { exam_id: systolic, value: 120, measured_at: "ieri" })).statusCode).toBe(422);
    // One decimal is the precision of a temperature.
    expect(
      (await add(people.citizen, { exam_id: exams["Temperatura corporea"]?.hashid, value: 37.2 })).statusCode,
    ).toBe(201);
    expect(await measurementCount()).toBe(before + 1);
  });

  it("keeps a private reading to its author: list, history and the record itself", async () => {
    const weight = exams.Peso?.hashid;
    const mine = await add(people.citizen, { exam_id: weight, value: 66.4, private: true });
    const theirs = await add(people.pharmacyOperator, { user_id: maria, exam_id: weight, value: 67.1, private: true });
    const mineId = mine.json().data.hashid;
    const theirsId = theirs.json().data.hashid;

    const citizenList = (await people.citizen.get(`exams/measurements/all?exam_id=${weight}`)).json();
    expect(citizenList.data.map((m: { hashid: string }) => m.hashid)).toEqual([mineId]);
    expect(citizenList.meta.total).toBe(1);
    const operatorList = (
      await people.pharmacyOperator.get(`exams/measurements/all?user_id=${maria}&exam_id=${weight}`)
    ).json();
    expect(operatorList.data.map((m: { hashid: string }) => m.hashid)).toEqual([theirsId]);
    // Another operator of the same company is not the author either.
    const colleague = (
      await people.pharmacyAdmin.get(`exams/measurements/all?user_id=${maria}&exam_id=${weight}`)
    ).json();
    expect(colleague.meta.total).toBe(0);

    const history = (await people.citizen.get(`exams/measurements/history/${weight}`)).json().data;
    expect(history.points.map((p: { hashid: string }) => p.hashid)).toEqual([mineId]);
    expect((await people.citizen.call("DELETE", `exams/measurements/${theirsId}`)).statusCode).toBe(404);
  });

  it("lets only the author change or delete a reading, recomputing its band; delete also answers as GET", async () => {
    const systolic = exams["Pressione sistolica"]?.hashid;
    const created = (await add(people.citizen, { exam_id: systolic, value: 118 })).json().data;
    expect(created.risk).toBe(0);
    const edit = { value: 185, measured_at: hoursAgo(3), private: false, notes: "Dopo le scale" };
    const byOperator = await people.pharmacyOperator.call("PUT", `exams/measurements/edit/${created.hashid}`, edit);
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().message).toBe(MEASUREMENT_MESSAGES.authorOnly);
    expect((await people.roomOperator.call("PUT", `exams/measurements/edit/${created.hashid}`, edit)).statusCode).toBe(
      404,
    );
    const edited = await people.citizen.call("PUT", `exams/measurements/edit/${created.hashid}`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ value: 185, risk: 4, notes: "Dopo le scale" });
    const badEdit = await people.citizen.call("PUT", `exams/measurements/edit/${created.hashid}`, {
      ...edit,
      value: 10,
    });
    expect(badEdit.statusCode).toBe(422);

    expect((await people.pharmacyOperator.get(`exams/measurements/delete/${created.hashid}`)).statusCode).toBe(403);
    expect((await people.admin.get(`exams/measurements/delete/${created.hashid}`)).statusCode).toBe(403);
    const deleted = await people.citizen.get(`exams/measurements/delete/${created.hashid}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(MEASUREMENT_MESSAGES.deleted);
    expect((await people.citizen.call("DELETE", `exams/measurements/${created.hashid}`)).statusCode).toBe(404);

    const other = (await add(people.citizen, { exam_id: systolic, value: 121 })).json().data;
    expect((await people.citizen.call("DELETE", `exams/measurements/${other.hashid}`)).statusCode).toBe(200);
  });

  it("keeps an attachment encrypted and serves it to whoever may see the reading", async () => {
    const body = multipart([
      { name: "file", filename: "misura.png", content: tinyPng, type: "image/png" },
      { name: "destination", value: "misurazioni" },
    ]);
    const uploaded = await t.request({
      method: "POST",
      url: "/api/v1/resources/public",
      token: people.citizen.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = [uploaded.json().data].flat()[0].hashid as string;
    const [stored] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, ids.decode(file) as number));
    expect(stored?.encrypted).toBe(true);

    // Someone else's upload cannot be attached.
    const stolen = await add(people.pharmacyOperator, {
      user_id: maria,
      exam_id: exams.Glicemia?.hashid,
      value: 95,
      attachment: file,
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.attachment).toEqual([MEASUREMENT_MESSAGES.attachmentNotFound]);

    const created = await add(people.citizen, { exam_id: exams.Glicemia?.hashid, value: 95, attachment: file });
    expect(created.statusCode, created.body).toBe(201);
    const reading = created.json().data;
    expect(reading.attachment).toEqual({ hashid: file, name: "misura.png" });
    const byOperator = await people.pharmacyOperator.get(`exams/measurements/${reading.hashid}/allegato`);
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.rawPayload.equals(tinyPng)).toBe(true);
    expect((await people.roomOperator.get(`exams/measurements/${reading.hashid}/allegato`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`resources/private/${file}`)).statusCode).toBe(404);
    expect((await people.admin.get(`exams/measurements/${reading.hashid}/allegato`)).statusCode).toBe(403);
    // Reading it is not owning it: the operator cannot copy Maria's attachment onto another reading,
    // nor make it their picture or the pharmacy's public one.
    const copied = await add(people.pharmacyOperator, {
      user_id: maria,
      exam_id: exams.Glicemia?.hashid,
      value: 96,
      attachment: file,
    });
    expect(copied.statusCode).toBe(422);
    expect(copied.json().errors.attachment).toEqual([MEASUREMENT_MESSAGES.attachmentNotFound]);
    const picture = await people.pharmacyAdmin.call("POST", "companies/own/profile/picture", { resource: file });
    expect(picture.statusCode).toBe(404);
    expect((await people.pharmacyOperator.call("POST", "users/profile/picture", { resource: file })).statusCode).toBe(
      404,
    );

    // Deleting the reading deletes the file with it.
    expect((await people.citizen.call("DELETE", `exams/measurements/${reading.hashid}`)).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, ids.decode(file) as number));
    expect(left).toHaveLength(0);
  });

  it("draws a history of one parameter over at most 366 days with the bands in effect", async () => {
    const systolic = exams["Pressione sistolica"]?.hashid;
    const history = await people.pharmacyOperator.get(`exams/measurements/history/${systolic}?user_id=${maria}`);
    expect(history.statusCode).toBe(200);
    const data = history.json().data;
    expect(data.bands).toHaveLength(6);
    expect(data.custom).toBe(false);
    expect(data.points.length).toBeGreaterThan(0);
    const tooWide = await people.citizen.get(`exams/measurements/history/${systolic}?from=2020-01-01&to=2022-01-01`);
    expect(tooWide.statusCode).toBe(422);
    expect(
      (await people.citizen.get(`exams/measurements/history/${systolic}?from=2025-02-01&to=2025-01-01`)).statusCode,
    ).toBe(422);
    expect((await people.citizen.get("exams/measurements/history/zzzz")).statusCode).toBe(404);
    expect((await people.roomOperator.get(`exams/measurements/history/${systolic}?user_id=${maria}`)).statusCode).toBe(
      404,
    );
  });

  it("costs the same statements for a page of 1 reading as for 50", async () => {
    const heart = exams["Frequenza cardiaca"]?.hashid;
    const counter = countStatements(t.database);
    // Giuseppe Bianchi has no readings yet: one, then fifty.
    const giuseppe = people.citizen2;
    await add(giuseppe, { exam_id: heart, value: 70 });
    counter.reset();
    expect((await giuseppe.get("exams/measurements/all?per_page=50")).json().data).toHaveLength(1);
    const one = counter.count;
    for (let i = 0; i < 49; i++)
      await add(giuseppe, { exam_id: heart, value: 60 + (i % 30), measured_at: hoursAgo(i + 2) });
    counter.reset();
    expect((await giuseppe.get("exams/measurements/all?per_page=50")).json().data).toHaveLength(50);
    expect(counter.count).toBe(one);
  });
});

describe("thresholds", () => {
  const bands = [
    { min: 50, max: 89, risk: 2 },
    { min: 90, max: 129, risk: 0 },
    { min: 130, max: 149, risk: 2 },
    { min: 150, max: 260, risk: 4 },
  ];
  let custom: string;

  it("shows every parameter's defaults to the person and their operators", async () => {
    const own = await people.citizen.get(`exams/thresholds/${maria}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toHaveLength(8);
    expect(own.json().data[0]).toMatchObject({ exam: "Pressione sistolica", custom: false, hashid: null });
    expect((await people.pharmacyOperator.get(`exams/thresholds/${maria}`)).statusCode).toBe(200);
    expect((await people.roomOperator.get(`exams/thresholds/${maria}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`exams/thresholds/${maria}`)).statusCode).toBe(404);
    expect((await people.admin.get(`exams/thresholds/${maria}`)).statusCode).toBe(403);
  });

  it("refuses 0 or 8 bands, overlaps, min above max and bands outside the plausible range", async () => {
    const exam_id = exams["Pressione sistolica"]?.hashid;
    const post = (b: unknown) =>
      people.pharmacyOperator.call("POST", `exams/thresholds/${maria}`, { exam_id, bands: b });
    expect((await post([])).json().errors.bands).toEqual([THRESHOLD_MESSAGES.count]);
    const eight = Array.from({ length: 8 }, (_, i) => ({ min: 50 + i * 20, max: 60 + i * 20, risk: 0 }));
    expect((await post(eight)).json().errors.bands).toEqual([THRESHOLD_MESSAGES.count]);
    const overlap = await post([
      { min: 50, max: 120, risk: 0 },
      { min: 120, max: 200, risk: 3 },
    ]);
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors["bands.1.min"]).toEqual([THRESHOLD_MESSAGES.overlap]);
    expect((await post([{ min: 130, max: 120, risk: 0 }])).json().errors["bands.0.max"]).toEqual([
      THRESHOLD_MESSAGES.order,
    ]);
    expect((await post([{ min: 10, max: 120, risk: 0 }])).json().errors["bands.0.min"]).toEqual([
      THRESHOLD_MESSAGES.outside,
    ]);
    expect((await post([{ min: 60, max: 120, risk: 5 }])).statusCode).toBe(422);
  });

  it("lets the company's operator set 1 to 7 custom bands, used by the next reading; citizens and others cannot", async () => {
    const exam_id = exams["Pressione sistolica"]?.hashid;
    expect((await people.citizen.call("POST", `exams/thresholds/${maria}`, { exam_id, bands })).statusCode).toBe(403);
    expect((await people.roomOperator.call("POST", `exams/thresholds/${maria}`, { exam_id, bands })).statusCode).toBe(
      404,
    );
    expect((await people.admin.call("POST", `exams/thresholds/${maria}`, { exam_id, bands })).statusCode).toBe(403);
    const seven = Array.from({ length: 7 }, (_, i) => ({ min: 40 + i * 20, max: 55 + i * 20, risk: i % 5 }));
    const sevenOk = await people.pharmacyOperator.call("POST", `exams/thresholds/${maria}`, {
      exam_id: exams["Frequenza cardiaca"]?.hashid,
      bands: seven,
    });
    expect(sevenOk.statusCode, sevenOk.body).toBe(201);

    const created = await people.pharmacyOperator.call("POST", `exams/thresholds/${maria}`, { exam_id, bands });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ custom: true, bands });
    custom = created.json().data.hashid;
    expect((await people.pharmacyAdmin.call("POST", `exams/thresholds/${maria}`, { exam_id, bands })).statusCode).toBe(
      409,
    );

    const reading = (await add(people.citizen, { exam_id, value: 140 })).json().data;
    expect(reading).toMatchObject({ band: { min: 130, max: 149, risk: 2 }, risk: 2 });
    const history = (await people.citizen.get(`exams/measurements/history/${exam_id}`)).json().data;
    expect(history).toMatchObject({ custom: true, bands });
  });

  it("needs the diagnostic or the operational protocol for notes", async () => {
    const missing = await people.pharmacyOperator.call("PUT", `exams/thresholds/custom/notes/${custom}`, {
      notes: "Da rivedere",
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.diagnostic_protocol).toEqual(["Inserire il protocollo diagnostico o operativo"]);
    const blank = await people.pharmacyOperator.call("PUT", `exams/thresholds/custom/notes/${custom}`, {
      diagnostic_protocol: "   ",
      operational_protocol: "",
    });
    expect(blank.statusCode).toBe(422);
    const saved = await people.pharmacyOperator.call("PUT", `exams/thresholds/custom/notes/${custom}`, {
      operational_protocol: "Richiamare la paziente entro 24 ore",
      notes: "Da rivedere",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      operational_protocol: "Richiamare la paziente entro 24 ore",
      diagnostic_protocol: null,
      notes: "Da rivedere",
    });
    expect(
      (
        await people.roomOperator.call("PUT", `exams/thresholds/custom/notes/${custom}`, {
          diagnostic_protocol: "x",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await people.citizen.call("PUT", `exams/thresholds/custom/notes/${custom}`, { diagnostic_protocol: "x" }))
        .statusCode,
    ).toBe(403);
  });

  it("changes and removes custom bands (back to the defaults)", async () => {
    const changed = await people.pharmacyOperator.call("PUT", `exams/thresholds/custom/${custom}`, {
      bands: [{ min: 50, max: 260, risk: 0 }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.bands).toHaveLength(1);
    expect(
      (await people.pharmacyOperator.call("PUT", `exams/thresholds/custom/${custom}`, { bands: [...bands, ...bands] }))
        .statusCode,
    ).toBe(422);
    expect((await people.roomOperator.call("DELETE", `exams/thresholds/custom/${custom}`)).statusCode).toBe(404);
    const removed = await people.pharmacyOperator.call("DELETE", `exams/thresholds/custom/${custom}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ custom: false, hashid: null });
    expect((await people.pharmacyOperator.call("DELETE", `exams/thresholds/custom/${custom}`)).statusCode).toBe(404);
  });
});

describe("frequencies", () => {
  it("sets, suspends, resumes, changes and deletes a parameter's frequency, with the next due time", async () => {
    const exam_id = exams["Pressione sistolica"]?.hashid;
    const post = (who: Caller, body: Record<string, unknown>) => who.call("POST", `exams/frequencies/${maria}`, body);
    expect((await post(people.pharmacyOperator, { exam_id, every: 4, unit: 4 })).json().errors.every).toEqual([
      MONITORING_FREQUENCY_MESSAGES.minutes,
    ]);
    expect((await post(people.pharmacyOperator, { exam_id, every: 366, unit: 2 })).statusCode).toBe(422);
    expect((await post(people.pharmacyOperator, { exam_id, every: 0, unit: 2 })).statusCode).toBe(422);
    expect((await post(people.pharmacyOperator, { exam_id, every: 1, unit: 7 })).statusCode).toBe(422);
    expect((await post(people.citizen, { exam_id, every: 1, unit: 2 })).statusCode).toBe(403);
    expect((await post(people.roomOperator, { exam_id, every: 1, unit: 2 })).statusCode).toBe(404);
    expect((await post(people.admin, { exam_id, every: 1, unit: 2 })).statusCode).toBe(403);

    const created = await post(people.pharmacyOperator, { exam_id, every: 1, unit: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const frequency = created.json().data;
    expect(frequency).toMatchObject({ target: "Pressione sistolica", every: 1, unit: 2, active: true });
    expect(Date.parse(frequency.next_due_at)).toBeGreaterThan(Date.now());
    expect((await post(people.pharmacyOperator, { exam_id, every: 2, unit: 2 })).statusCode).toBe(409);

    const own = await people.citizen.get(`exams/frequencies/${maria}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((f: { hashid: string }) => f.hashid)).toEqual([frequency.hashid]);
    expect((await people.roomOperator.get(`exams/frequencies/${maria}`)).statusCode).toBe(404);

    const suspended = await people.pharmacyOperator.call("PATCH", `exams/frequencies/${frequency.hashid}`, {
      active: false,
    });
    expect(suspended.json()).toMatchObject({
      data: { active: false, next_due_at: null },
      message: "Frequenza sospesa",
    });
    const resumed = await people.pharmacyOperator.call("PATCH", `exams/frequencies/${frequency.hashid}`, {
      active: true,
    });
    expect(resumed.json().data.active).toBe(true);
    const changed = await people.pharmacyOperator.call("PUT", `exams/frequencies/${frequency.hashid}`, {
      every: 30,
      unit: 4,
    });
    expect(changed.json().data).toMatchObject({ every: 30, unit: 4 });
    expect(
      (await people.pharmacyOperator.call("PUT", `exams/frequencies/${frequency.hashid}`, { every: 3, unit: 4 }))
        .statusCode,
    ).toBe(422);
    expect(
      (await people.citizen.call("PATCH", `exams/frequencies/${frequency.hashid}`, { active: false })).statusCode,
    ).toBe(403);
    expect((await people.roomOperator.call("DELETE", `exams/frequencies/${frequency.hashid}`)).statusCode).toBe(404);
    // A parameter's frequency is not a scale's.
    expect((await people.pharmacyOperator.call("DELETE", `scores/frequencies/${frequency.hashid}`)).statusCode).toBe(
      404,
    );
    expect((await people.pharmacyOperator.call("DELETE", `exams/frequencies/${frequency.hashid}`)).statusCode).toBe(
      200,
    );
  });

  it("computes the next due time from the readings the viewer may see: a private one is its author's alone", async () => {
    const exam_id = exams.Altezza?.hashid;
    const created = await people.pharmacyOperator.call("POST", `exams/frequencies/${maria}`, {
      exam_id,
      every: 1,
      unit: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    // The operator's private reading of 20 hours ago: due in about 4 hours, for the operator only.
    const reading = await add(people.pharmacyOperator, {
      user_id: maria,
      exam_id,
      value: 165,
      private: true,
      measured_at: hoursAgo(20),
    });
    expect(reading.statusCode, reading.body).toBe(201);
    const dueFor = async (who: Caller) => {
      const list = (await who.get(`exams/frequencies/${maria}`)).json().data as Array<{
        target_id: string;
        next_due_at: string;
      }>;
      return Date.parse(list.find((f) => f.target_id === exam_id)?.next_due_at ?? "");
    };
    const hour = 3_600_000;
    expect(await dueFor(people.pharmacyOperator)).toBeLessThan(Date.now() + 5 * hour);
    // For the citizen (and the author's colleagues) the reading does not exist: due a day after the start.
    expect(await dueFor(people.citizen)).toBeGreaterThan(Date.now() + 20 * hour);
    expect(await dueFor(people.pharmacyAdmin)).toBeGreaterThan(Date.now() + 20 * hour);
  });

  it("sets a scale's frequency the same way", async () => {
    const scale = (await people.citizen.get("scores")).json().data[0].hashid;
    const created = await people.pharmacyOperator.call("POST", `scores/frequencies/${maria}`, {
      scale_id: scale,
      every: 1,
      unit: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.target).toBe("PHQ-9 (depressione)");
    expect((await people.citizen.get(`scores/frequencies/${maria}`)).json().data).toHaveLength(1);
    expect(
      (
        await people.pharmacyOperator.call("POST", `scores/frequencies/${maria}`, {
          scale_id: "zzz",
          every: 1,
          unit: 0,
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe("scores", () => {
  it("lists the scales, the person's last scores, a scale's history and a score's details", async () => {
    const scales = (await people.citizen.get("scores")).json().data;
    expect(scales.map((s: { code: string }) => s.code)).toEqual(["PHQ-9", "BARTHEL"]);
    expect((await people.admin.get("scores")).statusCode).toBe(403);

    const day = 86_400_000;
    await recordScore(t.database.db, {
      patientId: mariaId,
      scaleCode: "PHQ-9",
      value: 12,
      takenAt: new Date(Date.now() - 20 * day),
    });
    const last = await recordScore(t.database.db, {
      patientId: mariaId,
      scaleCode: "PHQ-9",
      value: 6,
      takenAt: new Date(Date.now() - day),
      items: [{ question: "Poco interesse o piacere nel fare le cose", answer: "Alcuni giorni", points: 1 }],
    });
    const lastScores = await people.pharmacyOperator.get(`scores/user/${maria}`);
    expect(lastScores.statusCode).toBe(200);
    expect(lastScores.json().data).toEqual([
      expect.objectContaining({ scale: "PHQ-9 (depressione)", value: 6, label: "Lieve", risk: 1 }),
    ]);
    const phq = scales[0].hashid;
    const history = (await people.citizen.get(`scores/user/${maria}/score/${phq}`)).json().data;
    expect(history.points.map((p: { value: number }) => p.value)).toEqual([12, 6]);
    const details = await people.citizen.get(`scores/details/${ids.encode(last.id)}`);
    expect(details.json().data.items).toHaveLength(1);

    expect((await people.roomOperator.get(`scores/user/${maria}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`scores/user/${maria}/score/${phq}`)).statusCode).toBe(404);
    expect((await people.roomOperator.get(`scores/details/${ids.encode(last.id)}`)).statusCode).toBe(404);
    expect((await people.admin.get(`scores/details/${ids.encode(last.id)}`)).statusCode).toBe(403);
  });
});

describe("scores history", () => {
  it("charts the latest 500 scores of a scale, oldest first", async () => {
    const scales = (await people.citizen.get("scores")).json().data as Array<{ hashid: string; code: string }>;
    const barthel = scales.find((s) => s.code === "BARTHEL")?.hashid as string;
    const day = 86_400_000;
    // 501 scores, one a day up to yesterday: the oldest falls out of the chart, the newest is last.
    await t.database.db.insert(healthScores).values(
      Array.from({ length: 501 }, (_, i) => ({
        patientId: mariaId,
        scaleId: ids.decode(barthel) as number,
        value: i === 500 ? 100 : 50,
        takenAt: new Date(Date.now() - (501 - i) * day),
      })),
    );
    const points = (await people.citizen.get(`scores/user/${maria}/score/${barthel}`)).json().data.points as Array<{
      value: number;
      taken_at: string;
    }>;
    expect(points).toHaveLength(500);
    expect(points.at(-1)?.value).toBe(100);
    expect(Date.parse(points[0]?.taken_at ?? "")).toBeGreaterThan(Date.now() - 501 * day);
    const times = points.map((p) => Date.parse(p.taken_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe("devices", () => {
  it("gives a device, enables parameters, imports readings from the gateway and the CSV export, and takes it back", async () => {
    const catalogue = await people.pharmacyOperator.get("wearabledevices");
    expect(catalogue.statusCode).toBe(200);
    expect((await people.citizen.get("wearabledevices")).statusCode).toBe(403);
    expect((await people.admin.get("wearabledevices")).statusCode).toBe(403);
    const monitor = catalogue.json().data.find((d: { name: string }) => d.name.startsWith("Sfigmomanometro"));
    expect(monitor.exams.map((e: { name: string }) => e.name)).toEqual([
      "Pressione sistolica",
      "Pressione diastolica",
      "Frequenza cardiaca",
    ]);

    const assign = (who: Caller, code: string) =>
      who.call("POST", `wearabledevices/users/${maria}`, { device_id: monitor.hashid, product_code: code });
    expect((await assign(people.citizen, "BP-TEST-1")).statusCode).toBe(403);
    expect((await assign(people.roomOperator, "BP-TEST-1")).statusCode).toBe(404);
    expect((await assign(people.pharmacyOperator, "x")).statusCode).toBe(422);
    const assigned = await assign(people.pharmacyOperator, "bp-test-1");
    expect(assigned.statusCode, assigned.body).toBe(201);
    const device = assigned.json().data;
    expect(device).toMatchObject({ product_code: "BP-TEST-1", last_sync_at: null });
    expect((await assign(people.pharmacyAdmin, "BP-TEST-1")).statusCode).toBe(409);

    const own = await people.citizen.get("users/own/devices");
    expect(own.json().data.map((d: { hashid: string }) => d.hashid)).toEqual([device.hashid]);
    expect((await people.pharmacyOperator.get(`wearabledevices/users/${maria}`)).json().data).toHaveLength(1);
    expect((await people.roomOperator.get(`wearabledevices/users/${maria}`)).statusCode).toBe(404);
    expect((await people.pharmacyOperator.get("users/own/devices")).statusCode).toBe(403);

    const heart = exams["Frequenza cardiaca"]?.hashid;
    const disabled = await people.pharmacyOperator.call("PUT", `wearabledevices/users/exams/${device.hashid}`, {
      exam_id: heart,
      enabled: false,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.exams.find((e: { hashid: string }) => e.hashid === heart).enabled).toBe(false);
    expect(
      (
        await people.pharmacyOperator.call("PUT", `wearabledevices/users/exams/${device.hashid}`, {
          exam_id: exams.Glicemia?.hashid,
          enabled: true,
        })
      ).statusCode,
    ).toBe(422);

    // The simulator gateway: a week of readings the first time, of enabled parameters only; again: none new.
    const update = await people.citizen.get(`wearabledevices/users/measurements/update/${device.hashid}`);
    expect(update.statusCode, update.body).toBe(200);
    const imported = update.json().data.imported;
    expect(imported).toBeGreaterThan(10);
    const deviceRows = await t.database.db
      .select({ examId: healthMeasurements.examId, risk: healthMeasurements.risk })
      .from(healthMeasurements)
      .where(eq(healthMeasurements.patientDeviceId, ids.decode(device.hashid) as number));
    expect(deviceRows).toHaveLength(imported);
    expect(deviceRows.some((r) => r.examId === ids.decode(heart as string))).toBe(false);
    const events = await t.database.db
      .select({ n: count() })
      .from(healthEvents)
      .where(
        inArray(
          healthEvents.measurementId,
          (
            await t.database.db
              .select({ id: healthMeasurements.id })
              .from(healthMeasurements)
              .where(eq(healthMeasurements.patientDeviceId, ids.decode(device.hashid) as number))
          ).map((r) => r.id),
        ),
      );
    expect(events[0]?.n).toBe(imported);
    const again = (
      await people.pharmacyOperator.get(`wearabledevices/users/measurements/update/${device.hashid}`)
    ).json();
    expect(again.data.imported).toBeLessThanOrEqual(2);
    expect(
      (await people.roomOperator.get(`wearabledevices/users/measurements/update/${device.hashid}`)).statusCode,
    ).toBe(404);

    // The CSV export: Italian separators; a repeated line is imported once; a bad line is a 422.
    // One moment for the three lines: read three times, the clock could tick between them (a millisecond
    // apart, the repeated line is another reading, and 3 were imported in one CI run).
    const at = hoursAgo(30);
    const csv = `loinc;valore;data\n8480-6;"151";${at}\n8462-4;92,0;${at}\n8480-6;151;${at}\n`;
    const fromCsv = await people.pharmacyOperator.call(
      "POST",
      `wearabledevices/users/measurements/import/${device.hashid}`,
      {
        csv,
      },
    );
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
    expect(fromCsv.json().data.imported).toBe(2);
    const bad = await people.pharmacyOperator.call(
      "POST",
      `wearabledevices/users/measurements/import/${device.hashid}`,
      {
        csv: "loinc;valore;data\n8480-6;alta;ieri\n",
      },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.csv).toEqual(["Riga 2 non valida"]);

    const renamed = await people.pharmacyOperator.call("PUT", `wearabledevices/users/${device.hashid}`, {
      product_code: "BP-TEST-2",
    });
    expect(renamed.json().data.product_code).toBe("BP-TEST-2");
    expect((await people.citizen.call("DELETE", `wearabledevices/users/${device.hashid}`)).statusCode).toBe(403);
    expect((await people.roomOperator.call("DELETE", `wearabledevices/users/${device.hashid}`)).statusCode).toBe(404);
    expect((await people.pharmacyOperator.call("DELETE", `wearabledevices/users/${device.hashid}`)).statusCode).toBe(
      200,
    );
    expect((await people.citizen.get("users/own/devices")).json().data).toEqual([]);
  });

  it("never makes up readings in production: the simulator answers the update outside it only", async () => {
    const device = { productCode: "BP-1", loincs: ["8480-6"] };
    const now = new Date();
    expect(await updateGateway({ production: true }).readings(device, null, now)).toEqual([]);
    expect((await updateGateway({ production: false }).readings(device, null, now)).length).toBeGreaterThan(0);
  });
});

describe("GET users/own/chart/action-logs", () => {
  it("counts the citizen's own actions per day over 30 days", async () => {
    const response = await people.citizen.get("users/own/chart/action-logs");
    expect(response.statusCode).toBe(200);
    const days = response.json().data as Array<{ date: string; count: number }>;
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.count).toBeGreaterThan(0);
    expect((await people.pharmacyOperator.get("users/own/chart/action-logs")).statusCode).toBe(403);
    expect((await people.admin.get("users/own/chart/action-logs")).statusCode).toBe(403);
  });
});

describe("a caregiver", () => {
  /** Giulia Esposito: Maria's caregiver in these tests (no relation, or one with or without consent). */
  let giulia: Caller;
  let giuliaId: number;

  async function setCaregiver(healthData: boolean | null) {
    await t.database.db
      .delete(caregiverRelations)
      .where(and(eq(caregiverRelations.caregiverId, giuliaId), eq(caregiverRelations.assistedId, mariaId)));
    if (healthData === null) return;
    await t.database.db
      .insert(caregiverRelations)
      .values({ caregiverId: giuliaId, assistedId: mariaId, status: "enabled", healthData });
  }

  beforeAll(async () => {
    giulia = caller(t, await t.login(accounts.citizen3));
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, accounts.citizen3));
    giuliaId = (row as { id: number }).id;
  });
  afterAll(() => setCaregiver(null));

  const reads = () => [
    `exams/measurements/all?user_id=${maria}`,
    `exams/measurements/history/${exams["Pressione sistolica"]?.hashid}?user_id=${maria}`,
    `exams/thresholds/${maria}`,
    `exams/frequencies/${maria}`,
    `scores/frequencies/${maria}`,
    `scores/user/${maria}`,
    `wearabledevices/users/${maria}`,
  ];

  it("without the health-data consent (or without a relation) reads and writes nothing: 404", async () => {
    const body = { user_id: maria, exam_id: exams["Frequenza cardiaca"]?.hashid, value: 70 };
    for (const consent of [null, false]) {
      await setCaregiver(consent);
      for (const path of reads()) expect((await giulia.get(path)).statusCode, `${consent} ${path}`).toBe(404);
      expect((await add(giulia, body)).statusCode, `${consent} add`).toBe(404);
    }
  });

  it("with the consent reads the file and adds readings as 'caregiver', never sets thresholds; a private reading stays hers", async () => {
    await setCaregiver(true);
    for (const path of reads()) expect((await giulia.get(path)).statusCode, path).toBe(200);
    const heart = exams["Frequenza cardiaca"]?.hashid;
    const created = await add(giulia, { user_id: maria, exam_id: heart, value: 70, private: true });
    expect(created.statusCode, created.body).toBe(201);
    const reading = created.json().data;
    expect(reading).toMatchObject({ author: "caregiver", mine: true, private: true });
    // Maria does not see her caregiver's private reading; the caregiver does.
    const ofMaria = (await people.citizen.get(`exams/measurements/all?exam_id=${heart}&per_page=100`)).json().data;
    expect(ofMaria.map((m: { hashid: string }) => m.hashid)).not.toContain(reading.hashid);
    const ofGiulia = (await giulia.get(`exams/measurements/all?user_id=${maria}&exam_id=${heart}&per_page=100`)).json()
      .data;
    expect(ofGiulia.map((m: { hashid: string }) => m.hashid)).toContain(reading.hashid);
    // Thresholds, frequencies and devices are the operators'.
    const bands = [{ min: 20, max: 250, risk: 0 }];
    expect((await giulia.call("POST", `exams/thresholds/${maria}`, { exam_id: heart, bands })).statusCode).toBe(403);
    expect(
      (await giulia.call("POST", `exams/frequencies/${maria}`, { exam_id: heart, every: 1, unit: 2 })).statusCode,
    ).toBe(403);
    // Once the consent is withdrawn, the reading she entered is out of her reach too.
    await setCaregiver(false);
    expect((await giulia.call("DELETE", `exams/measurements/${reading.hashid}`)).statusCode).toBe(404);
  });
});
