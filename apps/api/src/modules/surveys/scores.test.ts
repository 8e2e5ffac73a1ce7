import { OPERATOR_PERMISSIONS, SURVEY_TEMPLATE_MESSAGES } from "@cura/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { type Caller, demoCallers, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";
import { healthScales, healthScores } from "../health/measurements/tables.ts";
import { filledSurveys } from "./tables.ts";

/**
 * A survey whose scoring names a health scale (issue 13 "Beyond the spec", issue 11's score history):
 * a fill about a known person adds a point to that person's history of the scale, in the fill's
 * transaction; a survey without one adds nothing.
 */
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let manager: Caller;
let activity: string;
let maria: string;
let mariaId: number;
let phq: string;

/** Two PHQ-like questions scored 0–3, summed. */
const OPTIONS = ["Mai", "Alcuni giorni", "Più della metà dei giorni", "Quasi ogni giorno"];
const scored = (scale: string | null) => ({
  nome: "Umore breve",
  domande: [
    { q: "Scarso interesse o piacere nel fare le cose", o: OPTIONS, r: true },
    { q: "Sentirsi giù, depresso/a o disperato/a", o: OPTIONS, r: true },
  ],
  scoring: {
    method: "sum",
    scale,
    points: {
      "0": Object.fromEntries(OPTIONS.map((o, i) => [o, i])),
      "1": Object.fromEntries(OPTIONS.map((o, i) => [o, i])),
    },
    bands: [{ min: 0, max: 6, label: "Tutto" }],
  },
});

async function newSurvey(template: unknown, name = "Umore") {
  const res = await manager.call("POST", "activities/surveys/new", { activity, name, template });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.hashid as string;
}

const history = async () =>
  (await people.citizen.get(`scores/user/${maria}/score/${phq}`)).json().data.points as Array<{
    hashid: string;
    value: number;
    label: string | null;
  }>;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  manager = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.manageActivities]);
  maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
  mariaId = ids.decode(maria) as number;
  const linked = await people.pharmacyOperator.call("PATCH", `companies/own/assistito/${maria}`, { consent: true });
  expect(linked.statusCode, linked.body).toBe(200);
  const created = await manager.call("POST", "activities", { name: "Umore" });
  expect(created.statusCode, created.body).toBe(201);
  activity = created.json().data.hashid;
  const scales = (await people.citizen.get("scores")).json().data as Array<{ hashid: string; code: string }>;
  phq = scales.find((s) => s.code === "PHQ-9")?.hashid as string;
});
afterAll(() => t.close());

