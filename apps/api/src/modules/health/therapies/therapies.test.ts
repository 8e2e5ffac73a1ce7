import { HEALTH_THERAPY_MESSAGES as M } from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import { createIds } from "../../../platform/ids.ts";
import { addDays, zonedDate, zonedToInstant } from "../../../platform/zoned-time.ts";
import { caregiverRelations } from "../../care/tables.ts";
import { type Caller, caller, demoCallers } from "../../companies/test-helpers.ts";
import { users } from "../../identity/tables.ts";

const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** Maria Rossi, a patient of Farmacia San Marco (its care circle). */
let maria: string;
const today = () => zonedDate(Date.now(), "Europe/Rome");

const therapy = (overrides: Record<string, unknown> = {}) => ({
  drug: { name: "Preparato galenico", not_listed: true },
  dosage: 1,
  dosage_unit: "compressa",
  route: "orale",
  frequency: "volte_al_giorno",
  intake_moments: ["mattina", "sera"],
  duration: "definita",
  start_date: addDays(today(), -20),
  end_date: addDays(today(), 30),
  prescriber: "Dott. Bianchi",
  source: "medico_di_base",
  ...overrides,
});

async function created(c: Caller, path: string, body: unknown) {
  const response = await c.call("POST", path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, accounts.citizen));
  maria = ids.encode((row as { id: number }).id);
  // The health file opens to a company's operators once the company holds her record (isPatientOf
  // reads the company–patient link): the operator records her consent, as at the counter.
  const linked = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
  expect(linked.statusCode, linked.body).toBe(200);
});
afterAll(() => t.close());

describe("reference lists", () => {
  it("searches ICD-10 by code or words (2+ characters), without signing in", async () => {
    const byCode = await t.request({ method: "GET", url: "/api/v1/utilities/pathologies/icd/search?q=E11" });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().data.map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(["E11", "E11.9"]));
    const byWords = await t.request({
      method: "GET",
      url: "/api/v1/utilities/pathologies/icd/search?q=diabete%20tipo",
    });
    expect(byWords.json().data[0]).toMatchObject({ code: "E10" });
    const short = await t.request({ method: "GET", url: "/api/v1/utilities/pathologies/icd/search?q=e" });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.q).toEqual([M.searchTooShort]);
  });

  it("searches the chronic and rare exemption lists, and lists the codes", async () => {
    const chronic = await t.request({ method: "GET", url: "/api/v1/utilities/pathologies/chronic/search?q=diabete" });
    expect(chronic.json().data).toContainEqual({ code: "013", label: "Diabete mellito" });
    const rare = await t.request({ method: "GET", url: "/api/v1/utilities/pathologies/rare/search?q=sclerosi" });
    expect(rare.json().data[0]).toMatchObject({ code: "RF0100" });
    const list = await people.citizen.get("pathologies/exemptioncodes/list?kind=cronica");
    expect(list.statusCode).toBe(200);
    expect(list.json().data.every((e: { kind: string }) => e.kind === "cronica")).toBe(true);
    expect((await t.request({ method: "GET", url: "/api/v1/pathologies/exemptioncodes/list" })).statusCode).toBe(401);
  });
});

