import { ADMIN_SETTINGS_MESSAGES } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { companyHashid, demoCallers } from "../../companies/test-helpers.ts";
import { parseCsvLine, seedAslReference } from "./reference.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

const publicGet = (path: string) => t.request({ method: "GET", url: `/api/v1/${path}` });

describe("the reference data", () => {
  it("holds the 110 ASL of the Ministry's list, keyed on codice_asl, with the 2026 changes applied", async () => {
    const response = await publicGet("utilities/aslinfo");
    expect(response.statusCode).toBe(200);
    const list = response.json().data as Array<Record<string, string | null>>;
    expect(list).toHaveLength(110);
    expect(new Set(list.map((a) => a.codice_asl)).size).toBe(110);
    expect(list.find((a) => a.codice_asl === "120201")).toMatchObject({
      denominazione: "ROMA 1",
      regione: "Lazio",
      codice_regione: "120",
      accorpata_in: null,
    });
    const liguria = list.filter((a) => a.codice_regione === "070");
    expect(liguria).toHaveLength(5);
    for (const area of liguria)
      expect(area).toMatchObject({ accorpata_in: "ATS Liguria", accorpata_dal: "2026-01-01" });
    expect(list.find((a) => a.codice_asl === "042101")).toMatchObject({ denominazione: "ASUIT" });
  });

  it("seeding again keeps an administrator's corrections", async () => {
    await people.admin.call("PUT", "utilities/aslinfo/admin/010203", { denominazione: "ASL TO3" });
    await seedAslReference(t.database.db);
    const to3 = (await publicGet("utilities/aslinfo?regione=Piemonte"))
      .json()
      .data.find((a: { codice_asl: string }) => a.codice_asl === "010203");
    expect(to3.denominazione).toBe("ASL TO3");
  });

  it("reads quoted CSV fields", () => {
    expect(parseCsvLine('a,"b, c","d ""e"""')).toEqual(["a", "b, c", 'd "e"']);
  });
});

describe("GET utilities/aslinfo", () => {
  it("filters by region name, bilingual part or ISTAT code, without sign-in; 404 for an unknown region", async () => {
    const lazio = (await publicGet("utilities/aslinfo?regione=lazio")).json().data;
    expect(lazio).toHaveLength(10);
    expect(lazio[0]).toEqual(
      expect.objectContaining({
        codice_asl: expect.any(String),
        comune_sede: expect.anything(),
        sito_web: expect.anything(),
      }),
    );
    expect((await publicGet("utilities/aslinfo?regione=12")).json().data).toHaveLength(10);
    // Trentino-Alto Adige holds the two autonomous provinces' authorities.
    const trentino = (await publicGet("utilities/aslinfo?regione=Trentino-Alto%20Adige")).json().data;
    expect(trentino.map((a: { codice_asl: string }) => a.codice_asl).sort()).toEqual(["041201", "042101"]);
    expect((await publicGet("utilities/aslinfo?regione=Atlantide")).statusCode).toBe(404);
  });
});

