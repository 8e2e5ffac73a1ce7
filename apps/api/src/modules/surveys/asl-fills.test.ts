import {
  COMPANY_MESSAGES,
  OPERATOR_PERMISSIONS,
  SURVEY_LINK_MESSAGES,
  SURVEY_MESSAGES,
  SURVEY_TEMPLATE_MESSAGES,
} from "@cura/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPng } from "../../../test/files-fixtures.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { bookings } from "../bookings/tables.ts";
import { companyServices } from "../companies/tables.ts";
import { type Caller, demoCallers, nextMonday, operatorOf, ownCompanyHashid } from "../companies/test-helpers.ts";
import { filledSurveys } from "./tables.ts";

/**
 * `POST activities/surveys/filled/asl/new` (spec 001 §7, 002 §7; issue 13): an operator of the company,
 * with either survey permission, fills a survey on one of its ASL appointments (a booking of its
 * agenda/ASL service, ref 5) for the booking's patient.
 */
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let manager: Caller;
let administering: Caller;
let roomManager: Caller;
let pharmacy: string;
let maria: string;
/** Farmacia San Marco's agenda/ASL service (ref 5) and an ordinary one (ref 1). */
let aslService: string;
let visitService: string;
let survey: string;
const monday = nextMonday();
let nextSlot = 0;

const slot = () => {
  // Each booking its own half hour, Monday to Friday 09:00–17:30.
  const n = nextSlot++;
  const day = Math.floor(n / 16);
  const minutes = 9 * 60 + (n % 16) * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();
};

const template = {
  nome: "Anamnesi per l'appuntamento",
  domande: [
    { q: "Assumi anticoagulanti?", o: ["Sì", "No"], r: true },
    { q: "Quale?", o: [], r: true, si: { index: 0, response: "Sì" } },
    { q: "Allegato", o: "file", fa: ["image/png"] },
  ],
};

