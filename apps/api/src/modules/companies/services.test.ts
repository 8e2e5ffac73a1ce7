import { COMPANY_MESSAGES } from "@cura/domain";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPng } from "../../../test/files-fixtures.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { setTakenSlotsProvider, takenSlotsProvider } from "./bookings-hook.ts";
import { type Caller, companyHashid, demoCallers, nextMonday, ownCompanyHashid } from "./test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let pharmacy: string;
let room: string;
let centre: string;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  room = await ownCompanyHashid(people.roomAdmin);
  centre = await companyHashid(people.citizen, "Centro Medico Ostiense");
});
afterAll(() => t.close());
// A few tests stand in for the bookings module's answer; the real one comes back after each, since
// the API suite's files share a worker's modules (isolate: false).
const bookingsProvider = takenSlotsProvider();
afterEach(() => setTakenSlotsProvider(bookingsProvider));

const serviceBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Visita nutrizionale",
  description: "Prima visita con piano alimentare",
  slot_minutes: 30,
  price: 60.5,
  ...overrides,
});

async function createService(c: Caller, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await c.call("POST", "healthservices", serviceBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.hashid;
}

const week = { Monday: [{ weekday: 1, ranges: [{ from: "09:00", to: "11:00" }] }] };

describe("opening hours", () => {
  it("replaces the company's weekly hours, several ranges a day, and anyone signed in reads them", async () => {
    const days = [
      {
        weekday: 1,
        ranges: [
          { from: "15:00", to: "19:00" },
          { from: "08:30", to: "12:30" },
        ],
      },
      { weekday: 6, ranges: [{ from: "09:00", to: "12:00" }] },
    ];
    const saved = await people.pharmacyAdmin.call("POST", "companies/own/openings", { days });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(COMPANY_MESSAGES.openingsUpdated);
    const read = (await people.citizen.get(`companies/openings/get/${pharmacy}`)).json().data;
    expect(read.time_zone).toBe("Europe/Rome");
    expect(read.days).toHaveLength(7);
    expect(read.days[0]).toEqual({
      weekday: 1,
      ranges: [
        { from: "08:30", to: "12:30" },
        { from: "15:00", to: "19:00" },
      ],
    });
    expect(read.days[1].ranges).toEqual([]);
  });

  it("refuses overlapping or inverted ranges and repeated weekdays", async () => {
    const overlapping = await people.pharmacyAdmin.call("POST", "companies/own/openings", {
      days: [
        {
          weekday: 2,
          ranges: [
            { from: "08:00", to: "12:00" },
            { from: "11:00", to: "13:00" },
          ],
        },
      ],
    });
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.json().message).toBe(COMPANY_MESSAGES.rangesOverlap);
    const inverted = await people.pharmacyAdmin.call("POST", "companies/own/openings", {
      days: [{ weekday: 2, ranges: [{ from: "12:00", to: "08:00" }] }],
    });
    expect(inverted.statusCode).toBe(422);
    const repeated = await people.pharmacyAdmin.call("POST", "companies/own/openings", {
      days: [
        { weekday: 2, ranges: [] },
        { weekday: 2, ranges: [] },
      ],
    });
    expect(repeated.statusCode).toBe(422);
  });

  it("needs 'gestire impostazioni dei servizi' and an operator", async () => {
    const body = { days: week.Monday };
    expect((await people.pharmacyOperator.call("POST", "companies/own/openings", body)).statusCode).toBe(403);
    expect((await people.citizen.call("POST", "companies/own/openings", body)).statusCode).toBe(403);
    expect((await people.admin.call("POST", "companies/own/openings", body)).statusCode).toBe(403);
  });

  it("lets a monitoring room manage its provider centres, and nobody else's", async () => {
    const ok = await people.roomAdmin.call("POST", `companies/${centre}/openings`, { days: week.Monday });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await people.pharmacyAdmin.call("POST", `companies/${centre}/openings`, { days: week.Monday })).statusCode,
    ).toBe(404);
    expect(
      (await people.roomAdmin.call("POST", `companies/${pharmacy}/openings`, { days: week.Monday })).statusCode,
    ).toBe(404);
    // One's own company is manageable through the same path.
    expect((await people.roomAdmin.call("POST", `companies/${room}/openings`, { days: week.Monday })).statusCode).toBe(
      200,
    );
    expect(
      (await people.roomOperator.call("POST", `companies/${centre}/openings`, { days: week.Monday })).statusCode,
    ).toBe(403);
  });
});

