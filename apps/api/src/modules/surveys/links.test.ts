import {
  COMPANY_MESSAGES,
  OPERATOR_PERMISSIONS,
  SURVEY_LINK_MESSAGES,
  SURVEY_TEMPLATE_MESSAGES,
  taxCodeCheckChar,
} from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addDays } from "../../platform/zoned-time.ts";
import { type Caller, demoCallers, nextMonday, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";

/**
 * Surveys of health services (issue 13): attaching one (mandatory or not), the booking wizard's list,
 * the fill saved on a reservation, and the mandatory survey of a quick teleconsult request.
 */
let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let manager: Caller;
let pharmacy: string;
let room: string;
let activity: string;
let survey: string;

const template = {
  nome: "Triage",
  info: "Acconsento al trattamento dei dati per il triage",
  domande: [
    { q: "Hai febbre?", o: ["Sì", "No"], r: true },
    { q: "Quanto?", o: [], r: true, si: { index: 0, response: "Sì" } },
  ],
};

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  room = await ownCompanyHashid(people.roomAdmin);
  manager = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.manageActivities]);
  activity = (await manager.call("POST", "activities", { name: "Triage" })).json().data.hashid;
  const created = await manager.call("POST", "activities/surveys/new", { activity, name: "Triage", template });
  expect(created.statusCode, created.body).toBe(201);
  survey = created.json().data.hashid;
});
afterAll(() => t.close());

async function newService(as: Caller, name: string, positionRef = 1) {
  const res = await as.call("POST", "healthservices", { name, slot_minutes: 30, position_ref: positionRef });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.hashid as string;
}

const attach = (as: Caller, service: string, body: { survey: string | null; mandatory?: boolean }) =>
  as.call("POST", `healthservices/survey/attach/${service}`, body);