describe("pathologies", () => {
  it("requires name and type, checks the ICD-10 code and start ≤ end", async () => {
    const empty = await people.citizen.call("POST", "pathologies", {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(["name", "type"]));
    const order = await people.citizen.call("POST", "pathologies", {
      name: "Asma",
      type: "cronica",
      start_date: "2024-05-02",
      end_date: "2024-05-01",
    });
    expect(order.json().errors.end_date).toEqual([M.endBeforeStart]);
    const icd = await people.citizen.call("POST", "pathologies", { name: "X", type: "acuta", icd10_code: "ZZ9" });
    expect(icd.statusCode).toBe(422);
    expect(icd.json().errors.icd10_code).toEqual([M.icdUnknown]);
  });

  it("a citizen's private pathology never reaches the operator, not even in the total", async () => {
    const open = await created(people.citizen, "pathologies", { name: "Asma", type: "cronica", icd10_code: "j45" });
    expect(open).toMatchObject({ icd10_code: "J45", icd10_label: "Asma", author: { mine: true, role: "paziente" } });
    const secret = await created(people.citizen, "pathologies", { name: "Segreta", type: "acuta", private: true });
    const own = (await people.citizen.get("pathologies")).json();
    expect(own.data.map((p: { hashid: string }) => p.hashid)).toEqual(
      expect.arrayContaining([open.hashid, secret.hashid]),
    );
    const seen = (await people.pharmacyOperator.get(`pathologies?patient=${maria}`)).json();
    expect(seen.data.map((p: { hashid: string }) => p.hashid)).toContain(open.hashid);
    expect(seen.data.map((p: { hashid: string }) => p.hashid)).not.toContain(secret.hashid);
    expect(seen.meta.total).toBe(own.meta.total - 1);
    // Not changeable either: it does not exist for them.
    const put = await people.pharmacyOperator.call("PUT", "pathologies", {
      hashid: secret.hashid,
      patient: maria,
      name: "Altro",
      type: "acuta",
    });
    expect(put.statusCode).toBe(404);
  });

  it("PUT carries the hashid in the body; an operator changes only what their company wrote", async () => {
    const byOperator = await created(people.pharmacyOperator, "pathologies", {
      patient: maria,
      name: "Ipertensione",
      type: "cronica",
      icd10_code: "I10",
    });
    expect(byOperator.author).toEqual({ mine: true, role: "operatore" });
    const changed = await people.pharmacyAdmin.call("PUT", "pathologies", {
      hashid: byOperator.hashid,
      patient: maria,
      name: "Ipertensione essenziale",
      type: "cronica",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.name).toBe("Ipertensione essenziale");
    const citizens = (await people.citizen.get("pathologies")).json().data;
    const byCitizen = citizens.find(
      (p: { author: { role: string }; private: boolean }) => p.author.role === "paziente" && !p.private,
    );
    const refused = await people.pharmacyOperator.call("PUT", "pathologies", {
      hashid: byCitizen.hashid,
      patient: maria,
      name: "Cambiata",
      type: "acuta",
    });
    expect(refused.statusCode).toBe(403);
  });

  it("access: another company's operator and a non-caregiver citizen get 404, an administrator 403", async () => {
    expect((await people.roomOperator.get(`pathologies?patient=${maria}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`pathologies?patient=${maria}`)).statusCode).toBe(404);
    expect(
      (await people.citizen2.call("POST", "pathologies", { patient: maria, name: "X", type: "acuta" })).statusCode,
    ).toBe(404);
    expect((await people.admin.get("pathologies")).statusCode).toBe(403);
  });
});

describe("exemptions", () => {
  it("own (no id) and a patient's (id): code from the list, linked pathologies, validity, PATCH toggles", async () => {
    const pathology = await created(people.citizen, "pathologies", { name: "Diabete", type: "cronica" });
    const bad = await people.citizen.call("POST", "pathologies/exemptioncodes/users", {
      code: "999",
      valid_from: "2025-01-01",
    });
    expect(bad.json().errors.code).toEqual([M.exemptionUnknown]);
    const badLink = await people.citizen.call("POST", "pathologies/exemptioncodes/users", {
      code: "013",
      valid_from: "2025-01-01",
      pathologies: ["zzzz"],
    });
    expect(badLink.json().errors.pathologies).toEqual([M.pathologyUnknown]);
    const order = await people.citizen.call("POST", "pathologies/exemptioncodes/users", {
      code: "013",
      valid_from: "2025-01-02",
      valid_to: "2025-01-01",
    });
    expect(order.json().errors.valid_to).toEqual([M.endBeforeStart]);
    const exemption = await created(people.citizen, "pathologies/exemptioncodes/users", {
      code: "013",
      valid_from: "2025-01-01",
      pathologies: [pathology.hashid],
    });
    expect(exemption).toMatchObject({
      code: "013",
      label: "Diabete mellito",
      kind: "cronica",
      valid: true,
      enabled: true,
      pathologies: [{ hashid: pathology.hashid, name: "Diabete" }],
    });
    const seen = await people.pharmacyOperator.get(`pathologies/exemptioncodes/users/${maria}`);
    expect(seen.json().data.map((e: { hashid: string }) => e.hashid)).toContain(exemption.hashid);
    const off = await people.citizen.call("PATCH", "pathologies/exemptioncodes/users", {
      hashid: exemption.hashid,
      enabled: false,
    });
    expect(off.json().data.enabled).toBe(false);
    const byOperator = await created(people.pharmacyOperator, `pathologies/exemptioncodes/users/${maria}`, {
      code: "RF0100",
      valid_from: "2025-01-01",
      valid_to: "2025-12-31",
    });
    expect(byOperator).toMatchObject({ kind: "rara", valid: false });
    const put = await people.pharmacyOperator.call("PUT", `pathologies/exemptioncodes/users/${maria}`, {
      hashid: byOperator.hashid,
      code: "RF0100",
      valid_from: "2025-01-01",
      valid_to: null,
    });
    expect(put.json().data).toMatchObject({ valid: true, valid_to: null });
    // The operator cannot switch off what the citizen entered.
    const foreign = await people.pharmacyOperator.call("PATCH", `pathologies/exemptioncodes/users/${maria}`, {
      hashid: exemption.hashid,
      enabled: true,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await people.roomOperator.get(`pathologies/exemptioncodes/users/${maria}`)).statusCode).toBe(404);
    expect((await people.admin.get("pathologies/exemptioncodes/users")).statusCode).toBe(403);
  });
});

describe("therapies", () => {
  it("every N hours or N days allows exactly one intake moment (the spec's message)", async () => {
    for (const frequency of ["ogni_n_ore", "ogni_n_giorni"]) {
      const two = await people.citizen.call(
        "POST",
        "therapies",
        therapy({ frequency, frequency_every: 8, intake_moments: ["mattina", "sera"] }),
      );
      expect(two.statusCode).toBe(422);
      expect(two.json().errors.intake_moments).toEqual([M.oneMoment]);
    }
    const one = await created(
      people.citizen,
      "therapies",
      therapy({ frequency: "ogni_n_ore", frequency_every: 8, intake_moments: ["mattina"] }),
    );
    expect(one).toMatchObject({ frequency: "ogni_n_ore", frequency_every: 8, times_per_day: 1, state: "attiva" });
  });

  it("requires drug, dosage, unit, frequency, start, end (unless undetermined), prescriber and source", async () => {
    const empty = await people.citizen.call("POST", "therapies", {});
    expect(Object.keys(empty.json().errors)).toEqual(
      expect.arrayContaining(["drug", "dosage", "dosage_unit", "frequency", "start_date", "prescriber", "source"]),
    );
    const noEnd = await people.citizen.call("POST", "therapies", therapy({ end_date: null }));
    expect(noEnd.json().errors.end_date).toEqual([M.endRequired]);
    const undetermined = await people.citizen.call(
      "POST",
      "therapies",
      therapy({ end_date: null, duration: "indeterminata" }),
    );
    expect(undetermined.statusCode, undetermined.body).toBe(201);
    const unknownDrug = await people.citizen.call("POST", "therapies", therapy({ drug: { code: "123456789" } }));
    expect(unknownDrug.json().errors["drug.code"]).toEqual([M.drugUnknown]);
    const listed = await created(people.citizen, "therapies", therapy({ drug: { code: "CP0001" } }));
    expect(listed.drug).toMatchObject({ code: "CP0001", not_listed: false });
    expect(listed.drug.name).toMatch(/^Tachipirina/);
    const badEnum = await people.citizen.call("POST", "therapies", therapy({ route: "orecchio" }));
    expect(badEnum.json().errors.route).toBeDefined();
  });

  it("suspends and resumes, deletes softly with an audit entry; operators and others", async () => {
    const row = await created(people.pharmacyOperator, "therapies", therapy({ patient: maria }));
    const suspended = await people.citizen.call("PATCH", `therapies/${row.hashid}/state`, { state: "sospesa" });
    expect(suspended.json().data.state).toBe("sospesa");
    const sospese = (await people.citizen.get("therapies?state=sospesa")).json().data;
    expect(sospese.map((r: { hashid: string }) => r.hashid)).toContain(row.hashid);
    const resumed = await people.citizen.call("PATCH", `therapies/${row.hashid}/state`, { state: "attiva" });
    expect(resumed.json().data.state).toBe("attiva");
    expect((await people.roomOperator.get(`therapies/${row.hashid}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`therapies/${row.hashid}`)).statusCode).toBe(404);
    expect((await people.admin.get(`therapies/${row.hashid}`)).statusCode).toBe(403);
    const deleted = await people.pharmacyOperator.call("DELETE", `therapies/${row.hashid}`);
    expect(deleted.statusCode).toBe(200);
    expect((await people.citizen.get(`therapies/${row.hashid}`)).statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, "therapy"));
    expect(audit.some((a) => a.action === "delete")).toBe(true);
  });

  it("a finished therapy goes to the history and cannot be suspended", async () => {
    const old = await created(
      people.citizen,
      "therapies",
      therapy({ start_date: addDays(today(), -40), end_date: addDays(today(), -10) }),
    );
    expect(old.state).toBe("terminata");
    const history = (await people.citizen.get("therapies?state=terminata")).json().data;
    expect(history.map((r: { hashid: string }) => r.hashid)).toContain(old.hashid);
    const active = (await people.citizen.get("therapies?state=attiva")).json().data;
    expect(active.map((r: { hashid: string }) => r.hashid)).not.toContain(old.hashid);
    expect((await people.citizen.call("PATCH", `therapies/${old.hashid}/state`, { state: "sospesa" })).statusCode).toBe(
      409,
    );
  });

  it("a private therapy reaches only its author: lists, reads, PDFs", async () => {
    const secret = await created(people.citizen, "therapies", therapy({ private: true }));
    const seen = (await people.pharmacyOperator.get(`therapies?patient=${maria}&per_page=100`)).json().data;
    expect(seen.map((r: { hashid: string }) => r.hashid)).not.toContain(secret.hashid);
    expect((await people.pharmacyOperator.get(`therapies/${secret.hashid}`)).statusCode).toBe(404);
    expect((await people.pharmacyOperator.get(`therapies/download/${secret.hashid}`)).statusCode).toBe(404);
    const own = await people.citizen.get(`therapies/download/${secret.hashid}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("intakes and adherence", () => {
  it("marks scheduled intakes; ≥80% optimal, 50–79% medium, <50% poor; operators override", async () => {
    // Once a day at 08:00 for the last 10 days (today's 08:00 may still be ahead).
    const row = await created(
      people.citizen,
      "therapies",
      therapy({ intake_moments: ["mattina"], start_date: addDays(today(), -9), end_date: addDays(today(), 5) }),
    );
    const intakes = (await people.citizen.get(`therapies/${row.hashid}/intakes?from=${addDays(today(), -9)}`)).json()
      .data;
    const past = intakes.filter((i: { scheduled_at: string }) => Date.parse(i.scheduled_at) <= Date.now());
    expect(past.length).toBeGreaterThanOrEqual(9);
    expect(intakes.every((i: { taken: null }) => i.taken === null)).toBe(true);

    const mark = (at: string, taken = true) =>
      people.citizen.call("POST", `therapies/${row.hashid}/intakes`, { scheduled_at: at, taken });
    for (const i of past) expect((await mark(i.scheduled_at)).statusCode).toBe(200);
    // Marking again is idempotent.
    expect((await mark(past[0].scheduled_at)).json().data).toMatchObject({ taken: true, moment: "mattina" });
    expect((await people.citizen.get(`therapies/${row.hashid}`)).json().data).toMatchObject({
      adherence: "ottimale",
      adherence_scheduled: past.length,
      adherence_taken: past.length,
    });
    // Half missed: medium; most missed: poor.
    const half = Math.ceil(past.length * 0.4);
    for (const i of past.slice(0, half)) await mark(i.scheduled_at, false);
    expect((await people.citizen.get(`therapies/${row.hashid}`)).json().data.adherence).toBe("media");
    for (const i of past.slice(0, past.length - 2)) await mark(i.scheduled_at, false);
    expect((await people.citizen.get(`therapies/${row.hashid}`)).json().data.adherence).toBe("scarsa");

    // Not a scheduled instant, in the future: 422.
    const offSlot = new Date(Date.parse(past[0].scheduled_at) + 60_000).toISOString();
    expect((await mark(offSlot)).json().errors.scheduled_at).toEqual([M.intakeNotScheduled]);
    const future = new Date(zonedToInstant(addDays(today(), 3), "08:00", "Europe/Rome")).toISOString();
    expect((await mark(future)).json().errors.scheduled_at).toEqual([M.intakeFuture]);

    // Operators read and override, but do not mark; citizens do not override.
    const operatorMark = await people.pharmacyOperator.call("POST", `therapies/${row.hashid}/intakes`, {
      scheduled_at: past[0].scheduled_at,
      taken: true,
    });
    expect(operatorMark.statusCode).toBe(403);
    const override = await people.pharmacyOperator.call("PUT", `therapies/${row.hashid}/adherence`, {
      adherence: "media",
    });
    expect(override.json().data).toMatchObject({ adherence: "media", adherence_override: true });
    expect(
      (await people.citizen.call("PUT", `therapies/${row.hashid}/adherence`, { adherence: null })).statusCode,
    ).toBe(403);
    expect(
      (await people.roomOperator.call("PUT", `therapies/${row.hashid}/adherence`, { adherence: null })).statusCode,
    ).toBe(404);
  });

  it("is undeterminable under 7 scheduled intakes and for as-needed therapies", async () => {
    const young = await created(people.citizen, "therapies", therapy({ start_date: addDays(today(), -2) }));
    expect(young.adherence).toBe("non_determinabile");
    const asNeeded = await created(
      people.citizen,
      "therapies",
      therapy({ frequency: "al_bisogno", intake_moments: [] }),
    );
    expect(asNeeded).toMatchObject({ adherence: "non_determinabile", adherence_scheduled: 0 });
  });
});

describe("a caregiver", () => {
  it("with the health-data consent adds a therapy as 'caregiver' and marks its intakes; without it, 404", async () => {
    const giulia = caller(t, await t.login(accounts.citizen3));
    const idOf = async (email: string) =>
      ((await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0] as { id: number })
        .id;
    const [giuliaId, mariaId] = [await idOf(accounts.citizen3), await idOf(accounts.citizen)];
    const relation = and(eq(caregiverRelations.caregiverId, giuliaId), eq(caregiverRelations.assistedId, mariaId));
    const setConsent = async (healthData: boolean) => {
      await t.database.db.delete(caregiverRelations).where(relation);
      await t.database.db
        .insert(caregiverRelations)
        .values({ caregiverId: giuliaId, assistedId: mariaId, status: "enabled", healthData });
    };
    try {
      await setConsent(false);
      const refused = await giulia.call("POST", "therapies", therapy({ patient: maria }));
      expect(refused.statusCode, refused.body).toBe(404);
      expect((await giulia.get(`therapies?patient=${maria}`)).statusCode).toBe(404);

      await setConsent(true);
      const row = await created(
        giulia,
        "therapies",
        therapy({ patient: maria, intake_moments: ["mattina"], start_date: addDays(today(), -3) }),
      );
      expect(row.author).toEqual({ mine: true, role: "caregiver" });
      // Maria sees it in her own file, written by her caregiver.
      const own = (await people.citizen.get(`therapies/${row.hashid}`)).json().data;
      expect(own.author).toEqual({ mine: false, role: "caregiver" });
      const intakes = (await giulia.get(`therapies/${row.hashid}/intakes`)).json().data;
      const past = intakes.filter((i: { scheduled_at: string }) => Date.parse(i.scheduled_at) <= Date.now());
      expect(past.length).toBeGreaterThanOrEqual(3);
      const marked = await giulia.call("POST", `therapies/${row.hashid}/intakes`, {
        scheduled_at: past[0].scheduled_at,
        taken: true,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().data).toMatchObject({ taken: true, moment: "mattina" });

      // The consent withdrawn: the therapy and its intakes are closed to her again.
      await setConsent(false);
      expect((await giulia.get(`therapies/${row.hashid}`)).statusCode).toBe(404);
      const late = await giulia.call("POST", `therapies/${row.hashid}/intakes`, {
        scheduled_at: past[0].scheduled_at,
        taken: false,
      });
      expect(late.statusCode).toBe(404);
    } finally {
      await t.database.db.delete(caregiverRelations).where(relation);
    }
  });
});

describe("weekly recap", () => {
  it("downloads the week as a PDF, for the citizen and for the patient's operator", async () => {
    const own = await people.citizen.get("therapies/download/pdf-weekly-recap");
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.headers["content-disposition"]).toMatch(/terapie-settimana-\d{4}-\d{2}-\d{2}\.pdf/);
    const operator = await people.pharmacyOperator.get(`therapies/download/pdf-weekly-recap?user=${maria}`);
    expect(operator.statusCode).toBe(200);
    expect((await people.roomOperator.get(`therapies/download/pdf-weekly-recap?user=${maria}`)).statusCode).toBe(404);
    expect((await people.admin.get("therapies/download/pdf-weekly-recap")).statusCode).toBe(403);
  });

  it("still renders after a signed document's PDF was made (pdfmake is one process-wide configuration)", async () => {
    // The documents module configures pdfmake on its first PDF; the therapy PDFs once set other
    // fonts at import and lost them then ("Font 'Helvetica' … is not defined").
    const { renderDocumentPdf } = await import("../../documents/pdf/render.ts");
    const document = await renderDocumentPdf({
      title: "Consenso",
      companyName: "Farmacia San Marco",
      html: "<p>Testo</p>",
      createdAt: new Date(),
    });
    expect(document.subarray(0, 5).toString()).toBe("%PDF-");
    const recap = await people.citizen.get("therapies/download/pdf-weekly-recap");
    expect(recap.statusCode, recap.body).toBe(200);
    expect(recap.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
