import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { demoCallers, ownCompanyHashid } from "../companies/test-helpers.ts";
import { seedDemoSurveys } from "./demo-data.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("demo surveys (npm start)", () => {
  it("give the demo pharmacy the cardiovascular screening and PHQ-9, with scored fills, once", async () => {
    expect(await seedDemoSurveys(t.database.db)).toBe(3);
    expect(await seedDemoSurveys(t.database.db)).toBe(0);
    const people = await demoCallers(t);
    const pharmacy = await ownCompanyHashid(people.pharmacyAdmin);

    const activities = (await people.pharmacyAdmin.get("companies/own/activities/with-surveys?per_page=50")).json()
      .data as Array<{ name: string; surveys: Array<{ hashid: string; name: string; questions_count: number }> }>;
    const cardio = activities.find((a) => a.name.startsWith("Screening cardiovascolare"))?.surveys[0];
    const phq9 = activities.find((a) => a.name.includes("PHQ-9"))?.surveys[0];
    expect(cardio?.questions_count).toBe(6);
    expect(phq9?.questions_count).toBe(9);

    const template = (await people.citizen.get(`activities/surveys/get/${cardio?.hashid}`)).json().data.template;
    expect(template.domande[1].si).toEqual({ index: 0, response: "Sì" });
    expect(template.domande[5].o).toBe("file");
    const phq = (await people.citizen.get(`activities/surveys/get/${phq9?.hashid}`)).json().data.template;
    expect(phq.domande[0].o).toEqual(["Mai", "Alcuni giorni", "Più della metà dei giorni", "Quasi ogni giorno"]);
    expect(phq.scoring.bands.map((b: { label: string }) => b.label)).toEqual([
      "Minima",
      "Lieve",
      "Moderata",
      "Moderatamente grave",
      "Grave",
    ]);

    const phqFills = (await people.pharmacyAdmin.get(`activities/surveys/filled/all/${phq9?.hashid}`)).json();
    expect(phqFills.data).toEqual([expect.objectContaining({ score: 6, score_band: "Lieve" })]);
    const cardioFills = (await people.pharmacyAdmin.get(`activities/surveys/filled/all/${cardio?.hashid}`)).json();
    expect(cardioFills.meta.total).toBe(2);

    // The booking wizard offers the screening with the blood-pressure measurement.
    const connected = (await people.citizen.get(`companies/connessa/surveys/${pharmacy}`)).json().data;
    expect(connected).toEqual([
      expect.objectContaining({
        health_service: expect.objectContaining({ name: "Misurazione della pressione" }),
        mandatory: false,
      }),
    ]);
  });
});