describe("healthservices/survey/attach and companies/connessa/surveys", () => {
  it("attaches a survey enabled for the company, lists it for the wizard, detaches it", async () => {
    const service = await newService(people.pharmacyAdmin, "Visita con questionario");
    const attached = await attach(people.pharmacyAdmin, service, { survey, mandatory: true });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.survey).toBe(survey);

    const listed = await people.citizen.get(`companies/connessa/surveys/${pharmacy}?service=${service}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().meta.total).toBe(1);
    expect(listed.json().data[0]).toMatchObject({
      health_service: { hashid: service, name: "Visita con questionario" },
      mandatory: true,
      survey: { hashid: survey, name: "Triage", template: { nome: "Triage" } },
    });
    // Another company lists none of it; an unknown company is a 404.
    expect((await people.citizen.get(`companies/connessa/surveys/${room}`)).json().data).toEqual([]);
    expect((await people.citizen.get("companies/connessa/surveys/kZ3Gx7Qa")).statusCode).toBe(404);

    // A deactivated survey leaves the wizard's list.
    await manager.call("PUT", `activities/surveys/active/update/${survey}`, { active: false });
    expect((await people.citizen.get(`companies/connessa/surveys/${pharmacy}?service=${service}`)).json().data).toEqual(
      [],
    );
    await manager.call("PUT", `activities/surveys/active/update/${survey}`, { active: true });

    const detached = await attach(people.pharmacyAdmin, service, { survey: null });
    expect(detached.json().data.survey).toBeNull();
    expect((await people.citizen.get(`companies/connessa/surveys/${pharmacy}?service=${service}`)).json().data).toEqual(
      [],
    );
  });

  it("refuses a survey not enabled for the company, another company's service, and operators without the permission", async () => {
    const roomService = await newService(people.roomAdmin, "Televisita con questionario");
    const refused = await attach(people.roomAdmin, roomService, { survey });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.survey).toEqual([COMPANY_MESSAGES.surveyNotFound]);
    const service = await newService(people.pharmacyAdmin, "Altra visita");
    expect((await attach(people.roomAdmin, service, { survey })).statusCode).toBe(404);
    expect((await attach(people.pharmacyOperator, service, { survey })).statusCode).toBe(403);
    const bad = await attach(people.pharmacyAdmin, service, { survey, mandatory: "sì" as unknown as boolean });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["mandatory"]);
  });
});

describe("reservations/survey/filled/new", () => {
  it("saves the citizen's fill on their reservation once; the company's managers read it", async () => {
    const service = await newService(people.pharmacyAdmin, "Visita cardiologica");
    const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "09:00", to: "12:00" }] }));
    await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days });
    const monday = nextMonday();
    const booked = await people.citizen.call("POST", "reservations", {
      health_service: service,
      preferences: [
        { date: addDays(monday, 0), slot: "mattina" },
        { date: addDays(monday, 1), slot: "mattina" },
        { date: addDays(monday, 2), slot: "mattina" },
      ],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const reservation = booked.json().data.hashid as string;

    // Not attached yet: the survey field's 422.
    const early = await people.citizen.call("POST", "reservations/survey/filled/new", {
      reservation,
      survey,
      answers: ["No", null],
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.survey).toEqual([SURVEY_LINK_MESSAGES.notAttached]);
    await attach(people.pharmacyAdmin, service, { survey });

    // Someone else's reservation: 404; an operator: 403.
    expect(
      (
        await people.citizen2.call("POST", "reservations/survey/filled/new", {
          reservation,
          survey,
          answers: ["No", null],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await people.pharmacyAdmin.call("POST", "reservations/survey/filled/new", {
          reservation,
          survey,
          answers: ["No", null],
        })
      ).statusCode,
    ).toBe(403);
    const missing = await people.citizen.call("POST", "reservations/survey/filled/new", {
      reservation,
      survey,
      answers: ["Sì", null],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors["answers.1"]).toEqual([SURVEY_TEMPLATE_MESSAGES.answerRequired]);

    const saved = await people.citizen.call("POST", "reservations/survey/filled/new", {
      reservation,
      survey,
      answers: ["Sì", "38,5"],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const fill = saved.json().data;
    expect(fill).toMatchObject({ reservation: { hashid: reservation }, company: { hashid: pharmacy } });
    const read = await manager.get(`activities/surveys/filled/get/${fill.hashid}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.reservation).toEqual({ hashid: reservation });
    expect((await people.roomAdmin.get(`activities/surveys/filled/get/${fill.hashid}`)).statusCode).toBe(404);

    const again = await people.citizen.call("POST", "reservations/survey/filled/new", {
      reservation,
      survey,
      answers: ["No", null],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SURVEY_LINK_MESSAGES.reservationFilled);
  });
});

