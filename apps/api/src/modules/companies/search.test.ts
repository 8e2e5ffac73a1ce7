import { COMPANY_MESSAGES } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { demoCallers } from "./test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

type Entry = {
  hashid: string;
  name: string;
  comune: string;
  provincia: string;
  cap: string;
  distance_km: number | null;
};
const search = async (query: string, path = "companies/compact/search") => {
  const response = await people.citizen.get(`${path}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: Entry[];
    meta: { page: number; per_page: number; total: number };
    message?: string;
  };
};
const names = (entries: Entry[]) => entries.map((e) => e.name);

describe("provider search", () => {
  it("finds by comune, whatever the case, and by province sigla or name", async () => {
    const rome = await search("comune=roma&per_page=50");
    expect(rome.data.length).toBeGreaterThanOrEqual(6);
    expect(rome.data.every((e) => e.comune === "Roma")).toBe(true);
    expect(names(rome.data)).toEqual(expect.arrayContaining(["Farmacia Trastevere", "Centro Medico Ostiense"]));
    const bySigla = await search("provincia=RM&per_page=50");
    const byName = await search("provincia=roma&per_page=50");
    expect(bySigla.meta.total).toBe(byName.meta.total);
    expect(names(bySigla.data)).toContain("Centro Prelievi Tivoli");
    expect(bySigla.meta.total).toBe(rome.meta.total + 1);
  });

  it("finds by CAP, region, type, subtype and name", async () => {
    expect(names((await search("cap=20143")).data)).toEqual(["Farmacia Navigli"]);
    const lombardy = await search("regione=lombardia&per_page=50");
    expect(lombardy.data.every((e) => ["MI", "BG", "BS", "MB", "PV"].includes(e.provincia))).toBe(true);
    const labs = await search("type=laboratorio&per_page=50");
    expect(labs.data.every((e) => /Laboratorio|Prelievi|Diagnostica/.test(e.name))).toBe(true);
    expect(names((await search("subtype=parafarmacia")).data)).toEqual(["Parafarmacia Salute Più"]);
    expect(names((await search("q=navig")).data)).toEqual(["Farmacia Navigli"]);
    expect((await search("q=nessuna%20struttura")).meta.total).toBe(0);
  });

  it("orders by distance from a position, within the radius", async () => {
    // Piazza del Duomo, Milano.
    const near = await search("lat=45.4642&lng=9.19&radius_km=10&per_page=50");
    expect(near.data.length).toBeGreaterThanOrEqual(4);
    const distances = near.data.map((e) => e.distance_km as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((d) => d <= 10)).toBe(true);
    expect(near.data.every((e) => e.comune === "Milano")).toBe(true);
    const wider = await search("lat=45.4642&lng=9.19&radius_km=60&per_page=50");
    expect(names(wider.data)).toEqual(expect.arrayContaining(["Farmacia del Duomo", "Farmacia Centrale Bergamo"]));
    // Monza (about 13 km) comes before Bergamo (about 43 km).
    expect(names(wider.data).indexOf("Farmacia del Duomo")).toBeLessThan(
      names(wider.data).indexOf("Farmacia Centrale Bergamo"),
    );
    const incomplete = await people.citizen.get("companies/compact/search?lat=45.4");
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().message).toBe(COMPANY_MESSAGES.positionIncomplete);
  });

  it("pages the results with their total", async () => {
    const all = await search("regione=lombardia&per_page=100");
    const first = await search("regione=lombardia&per_page=3&page=1");
    const second = await search("regione=lombardia&per_page=3&page=2");
    expect(first.meta).toEqual({ page: 1, per_page: 3, total: all.meta.total });
    expect(second.meta.page).toBe(2);
    expect([...names(first.data), ...names(second.data)]).toEqual(names(all.data).slice(0, 6));
    const beyond = await search("regione=lombardia&per_page=3&page=50");
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(all.meta.total);
  });

  it("gives full entries by subtype, and compact ones on the compact paths", async () => {
    const full = (await people.citizen.get("companies/search/subtype?subtype=centro_medico&per_page=50")).json();
    expect(full.data.length).toBeGreaterThan(0);
    expect(full.data[0]).toHaveProperty("phone");
    expect(full.data[0].services.length).toBeGreaterThan(0);
    const compact = (
      await people.citizen.get("companies/compact/search/subtype?subtype=centro_medico&per_page=50")
    ).json();
    expect(compact.data.map((e: Entry) => e.hashid)).toEqual(full.data.map((e: Entry) => e.hashid));
    expect(compact.data[0]).not.toHaveProperty("phone");
  });

  it("lists a monitoring room's provider centres to its operators only", async () => {
    const managed = (await people.roomOperator.get("companies/compact/search?managed=true")).json();
    expect(names(managed.data).sort()).toEqual([
      "Centro Medico Ostiense",
      "Laboratorio Analisi Flaminio",
      "Poliambulatorio Tiburtino",
    ]);
    expect((await search("managed=true")).meta.total).toBe(0);
  });
});

describe("providers of a service", () => {
  it("finds companies by a health service's name, with the matching services", async () => {
    const created = await people.pharmacyAdmin.call("POST", "healthservices", { name: "Agopuntura", slot_minutes: 40 });
    expect(created.statusCode).toBe(201);
    const found = (await people.citizen.get("healthservices/search/companies?service=agopunt")).json();
    expect(found.data.map((e: Entry) => e.name)).toEqual(["Farmacia San Marco"]);
    expect(found.data[0].health_services).toEqual([
      { hashid: created.json().data.hashid, name: "Agopuntura", slot_minutes: 40 },
    ]);
    const none = (await people.citizen.get("healthservices/search/companies?service=trapianto&comune=Milano")).json();
    expect(none.data).toEqual([]);
    expect(none.message).toBe(COMPANY_MESSAGES.noCompaniesForService);
  });

  it("finds companies running a platform service, near a position", async () => {
    const refs = (await people.citizen.get("services/app/enabled")).json().data as Array<{
      hashid: string;
      position_ref: number;
    }>;
    const monitoring = refs.find((s) => s.position_ref === 8)?.hashid;
    const bookings = refs.find((s) => s.position_ref === 1)?.hashid;
    const rooms = (await people.citizen.get(`services/${monitoring}/companies`)).json();
    expect(rooms.data.map((e: Entry) => e.name)).toEqual(["Centrale di Monitoraggio Lazio"]);
    const nearRome = (
      await people.citizen.get(`services/${bookings}/companies?lat=41.9028&lng=12.4964&radius_km=5`)
    ).json();
    expect(nearRome.data.length).toBeGreaterThan(0);
    expect(nearRome.data.every((e: Entry) => e.comune === "Roma")).toBe(true);
    const nowhere = (await people.citizen.get(`services/${monitoring}/companies?comune=Bari`)).json();
    expect(nowhere.message).toBe(COMPANY_MESSAGES.noCompaniesForService);
    expect((await people.citizen.get("services/kZ3Gx7Qa/companies")).statusCode).toBe(404);
  });
});