describe("scores of scored surveys in the health file", () => {
  it("takes only a known scale code in the template", async () => {
    const res = await manager.call("POST", "activities/surveys/new", {
      activity,
      name: "Sbagliato",
      template: scored("GAD-7"),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["template.scoring.scale"]).toEqual([SURVEY_TEMPLATE_MESSAGES.scaleUnknown]);
  });

  it("writes the citizen's own fill and an operator's fill for her to her PHQ-9 history", async () => {
    const survey = await newSurvey(scored("PHQ-9"));
    const before = await history();
    const own = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["Alcuni giorni", "Più della metà dei giorni"],
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.score).toBe(3);
    const afterOwn = await history();
    expect(afterOwn).toHaveLength(before.length + 1);
    // The scale's own bands name it (PHQ-9 0–4 "Minima"), not the survey's.
    expect(afterOwn.at(-1)).toMatchObject({ value: 3, label: "Minima" });
    const details = (await people.citizen.get(`scores/details/${afterOwn.at(-1)?.hashid}`)).json().data;
    expect(details.items).toEqual([
      { question: "Scarso interesse o piacere nel fare le cose", answer: "Alcuni giorni", points: 1 },
      { question: "Sentirsi giù, depresso/a o disperato/a", answer: "Più della metà dei giorni", points: 2 },
    ]);
    const [row] = await t.database.db
      .select()
      .from(healthScores)
      .where(eq(healthScores.id, ids.decode(afterOwn.at(-1)?.hashid as string) as number));
    expect(row).toMatchObject({ patientId: mariaId, sourceRef: `filled_survey:${own.json().data.hashid}` });

    const forHer = await manager.call("POST", "activities/surveys/filled/patient", {
      survey,
      user: maria,
      answers: ["Quasi ogni giorno", "Quasi ogni giorno"],
    });
    expect(forHer.statusCode, forHer.body).toBe(201);
    const afterOperator = await history();
    expect(afterOperator).toHaveLength(before.length + 2);
    expect(afterOperator.at(-1)).toMatchObject({ value: 6, label: "Lieve" });
  });

  it("corrects the point when the fill is edited, and removes it when the fill is deleted", async () => {
    const survey = await newSurvey(scored("PHQ-9"), "Umore da correggere");
    const before = await history();
    const own = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["Mai", "Alcuni giorni"],
    });
    expect(own.statusCode, own.body).toBe(201);
    const fill = own.json().data.hashid as string;
    const written = await history();
    expect(written).toHaveLength(before.length + 1);
    const point = written.find((p) => !before.some((b) => b.hashid === p.hashid));
    expect(point).toMatchObject({ value: 1, label: "Minima" });

    // She corrects an answer: the same point, with the new score, its band and items; not a second one.
    const edited = await people.citizen.call("PUT", `activities/surveys/filled/${fill}`, {
      answers: ["Quasi ogni giorno", "Più della metà dei giorni"],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.score).toBe(5);
    const corrected = await history();
    expect(corrected).toHaveLength(before.length + 1);
    expect(corrected.filter((p) => p.hashid === point?.hashid)).toEqual([
      expect.objectContaining({ value: 5, label: "Lieve" }),
    ]);
    const details = (await people.citizen.get(`scores/details/${point?.hashid}`)).json().data;
    expect(details.items).toEqual([
      { question: "Scarso interesse o piacere nel fare le cose", answer: "Quasi ogni giorno", points: 3 },
      { question: "Sentirsi giù, depresso/a o disperato/a", answer: "Più della metà dei giorni", points: 2 },
    ]);
    // Still taken when she filled it, so still her latest PHQ-9: the corrected value.
    expect(corrected.at(-1)?.hashid).toBe(point?.hashid);
    const last = (await people.citizen.get(`scores/user/${maria}`)).json().data as Array<{ hashid: string }>;
    expect(last).toContainEqual(expect.objectContaining({ hashid: point?.hashid, value: 5 }));

    // A refused edit (a required answer missing) changes nothing.
    expect(
      (await people.citizen.call("PUT", `activities/surveys/filled/${fill}`, { answers: ["Mai", null] })).statusCode,
    ).toBe(422);
    expect((await history()).find((p) => p.hashid === point?.hashid)?.value).toBe(5);

    // She deletes the fill: its point goes with it, the others stay.
    const removed = await people.citizen.call("DELETE", `activities/surveys/filled/${fill}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await history()).map((p) => p.hashid)).toEqual(before.map((p) => p.hashid));
    expect((await people.citizen.get(`scores/details/${point?.hashid}`)).statusCode).toBe(404);
  });

  it("corrects the point of an operator's fill for her when a manager edits it", async () => {
    const survey = await newSurvey(scored("PHQ-9"), "Umore in farmacia");
    const forHer = await manager.call("POST", "activities/surveys/filled/patient", {
      survey,
      user: maria,
      answers: ["Mai", "Mai"],
    });
    expect(forHer.statusCode, forHer.body).toBe(201);
    const fill = forHer.json().data.hashid as string;
    const sourced = () =>
      t.database.db
        .select({ value: healthScores.value, label: healthScores.label })
        .from(healthScores)
        .where(eq(healthScores.sourceRef, `filled_survey:${fill}`));
    expect(await sourced()).toEqual([{ value: 0, label: "Minima" }]);
    const edited = await manager.call("PUT", `activities/surveys/filled/${fill}`, {
      answers: ["Quasi ogni giorno", "Quasi ogni giorno"],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await sourced()).toEqual([{ value: 6, label: "Lieve" }]);
    expect((await manager.call("DELETE", `activities/surveys/filled/${fill}`)).statusCode).toBe(200);
    expect(await sourced()).toEqual([]);
  });

  it("writes nothing for a survey without a scale", async () => {
    const survey = await newSurvey(scored(null), "Senza scala");
    const before = await t.database.db.$count(healthScores, eq(healthScores.patientId, mariaId));
    const own = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["Mai", "Mai"],
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.score).toBe(0);
    expect(await t.database.db.$count(healthScores, eq(healthScores.patientId, mariaId))).toBe(before);
  });

  it("stores the fill and its score together: no score, no fill", async () => {
    const survey = await newSurvey({ ...scored("BARTHEL"), nome: "Autonomia" }, "Autonomia");
    // The scale gone from the catalogue (a broken installation): the score cannot be written.
    await t.database.db.update(healthScales).set({ code: "BARTHEL-OFF" }).where(eq(healthScales.code, "BARTHEL"));
    try {
      const refused = await people.citizen.call("POST", "activities/surveys/filled/new", {
        survey,
        answers: ["Mai", "Mai"],
      });
      expect(refused.statusCode).toBe(404);
      expect(await t.database.db.$count(filledSurveys, eq(filledSurveys.surveyId, ids.decode(survey) as number))).toBe(
        0,
      );
    } finally {
      await t.database.db.update(healthScales).set({ code: "BARTHEL" }).where(eq(healthScales.code, "BARTHEL-OFF"));
    }
    const saved = await people.citizen.call("POST", "activities/surveys/filled/new", {
      survey,
      answers: ["Mai", "Alcuni giorni"],
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });
});