describe("the mandatory survey of a quick teleconsult", () => {
  it("suspends the request's survey, shown by the pending call until filled; then 404", async () => {
    const quick = await newService(people.pharmacyAdmin, "Teleconsulto rapido farmacia", 10);
    expect((await attach(people.pharmacyAdmin, quick, { survey, mandatory: true })).statusCode).toBe(200);
    // The pharmacy's administrator answers quick requests; Maria (Milano) is routed there.
    expect((await people.pharmacyAdmin.call("PATCH", "services/10/operator/status", { status: true })).statusCode).toBe(
      200,
    );
    const asked = await people.citizen.call("POST", "reservations/emergenza", { reason: "Febbre da due giorni" });
    expect(asked.statusCode, asked.body).toBe(201);
    const pending = (await people.citizen.get("reservations/emergenza/pending")).json().data;
    expect(pending.has_pending).toBe(true);
    expect(pending.reservation.service.name).toMatch(/rapido/i);
    const suspended = pending.reservation.suspended_survey?.hashid as string;
    expect(suspended).toBeTruthy();

    const got = await people.citizen.get(`activities/surveys/suspended/get/${suspended}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toMatchObject({
      reservation: { hashid: pending.reservation.hashid },
      survey: { hashid: survey, info: template.info, template: { nome: "Triage" } },
    });
    expect((await people.citizen2.get(`activities/surveys/suspended/get/${suspended}`)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.get(`activities/surveys/suspended/get/${suspended}`)).statusCode).toBe(403);

    // Save and resume: the suspended survey keeps a draft even once the survey is switched off (the
    // request was made under it); another citizen, without a suspended survey of it, cannot.
    await manager.call("PUT", `activities/surveys/active/update/${survey}`, { active: false });
    const drafted = await people.citizen.call("PUT", `activities/surveys/draft/${survey}`, {
      answers: ["Sì", null],
      next_index: 1,
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect((await people.citizen.get(`activities/surveys/draft/${survey}`)).json().data.answers).toEqual(["Sì", null]);
    expect((await people.citizen2.get(`activities/surveys/draft/${survey}`)).statusCode).toBe(404);

    const bad = await people.citizen.call("POST", "activities/survey/suspended/filled", {
      suspended,
      response: ["Forse", null],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors["answers.0"]).toEqual([SURVEY_TEMPLATE_MESSAGES.answerNotAnOption]);
    expect(
      (
        await people.citizen2.call("POST", "activities/survey/suspended/filled", {
          suspended,
          response: ["No", null],
        })
      ).statusCode,
    ).toBe(404);

    const saved = await people.citizen.call("POST", "activities/survey/suspended/filled", {
      suspended,
      response: ["No", "ignorata"],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({
      reservation: { hashid: pending.reservation.hashid },
      company: { hashid: pharmacy },
    });
    // The hidden question's answer was dropped.
    expect(saved.json().data.template.domande[1].a).toBeNull();
    // The save consumed the draft.
    await manager.call("PUT", `activities/surveys/active/update/${survey}`, { active: true });
    expect((await people.citizen.get(`activities/surveys/draft/${survey}`)).json().data).toBeNull();

    // Filled: the flag clears, the survey answers 404, a second save is refused.
    const after = (await people.citizen.get("reservations/emergenza/pending")).json().data;
    expect(after.reservation.suspended_survey).toBeNull();
    expect((await people.citizen.get(`activities/surveys/suspended/get/${suspended}`)).statusCode).toBe(404);
    expect(
      (
        await people.citizen.call("POST", "activities/survey/suspended/filled", {
          suspended,
          response: ["No", null],
        })
      ).statusCode,
    ).toBe(404);
    // The company's managers read it with the request.
    const fills = (await manager.get(`activities/surveys/filled/all/${survey}?per_page=100`)).json().data;
    expect(fills.map((f: { reservation: { hashid: string } | null }) => f.reservation?.hashid)).toContain(
      pending.reservation.hashid,
    );
    await people.pharmacyAdmin.call("PATCH", "services/10/operator/status", { status: false });
  });

  it("suspends nothing when the service's survey is not mandatory", async () => {
    const paediatric = await newService(people.pharmacyAdmin, "Teleconsulto pediatrico farmacia", 11);
    await attach(people.pharmacyAdmin, paediatric, { survey, mandatory: false });
    await people.pharmacyAdmin.call("PATCH", "services/11/operator/status", { status: true });
    const first15 = "RSSLCU15A01F205";
    const child = await people.citizen.call("POST", "familymembers", {
      name: "Luca",
      surname: "Rossi",
      tax_code: `${first15}${taxCodeCheckChar(first15)}`,
      age_band: "pediatrico",
      relationship: "figlio",
      gender: "M",
    });
    expect(child.statusCode, child.body).toBe(201);
    const asked = await people.citizen.call("POST", "reservations/tc_pediatrico", {
      reason: "Tosse",
      for_whom: child.json().data.hashid,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const pending = (await people.citizen.get("reservations/tc_pediatrico/pending")).json().data;
    expect(pending.reservation.suspended_survey).toBeNull();
  });
});