describe("administrators", () => {
  const adminRoutes: Array<[string, string, unknown?]> = [
    ["GET", "utilities/aslinfo/admin"],
    ["PUT", "utilities/aslinfo/admin/120201", { sito_web: "https://www.aslroma1.it" }],
    ["POST", "utilities/aslinfo/admin/merge", { codici: ["120201"], accorpata_in: "X", data_effetto: "2027-01-01" }],
    ["PUT", "utilities/aslinfo/admin/120201/companies/abc"],
    ["DELETE", "utilities/aslinfo/admin/120201/companies/abc"],
  ];

  it("answer 403 to citizens and operators, 401 without sign-in", async () => {
    for (const [method, path, body] of adminRoutes) {
      for (const who of [people.citizen, people.pharmacyAdmin]) {
        expect((await who.call(method as "GET", path, body)).statusCode, `${method} ${path}`).toBe(403);
      }
      const anonymous = await t.request({ method: method as "GET", url: `/api/v1/${path}`, body });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it("correct a name and a site, audited with before and after; 422 and 404", async () => {
    const response = await people.admin.call("PUT", "utilities/aslinfo/admin/120202", {
      denominazione: "ASL Roma 2",
      sito_web: "https://www.aslroma2.it",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      codice_asl: "120202",
      denominazione: "ASL Roma 2",
      denominazione_fonte: "ROMA 2",
      sito_web: "https://www.aslroma2.it",
    });
    const log = await people.admin.get("utilities/dati/logs?entity=asl&action=asl.updated");
    const entry = log.json().data.find((e: { entity_id: string }) => e.entity_id === "120202");
    expect(entry.detail).toMatchObject({ before: { denominazione: "ROMA 2" }, after: { denominazione: "ASL Roma 2" } });

    const badSite = await people.admin.call("PUT", "utilities/aslinfo/admin/120202", { sito_web: "non un sito" });
    expect(badSite.statusCode).toBe(422);
    expect(badSite.json().errors.sito_web).toEqual([ADMIN_SETTINGS_MESSAGES.aslSiteInvalid]);
    const emptyName = await people.admin.call("PUT", "utilities/aslinfo/admin/120202", { denominazione: " " });
    expect(emptyName.statusCode).toBe(422);
    expect(emptyName.json().errors.denominazione).toEqual([ADMIN_SETTINGS_MESSAGES.aslNameRequired]);
    const nothing = await people.admin.call("PUT", "utilities/aslinfo/admin/120202", {});
    expect(nothing.statusCode).toBe(422);
    const badCode = await people.admin.call("PUT", "utilities/aslinfo/admin/12", { denominazione: "X" });
    expect(badCode.statusCode).toBe(422);
    const missing = await people.admin.call("PUT", "utilities/aslinfo/admin/999999", { denominazione: "X" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_SETTINGS_MESSAGES.aslNotFound);
  });

  it("record a merger in one transaction: an unknown code changes nothing (422 on its row)", async () => {
    const bad = await people.admin.call("POST", "utilities/aslinfo/admin/merge", {
      codici: ["160114", "999999"],
      accorpata_in: "ASL Puglia Unica",
      data_effetto: "2027-01-01",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors["codici.1"]).toEqual([ADMIN_SETTINGS_MESSAGES.aslNotFound]);
    const untouched = (await publicGet("utilities/aslinfo?regione=Puglia")).json().data;
    expect(untouched.every((a: { accorpata_in: string | null }) => a.accorpata_in === null)).toBe(true);

    const codici = untouched.slice(0, 2).map((a: { codice_asl: string }) => a.codice_asl);
    const merged = await people.admin.call("POST", "utilities/aslinfo/admin/merge", {
      codici,
      accorpata_in: "ASL Puglia Unica",
      data_effetto: "2027-01-01",
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data).toHaveLength(2);
    const after = (await publicGet("utilities/aslinfo?regione=Puglia")).json().data;
    expect(after.filter((a: { accorpata_in: string | null }) => a.accorpata_in === "ASL Puglia Unica")).toHaveLength(2);
    const log = await people.admin.get("utilities/dati/logs?action=asl.merged");
    expect(log.json().meta.total).toBe(2);

    const noCodes = await people.admin.call("POST", "utilities/aslinfo/admin/merge", {
      codici: [],
      accorpata_in: "",
      data_effetto: "domani",
    });
    expect(noCodes.statusCode).toBe(422);
    expect(Object.keys(noCodes.json().errors).sort()).toEqual(["accorpata_in", "codici", "data_effetto"]);
  });

  it("link a company to its ASL, list it, move it and unlink it", async () => {
    const company = await companyHashid(people.admin, "Farmacia San Marco");
    const linked = await people.admin.call("PUT", `utilities/aslinfo/admin/120201/companies/${company}`);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.aziende).toEqual([{ hashid: company, name: "Farmacia San Marco" }]);
    const moved = await people.admin.call("PUT", `utilities/aslinfo/admin/120203/companies/${company}`);
    expect(moved.json().data.aziende).toHaveLength(1);
    const list = (await people.admin.get("utilities/aslinfo/admin")).json().data;
    expect(list.find((a: { codice_asl: string }) => a.codice_asl === "120201").aziende).toEqual([]);
    expect(list).toHaveLength(110);

    const wrongAsl = await people.admin.call("DELETE", `utilities/aslinfo/admin/120201/companies/${company}`);
    expect(wrongAsl.statusCode).toBe(404);
    const unlinked = await people.admin.call("DELETE", `utilities/aslinfo/admin/120203/companies/${company}`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data.aziende).toEqual([]);
    const noCompany = await people.admin.call("PUT", "utilities/aslinfo/admin/120201/companies/zzzzzzzz");
    expect(noCompany.statusCode).toBe(404);
    // Linked, moved, unlinked: three entries, each with the ASL before and after.
    const log = await people.admin.get("utilities/dati/logs?action=asl.company_");
    expect(log.json().meta.total).toBe(3);
    expect(log.json().data[1].detail).toEqual({ before: { codice_asl: "120201" }, after: { codice_asl: "120203" } });
  });
});