async function createService(name: string, positionRef: number): Promise<string> {
  const created = await people.pharmacyAdmin.call("POST", "healthservices", {
    name,
    slot_minutes: 30,
    position_ref: positionRef,
  });
  expect(created.statusCode, created.body).toBe(201);
  const hashid = created.json().data.hashid as string;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  const hours = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${hashid}`, { days });
  expect(hours.statusCode, hours.body).toBe(200);
  return hashid;
}

/** Maria's booking of a service of the pharmacy, entered by its staff. */
async function book(service: string): Promise<string> {
  const booked = await people.pharmacyAdmin.call("POST", `companies/own/patients/${maria}/reservations`, {
    health_service: service,
    start: slot(),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json().data.hashid as string;
}

async function upload(as: Caller): Promise<string> {
  const body = multipart([
    { name: "file", filename: "referto.png", content: tinyPng, type: "image/png" },
    { name: "destination", value: "questionari" },
  ]);
  const res = await t.request({
    method: "POST",
    url: "/api/v1/resources/public",
    token: as.token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return [res.json().data].flat()[0].hashid as string;
}

const fillAsl = (as: Caller, body: Record<string, unknown>) =>
  as.call("POST", "activities/surveys/filled/asl/new", body);

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  const room = await ownCompanyHashid(people.roomAdmin);
  manager = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.manageActivities]);
  administering = await operatorOf(t, pharmacy, [OPERATOR_PERMISSIONS.administerSurveys]);
  roomManager = await operatorOf(t, room, [OPERATOR_PERMISSIONS.manageActivities]);
  maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
  aslService = await createService("Prenotazione CUP ASL", 5);
  visitService = await createService("Visita di controllo", 1);
  const activity = await manager.call("POST", "activities", { name: "Appuntamenti ASL" });
  expect(activity.statusCode, activity.body).toBe(201);
  const created = await manager.call("POST", "activities/surveys/new", {
    activity: activity.json().data.hashid,
    name: "Anamnesi",
    template,
  });
  expect(created.statusCode, created.body).toBe(201);
  survey = created.json().data.hashid;
});
afterAll(() => t.close());

describe("POST activities/surveys/filled/asl/new", () => {
  it("saves the operator's fill on the company's ASL appointment, for its patient, once per survey", async () => {
    const appointment = await book(aslService);
    const saved = await fillAsl(manager, { reservation: appointment, survey, answers: ["No", "ignorata", null] });
    expect(saved.statusCode, saved.body).toBe(201);
    const fill = saved.json().data;
    expect(fill).toMatchObject({
      user: { hashid: maria },
      reservation: { hashid: appointment },
      company: { hashid: pharmacy },
      session: null,
    });
    expect(fill.filled_by.hashid).not.toBe(maria);
    // Checked as every fill: the hidden question's answer is dropped.
    expect(fill.template.domande.map((q: { a: unknown }) => q.a)).toEqual(["No", null, null]);
    // The patient reads it among her fills; the company's managers among the survey's.
    expect((await people.citizen.get(`activities/surveys/filled/get/${fill.hashid}`)).statusCode).toBe(200);
    const listed = (await manager.get(`activities/surveys/filled/all/${survey}`)).json().data;
    expect(listed.map((f: { hashid: string }) => f.hashid)).toContain(fill.hashid);

    const again = await fillAsl(administering, { reservation: appointment, survey, answers: ["No", null, null] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SURVEY_LINK_MESSAGES.reservationFilled);

    // 'somministrare questionari' is enough, on another appointment.
    const other = await book(aslService);
    const byAdministering = await fillAsl(administering, {
      reservation: other,
      survey,
      answers: ["Sì", "Warfarin", null],
    });
    expect(byAdministering.statusCode, byAdministering.body).toBe(201);
  });

  it("refuses a booking that is not an ASL appointment, another company's, and a closed one", async () => {
    const visit = await book(visitService);
    const notAsl = await fillAsl(manager, { reservation: visit, survey, answers: ["No", null, null] });
    expect(notAsl.statusCode).toBe(422);
    expect(notAsl.json().errors.reservation).toEqual([SURVEY_LINK_MESSAGES.notAslAppointment]);

    const appointment = await book(aslService);
    // Another company's operator (the monitoring room runs ASL appointments too): no such booking.
    const foreign = await fillAsl(roomManager, { reservation: appointment, survey, answers: ["No", null, null] });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await fillAsl(manager, { reservation: ids.encode(999_999), survey, answers: ["No", null, null] })).statusCode,
    ).toBe(404);

    await t.database.db
      .update(bookings)
      .set({ status: "annullato" })
      .where(eq(bookings.id, ids.decode(appointment) as number));
    const closed = await fillAsl(manager, { reservation: appointment, survey, answers: ["No", null, null] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(SURVEY_LINK_MESSAGES.aslAppointmentClosed);

    // Nothing was saved on either booking.
    const onBookings = await t.database.db.$count(
      filledSurveys,
      inArray(filledSurveys.bookingId, [ids.decode(visit) as number, ids.decode(appointment) as number]),
    );
    expect(onBookings).toBe(0);
  });

  it("needs a survey permission, the company's ASL service and a survey enabled for it", async () => {
    const appointment = await book(aslService);
    const body = { reservation: appointment, survey, answers: ["No", null, null] };
    expect((await fillAsl(people.pharmacyOperator, body)).statusCode).toBe(403);
    expect((await fillAsl(people.citizen, body)).statusCode).toBe(403);
    expect((await fillAsl(people.admin, body)).statusCode).toBe(403);

    // Another company's survey is no survey for this operator.
    const roomActivity = await roomManager.call("POST", "activities", { name: "Altrove" });
    const foreignSurvey = await roomManager.call("POST", "activities/surveys/new", {
      activity: roomActivity.json().data.hashid,
      name: "Altrui",
      template,
    });
    expect((await fillAsl(manager, { ...body, survey: foreignSurvey.json().data.hashid })).statusCode).toBe(404);

    // A company that stopped running ASL appointments: 'Servizio non abilitato', as for their list.
    const pharmacyId = ids.decode(pharmacy) as number;
    const where = and(eq(companyServices.companyId, pharmacyId), eq(companyServices.positionRef, 5));
    await t.database.db.update(companyServices).set({ active: false }).where(where);
    try {
      const off = await fillAsl(manager, body);
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe(COMPANY_MESSAGES.serviceNotEnabled);
    } finally {
      await t.database.db.update(companyServices).set({ active: true }).where(where);
    }
  });

  it("re-checks the fill: required answers, options, and files the operator's own", async () => {
    const appointment = await book(aslService);
    const base = { reservation: appointment, survey };
    const missing = await fillAsl(manager, { ...base, answers: ["Sì", null, null] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors["answers.1"]).toEqual([SURVEY_TEMPLATE_MESSAGES.answerRequired]);
    const option = await fillAsl(manager, { ...base, answers: ["Forse", null, null] });
    expect(option.statusCode).toBe(422);
    expect(option.json().errors["answers.0"]).toEqual([SURVEY_TEMPLATE_MESSAGES.answerNotAnOption]);
    // The patient's upload is not the operator's to attach.
    const patients = await upload(people.citizen);
    const stolen = await fillAsl(manager, { ...base, answers: ["No", null, patients] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors["answers.2"]).toEqual([SURVEY_MESSAGES.fileNotYours]);
    const own = await upload(manager);
    const saved = await fillAsl(manager, { ...base, answers: ["No", null, own] });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.template.domande[2].a).toBe(own);
    const bad = await fillAsl(manager, { reservation: appointment, answers: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.survey).toBeDefined();
  });
});
