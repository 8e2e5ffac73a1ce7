import { COMPANY_MESSAGES } from "@cura/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { companies, companyServices } from "./tables.ts";
import { companyHashid, demoCallers } from "./test-helpers.ts";

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
    // Five providers; the monitoring room, in Roma too, is no provider a citizen books with.
    expect(rome.data.length).toBeGreaterThanOrEqual(5);
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

describe("citizens' search (issue 16)", () => {
  type ServiceEntry = Entry & { health_services: Array<{ hashid: string; name: string }> };
  const providersOf = async (query: string, who = people.citizen) => {
    const response = await who.get(`healthservices/search/companies?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: ServiceEntry[] }).data;
  };

  it("leaves out the monitoring room and any company a citizen cannot book with", async () => {
    const room = "Centrale di Monitoraggio Lazio";
    // The room runs teleconsult and monitoring, not bookings: operators find it, citizens do not.
    expect((await search("q=monitoraggio")).meta.total).toBe(0);
    expect(names((await search("comune=roma&per_page=50")).data)).not.toContain(room);
    expect((await search("type=centrale", "companies/search/subtype")).meta.total).toBe(0);
    const forOperator = (await people.pharmacyAdmin.get("companies/compact/search?q=monitoraggio")).json();
    expect(names(forOperator.data)).toEqual([room]);

    // Its "Televisita di controllo" (teleconsult) is no service of the booking wizard.
    expect(await providersOf("service=televisita")).toEqual([]);
    expect(names(await providersOf("service=televisita", people.pharmacyAdmin))).toEqual([room]);
    const roomHashid = forOperator.data[0].hashid as string;
    expect((await people.citizen.get(`healthservices/company/all/${roomHashid}`)).json().data).toEqual([]);
    expect((await people.roomOperator.get(`healthservices/company/all/${roomHashid}`)).json().data.length).toBe(2);

    // A service under another platform service than bookings is not offered to citizens either.
    const created = await people.pharmacyAdmin.call("POST", "healthservices", {
      name: "Teleconsulto dermatologico",
      slot_minutes: 20,
      position_ref: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await providersOf("service=teleconsulto")).toEqual([]);
    const sanMarco = await companyHashid(people.citizen, "Farmacia San Marco");
    const offered = (await people.citizen.get(`healthservices/company/all/${sanMarco}`)).json().data as Entry[];
    expect(offered.length).toBeGreaterThan(0);
    expect(names(offered)).not.toContain("Teleconsulto dermatologico");

    // A company that switched its bookings off is out of the citizens' search until it switches them on.
    const [navigli] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, "Farmacia Navigli"));
    const bookingsOf = and(eq(companyServices.companyId, navigli?.id ?? 0), inArray(companyServices.positionRef, [1]));
    await t.database.db.update(companyServices).set({ active: false }).where(bookingsOf);
    try {
      expect((await search("cap=20143")).meta.total).toBe(0);
    } finally {
      await t.database.db.update(companyServices).set({ active: true }).where(bookingsOf);
    }
    expect(names((await search("cap=20143")).data)).toEqual(["Farmacia Navigli"]);
  });

  it("orders a service's providers by distance from a point, with no radius", async () => {
    // Piazza Venezia, Roma: Roma's providers first, Milano's (about 480 km) still listed.
    const found = await providersOf("service=visita&near_lat=41.8958&near_lng=12.4823&per_page=50");
    const distances = found.map((e) => e.distance_km as number);
    expect(distances.every((d) => typeof d === "number")).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(found[0]?.comune).toBe("Roma");
    expect(distances[0]).toBeLessThan(5);
    expect(found.some((e) => e.comune === "Milano" && (e.distance_km as number) > 400)).toBe(true);
    expect(found.every((e) => e.health_services.length > 0)).toBe(true);

    const incomplete = await people.citizen.get("healthservices/search/companies?service=visita&near_lat=41.9");
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().message).toBe(COMPANY_MESSAGES.positionIncomplete);
  });

  it("orders by distance from the centre of a comune, or by name when it has no provider to place it", async () => {
    const fromRome = await providersOf("service=visita&near_comune=Roma&near_provincia=RM&per_page=50");
    const distances = fromRome.map((e) => e.distance_km as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const romans = fromRome.filter((e) => e.comune === "Roma");
    expect(romans.length).toBeGreaterThan(0);
    expect(fromRome.slice(0, romans.length).every((e) => e.comune === "Roma")).toBe(true);
    expect(romans.every((e) => (e.distance_km as number) < 5)).toBe(true);
    // The province's name works as its sigla does; a comune of a province with providers gets the province's centre.
    const byName = await providersOf("service=visita&near_comune=roma&near_provincia=Roma&per_page=50");
    expect(byName.map((e) => e.hashid)).toEqual(fromRome.map((e) => e.hashid));
    const fromFiumicino = await providersOf("service=visita&near_comune=Fiumicino&near_provincia=RM&per_page=50");
    expect(fromFiumicino[0]?.provincia).toBe("RM");

    const nowhere = await providersOf("service=visita&near_comune=Aosta&near_provincia=AO&per_page=50");
    expect(nowhere.every((e) => e.distance_km === null)).toBe(true);
    const sorted = names(nowhere).map((n) => n.toLowerCase());
    expect(sorted).toEqual([...sorted].sort());
  });
});