describe("health services", () => {
  it("creates, lists, reads, replaces and deletes a service of one's company", async () => {
    const created = await people.pharmacyAdmin.call("POST", "healthservices", serviceBody());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(COMPANY_MESSAGES.dataUpdated);
    const service = created.json().data;
    expect(service).toMatchObject({
      name: "Visita nutrizionale",
      price: 60.5,
      slot_minutes: 30,
      position_ref: 1,
      active: true,
    });
    expect(service.company.hashid).toBe(pharmacy);

    const list = (await people.pharmacyOperator.get("companies/own/healthservices?q=nutri")).json();
    expect(list.data.map((s: { hashid: string }) => s.hashid)).toEqual([service.hashid]);
    expect(list.meta).toEqual({ page: 1, per_page: 50, total: 1 });

    expect((await people.citizen.get(`healthservices/${service.hashid}`)).json().data.name).toBe("Visita nutrizionale");

    const replaced = await people.pharmacyAdmin.call(
      "PUT",
      `healthservices/${service.hashid}`,
      serviceBody({ name: "Consulenza nutrizionale", slot_minutes: 45, price: null, active: false }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ name: "Consulenza nutrizionale", slot_minutes: 45, price: null });

    // An inactive service is the company's business only.
    expect((await people.citizen.get(`healthservices/${service.hashid}`)).statusCode).toBe(404);
    expect((await people.pharmacyOperator.get(`healthservices/${service.hashid}`)).statusCode).toBe(200);
    const bookable = (await people.citizen.get(`healthservices/company/all/${pharmacy}`)).json().data;
    expect(bookable.map((s: { hashid: string }) => s.hashid)).not.toContain(service.hashid);
    expect(bookable.length).toBeGreaterThan(0);

    const deleted = await people.pharmacyAdmin.call("DELETE", `healthservices/${service.hashid}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(COMPANY_MESSAGES.serviceDeleted);
    expect((await people.pharmacyAdmin.get(`healthservices/${service.hashid}`)).statusCode).toBe(404);
  });

  it("refuses deletion while the bookings module says the service has bookings", async () => {
    const hashid = await createService(people.pharmacyAdmin);
    setTakenSlotsProvider({ takenIntervals: async () => [], hasBookings: async () => true });
    const refused = await people.pharmacyAdmin.call("DELETE", `healthservices/${hashid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COMPANY_MESSAGES.serviceNotDeletable);
  });

  it("answers 404 on another company's service and 403 without the permission", async () => {
    const hashid = await createService(people.roomAdmin, { name: "Teleconsulto cardiologico" });
    expect((await people.pharmacyAdmin.call("PUT", `healthservices/${hashid}`, serviceBody())).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.call("DELETE", `healthservices/${hashid}`)).statusCode).toBe(404);
    expect(
      (await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${hashid}`, { days: week.Monday }))
        .statusCode,
    ).toBe(404);
    expect((await people.roomOperator.call("PUT", `healthservices/${hashid}`, serviceBody())).statusCode).toBe(403);
    expect((await people.pharmacyOperator.call("POST", "healthservices", serviceBody())).statusCode).toBe(403);
    expect((await people.citizen.call("POST", "healthservices", serviceBody())).statusCode).toBe(403);
    expect((await people.citizen.get("companies/own/healthservices")).statusCode).toBe(403);
    const invalid = await people.pharmacyAdmin.call(
      "POST",
      "healthservices",
      serviceBody({ slot_minutes: 2, name: "" }),
    );
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(["name", "slot_minutes"]));
  });

  it("lists a managed centre's services to its monitoring room only", async () => {
    const list = await people.roomOperator.get(`companies/${centre}/healthservices`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBeGreaterThan(0);
    expect((await people.pharmacyAdmin.get(`companies/${centre}/healthservices`)).statusCode).toBe(404);
    expect((await people.citizen.get(`companies/${centre}/healthservices`)).statusCode).toBe(403);
  });

  it("suggests names, those starting with the text first", async () => {
    const names = (await people.citizen.get("healthservices/suggestions/name?q=visita")).json().data as string[];
    expect(names[0]?.toLowerCase().startsWith("visita")).toBe(true);
    expect(names).toContain("Visita cardiologica");
    expect(new Set(names).size).toBe(names.length);
    expect((await people.citizen.get("healthservices/suggestions/name?q=v")).statusCode).toBe(422);
  });

  it("keeps a service's own hours, or follows the company's when it has none", async () => {
    const hashid = await createService(people.pharmacyAdmin, { name: "Holter cardiaco" });
    const inherited = (await people.citizen.get(`healthservices/days/openings/${hashid}`)).json().data;
    expect(inherited.inherited).toBe(true);
    const saved = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${hashid}`, {
      days: week.Monday,
    });
    expect(saved.json().message).toBe(COMPANY_MESSAGES.openingsUpdated);
    const own = (await people.citizen.get(`healthservices/days/openings/${hashid}`)).json().data;
    expect(own.inherited).toBe(false);
    expect(own.days[0].ranges).toEqual([{ from: "09:00", to: "11:00" }]);
    const monday = nextMonday();
    const openDays = await people.citizen.call("POST", `healthservices/days/openings/${hashid}`, {
      from: monday,
      to: addDays(monday, 13),
    });
    expect(openDays.json().data.days.map((d: { date: string }) => d.date)).toEqual([monday, addDays(monday, 7)]);
    const back = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${hashid}`, { days: [] });
    expect(back.json().data.inherited).toBe(true);
  });
});

describe("closures (prohibidates)", () => {
  it("adds, reads, replaces, lists and removes a closure of one's company", async () => {
    const monday = nextMonday();
    const created = await people.pharmacyAdmin.call("POST", `prohibidates/${pharmacy}`, {
      date_from: monday,
      date_to: addDays(monday, 2),
      reason: "Inventario",
    });
    expect(created.statusCode, created.body).toBe(201);
    const closure = created.json().data;
    expect(closure).toMatchObject({ date_from: monday, reason: "Inventario", service: null, platform_service: null });
    expect((await people.pharmacyOperator.get(`prohibidates/${closure.hashid}`)).json().data.hashid).toBe(
      closure.hashid,
    );

    const replaced = await people.pharmacyAdmin.call("PUT", `prohibidates/${closure.hashid}`, {
      date_from: monday,
      date_to: monday,
      reason: "Inventario annuale",
    });
    expect(replaced.json().data.date_to).toBe(monday);
    const listed = (await people.pharmacyOperator.get(`companies/${pharmacy}/prohibidates`)).json().data;
    expect(listed.map((c: { hashid: string }) => c.hashid)).toContain(closure.hashid);

    // Another company's closure does not exist for them; a plain operator cannot change one.
    expect((await people.roomAdmin.get(`prohibidates/${closure.hashid}`)).statusCode).toBe(404);
    expect((await people.roomAdmin.call("DELETE", `prohibidates/${closure.hashid}`)).statusCode).toBe(404);
    expect((await people.roomAdmin.get(`companies/${pharmacy}/prohibidates`)).statusCode).toBe(404);
    expect((await people.pharmacyOperator.call("DELETE", `prohibidates/${closure.hashid}`)).statusCode).toBe(403);
    expect((await people.citizen.get(`prohibidates/${closure.hashid}`)).statusCode).toBe(403);

    const removed = await people.pharmacyAdmin.call("DELETE", `prohibidates/${closure.hashid}`);
    expect(removed.json().message).toBe(COMPANY_MESSAGES.closureDeleted);
    expect((await people.pharmacyAdmin.get(`prohibidates/${closure.hashid}`)).statusCode).toBe(404);
  });

  it("checks dates and that a service closure names one's own service", async () => {
    const inverted = await people.pharmacyAdmin.call("POST", `prohibidates/${pharmacy}`, {
      date_from: "2027-02-10",
      date_to: "2027-02-01",
    });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().errors.date_to).toEqual([COMPANY_MESSAGES.dateOrder]);
    const foreign = await createService(people.roomAdmin, { name: "Servizio altrui" });
    const wrong = await people.pharmacyAdmin.call("POST", `prohibidates/${pharmacy}`, {
      date_from: "2027-02-01",
      date_to: "2027-02-01",
      service: foreign,
    });
    expect(wrong.statusCode).toBe(422);
    expect(
      (
        await people.pharmacyAdmin.call("POST", `prohibidates/${room}`, {
          date_from: "2027-02-01",
          date_to: "2027-02-01",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await people.pharmacyOperator.call("POST", `prohibidates/${pharmacy}`, {
          date_from: "2027-02-01",
          date_to: "2027-02-01",
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("slots", () => {
  it("computes a week of slots from the service's hours, closures and the bookings the hook reports", async () => {
    const hashid = await createService(people.pharmacyAdmin, { name: "Spirometria", slot_minutes: 30 });
    await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${hashid}`, { days: week.Monday });
    const monday = nextMonday();
    const url = `healthservices/slots/array/${hashid}?from=${monday}&to=${addDays(monday, 6)}`;

    const free = (await people.citizen.get(url)).json();
    expect(free.message).toBeUndefined();
    expect(free.data.days).toHaveLength(1);
    expect(free.data.days[0].slots.map((s: { time: string }) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30"]);
    expect(free.data.days[0].slots[0].start).toBe(
      new Date(zonedToInstant(monday, "09:00", "Europe/Rome")).toISOString(),
    );

    // One booking at 09:00: the bookings module reports it through the hook.
    const nine = zonedToInstant(monday, "09:00", "Europe/Rome");
    setTakenSlotsProvider({
      takenIntervals: async (_db, scope) => (scope.healthServiceId ? [{ start: nine, end: nine + 30 * 60_000 }] : []),
      hasBookings: async () => true,
    });
    const booked = (await people.citizen.get(url)).json().data;
    expect(booked.days[0].slots.map((s: { time: string }) => s.time)).toEqual(["09:30", "10:00", "10:30"]);

    // With overlap on, the 09:00 slot takes bookings up to the capacity.
    await people.pharmacyAdmin.call(
      "PUT",
      `healthservices/${hashid}`,
      serviceBody({ name: "Spirometria", capacity: 2 }),
    );
    expect(
      (await people.pharmacyAdmin.call("PATCH", "companies/own/option/overlap", { overlap: true })).statusCode,
    ).toBe(200);
    const shared = (await people.citizen.get(url)).json().data;
    expect(shared.overlap).toBe(true);
    expect(shared.days[0].slots[0]).toMatchObject({ time: "09:00", available: 1 });
    await people.pharmacyAdmin.call("PATCH", "companies/own/option/overlap", { overlap: false });

    // A closure of that Monday for this service leaves the week empty.
    await people.pharmacyAdmin.call("POST", `prohibidates/${pharmacy}`, {
      date_from: monday,
      date_to: monday,
      service: hashid,
    });
    const closed = (await people.citizen.get(url)).json();
    expect(closed.data.days).toEqual([]);
    expect(closed.message).toBe(COMPANY_MESSAGES.noAvailability);
  });

  it("serves a platform service's slots and one day's hours at a company", async () => {
    const bookings = people.citizen;
    const ref1 = (await people.pharmacyAdmin.get("services/own/check"))
      .json()
      .data.find((s: { position_ref: number }) => s.position_ref === 1).hashid;
    const monday = nextMonday();
    const slots = await bookings.get(`services/slots/array/${ref1}?company=${room}&from=${monday}`);
    expect(slots.statusCode).toBe(404);
    expect(slots.json().message).toBe(COMPANY_MESSAGES.serviceNotEnabled);
    const centreSlots = await bookings.get(
      `services/slots/array/${ref1}?company=${centre}&from=${monday}&to=${monday}`,
    );
    expect(centreSlots.statusCode, centreSlots.body).toBe(200);
    const day = await bookings.get(`services/opening/day/${ref1}?company=${centre}&date=${monday}`);
    expect(day.json().data).toMatchObject({ date: monday, weekday: 1, closed_for: null });
  });

  it("refuses a range longer than 31 days or ending before it starts", async () => {
    const hashid = await createService(people.pharmacyAdmin, { name: "Misurazione saturazione" });
    const monday = nextMonday();
    const long = await people.citizen.get(
      `healthservices/slots/array/${hashid}?from=${monday}&to=${addDays(monday, 40)}`,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe(COMPANY_MESSAGES.rangeTooLong);
    const backwards = await people.citizen.get(
      `healthservices/slots/array/${hashid}?from=${monday}&to=${addDays(monday, -1)}`,
    );
    expect(backwards.statusCode).toBe(422);
  });
});

describe("platform services of a company", () => {
  it("lists them, switches one off and on, and the operator's menu follows", async () => {
    const services = (await people.pharmacyOperator.get("services/own/check")).json().data;
    const bookingService = services.find((s: { position_ref: number }) => s.position_ref === 1);
    expect(bookingService).toMatchObject({ name: "Prenotazioni", active: true });
    const off = await people.pharmacyAdmin.call("PATCH", `services/own/servicestatus/${bookingService.hashid}`, {
      status: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    const me = (await people.pharmacyAdmin.get("users/fresh/me")).json().data;
    expect(me.company.active_services.map((s: { position_ref: number }) => s.position_ref)).not.toContain(1);
    const notActive = await people.citizen.get(`services/slots/array/${bookingService.hashid}?company=${pharmacy}`);
    expect(notActive.statusCode).toBe(404);
    expect(notActive.json().message).toBe(COMPANY_MESSAGES.serviceNotActive);
    // Nor can its health services (booked through it) be booked by citizens meanwhile: they are not
    // offered to them, and their slots are refused.
    expect((await people.citizen.get(`healthservices/company/all/${pharmacy}`)).json().data).toEqual([]);
    const healthService = (await people.pharmacyOperator.get(`healthservices/company/all/${pharmacy}`)).json().data[0]
      .hashid;
    const noSlots = await people.citizen.get(`healthservices/slots/array/${healthService}`);
    expect(noSlots.json().message).toBe(COMPANY_MESSAGES.serviceNotActive);
    expect((await people.pharmacyOperator.get(`healthservices/slots/array/${healthService}`)).statusCode).toBe(200);
    await people.pharmacyAdmin.call("PATCH", `services/own/servicestatus/${bookingService.hashid}`, { status: true });

    const proxy = await people.pharmacyAdmin.call("PATCH", `services/own/proxystatus/${bookingService.hashid}`, {
      status: true,
    });
    expect(proxy.json().data.proxy_status).toBe(true);
    const hours = await people.pharmacyAdmin.call("POST", `services/own/openings/${bookingService.hashid}`, {
      days: week.Monday,
    });
    expect(hours.json().data.inherited).toBe(false);
    expect(
      (await people.pharmacyOperator.get("services/own/check"))
        .json()
        .data.find((s: { position_ref: number }) => s.position_ref === 1).has_openings,
    ).toBe(true);
  });

  it("answers 'Servizio non abilitato' for a service the company does not run, 403 without the permission", async () => {
    const monitoring = (await people.roomAdmin.get("services/own/check"))
      .json()
      .data.find((s: { position_ref: number }) => s.position_ref === 8).hashid;
    const refused = await people.pharmacyAdmin.call("PATCH", `services/own/servicestatus/${monitoring}`, {
      status: true,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(COMPANY_MESSAGES.serviceNotEnabled);
    expect(
      (await people.pharmacyOperator.call("PATCH", `services/own/servicestatus/${monitoring}`, { status: true }))
        .statusCode,
    ).toBe(403);
    expect((await people.citizen.get("services/own/check")).statusCode).toBe(403);
  });

  it("lets a monitoring room set its centres' services and overlap option", async () => {
    const ref1 = (await people.roomAdmin.get("services/app/enabled"))
      .json()
      .data.find((s: { position_ref: number }) => s.position_ref === 1);
    expect(ref1.enabled).toBe(true);
    const patched = await people.roomAdmin.call("PATCH", `companies/${centre}/services/${ref1.hashid}`, {
      slot_minutes: 20,
      proxy_scheduling: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ slot_minutes: 20, proxy_scheduling: true });
    expect(
      (await people.pharmacyAdmin.call("PATCH", `companies/${centre}/services/${ref1.hashid}`, { active: true }))
        .statusCode,
    ).toBe(404);
    const overlap = await people.roomAdmin.call("PATCH", `companies/${centre}/option/overlap`, { overlap: true });
    expect(overlap.json().data.overlap).toBe(true);
    expect(
      (await people.pharmacyAdmin.call("PATCH", `companies/${centre}/option/overlap`, { overlap: true })).statusCode,
    ).toBe(404);
  });
});

describe("questionnaire of a health service", () => {
  // Attaching a real questionnaire is the surveys module's test (surveys/links.test.ts).
  it("refuses a questionnaire that does not exist, detaches, and keeps to the company's administrators", async () => {
    const service = await createService(people.pharmacyAdmin, { name: "Screening diabete" });
    const refused = await people.pharmacyAdmin.call("POST", `healthservices/survey/attach/${service}`, {
      survey: "kZ3Gx7Qa",
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(COMPANY_MESSAGES.surveyNotFound);
    const detached = await people.pharmacyAdmin.call("POST", `healthservices/survey/attach/${service}`, {
      survey: null,
    });
    expect(detached.json().data.survey).toBeNull();
    expect(
      (await people.pharmacyOperator.call("POST", `healthservices/survey/attach/${service}`, { survey: null }))
        .statusCode,
    ).toBe(403);
    expect(
      (await people.roomAdmin.call("POST", `healthservices/survey/attach/${service}`, { survey: null })).statusCode,
    ).toBe(404);
  });
});

describe("attachments (allegati)", () => {
  async function upload(c: Caller): Promise<string> {
    const body = multipart([{ name: "file", filename: "preparazione.png", content: tinyPng, type: "image/png" }]);
    const response = await t.request({
      method: "POST",
      url: "/api/v1/resources/public",
      token: c.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.hashid;
  }

  it("attaches a file the operator uploaded; citizens list and read it while the service is active", async () => {
    const service = await createService(people.pharmacyAdmin, { name: "Elettrocardiogramma a riposo" });
    const file = await upload(people.pharmacyAdmin);
    const added = await people.pharmacyAdmin.call("POST", `healthservices/allegati/add/${service}`, { resource: file });
    expect(added.statusCode, added.body).toBe(200);
    const list = (await people.citizen.get(`healthservices/allegati/all/${service}`)).json().data;
    expect(list).toEqual([
      { hashid: file, name: "preparazione.png", mime_type: "image/png", url: `/api/v1/resources/private/${file}` },
    ]);
    expect((await people.citizen.get(`resources/private/${file}`)).statusCode).toBe(200);

    // Someone else's upload cannot be attached; nor can another company touch the service.
    const foreign = await upload(people.roomAdmin);
    expect(
      (await people.pharmacyAdmin.call("POST", `healthservices/allegati/add/${service}`, { resource: foreign }))
        .statusCode,
    ).toBe(422);
    expect(
      (await people.roomAdmin.call("POST", `healthservices/allegati/add/${service}`, { resource: foreign })).statusCode,
    ).toBe(404);
    // Reading a file is not owning it: another company cannot copy this one onto a service of its own.
    expect((await people.roomAdmin.get(`resources/private/${file}`)).statusCode).toBe(200);
    const theirs = await createService(people.roomAdmin, { name: "Holter pressorio" });
    expect(
      (await people.roomAdmin.call("POST", `healthservices/allegati/add/${theirs}`, { resource: file })).statusCode,
    ).toBe(422);
    expect(
      (await people.pharmacyOperator.call("POST", `healthservices/allegati/remove/${service}`, { resource: file }))
        .statusCode,
    ).toBe(403);

    const removed = await people.pharmacyAdmin.call("POST", `healthservices/allegati/remove/${service}`, {
      resource: file,
    });
    expect(removed.json().data).toEqual([]);
    expect((await people.citizen.get(`resources/private/${file}`)).statusCode).toBe(404);
  });
});
