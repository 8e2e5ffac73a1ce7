import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { seedDemoFdsAdhesions } from "./catalogue/demo-data.ts";
import { seedDemoContacts } from "./users/demo-data.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("the back office's demo contacts and adhesions", () => {
  it("fills the contatti page and the farmacia dei servizi, once", async () => {
    await seedDemoContacts(t.database.db);
    await seedDemoFdsAdhesions(t.database.db);
    // Run again as a second start would: nothing doubles.
    await seedDemoContacts(t.database.db);
    await seedDemoFdsAdhesions(t.database.db);
    const admin = await t.login(accounts.admin);
    const get = async (url: string) => (await t.request({ method: "GET", url, token: admin })).json();

    const contacts = await get("/api/v1/users/contatti/pubblici");
    expect(contacts.meta.total).toBe(4);
    expect(contacts.data[0]).toMatchObject({ name: "Francesca Moretti", email: "francesca.moretti@example.it" });

    const services = (await get("/api/v1/fdsservices")).data as Array<{ code: string; pharmacies: number }>;
    const ecg = services.find((s) => s.code === "TELE-ECG");
    expect(ecg?.pharmacies).toBeGreaterThanOrEqual(1);
    expect(services.reduce((sum, s) => sum + s.pharmacies, 0)).toBeGreaterThanOrEqual(4);
    const pharmacy = (await get("/api/v1/companies?type=farmacia&q=San%20Marco&per_page=1")).data[0] as {
      hashid: string;
    };
    const own = (await get(`/api/v1/fdsservices?company=${pharmacy.hashid}`)).data as Array<{
      code: string;
      adherent: boolean;
    }>;
    expect(own.filter((s) => s.adherent).map((s) => s.code)).toEqual([
      "TELE-ECG",
      "TELE-HOLTER-P",
      "ANALISI-1L",
      "CUP",
    ]);
  });
});
