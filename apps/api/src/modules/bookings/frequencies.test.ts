import { AGENDA_MESSAGES, RECALL_LEAD_DAYS } from "@cura/domain";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedDate } from "../../platform/zoned-time.ts";
import { type Caller, demoCallers } from "../companies/test-helpers.ts";
import { nextOccurrence, RECALL_JOB } from "./frequencies.ts";
import { bookingEvents, bookingFrequencies, bookings } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** A health service of Farmacia San Marco. */
let service: string;
/** A health service of the monitoring room (another company). */
let otherService: string;
let maria: string;
let giuseppe: string;
const today = zonedDate(Date.now(), "Europe/Rome");
const tomorrow = addDays(today, 1);
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const idOf = (hashid: string) => ids.decode(hashid) as number;

const hashidOf = async (c: Caller) => (await c.get("users/fresh/me")).json().data.hashid as string;

async function newService(c: Caller, name: string) {
  const created = await c.call("POST", "healthservices", { name, slot_minutes: 20 });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.hashid as string;
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  service = await newService(people.pharmacyAdmin, "Controllo pressione");
  otherService = await newService(people.roomAdmin, "Telemonitoraggio");
  maria = await hashidOf(people.citizen);
  giuseppe = await hashidOf(people.citizen2);
});
afterAll(() => t.close());

const recall = (overrides: object = {}) => ({
  user: maria,
  health_service: service,
  every: 1,
  unit: 0,
  next_date: addDays(today, 30),
  time: "09:00",
  ...overrides,
});

async function create(c: Caller = people.pharmacyAdmin, body: object = recall()) {
  const response = await c.call("POST", "reservations/frequencies", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { hashid: string; next_date: string };
}

const bookingsOf = (frequencyStart: string) =>
  t.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, idOf(maria)), eq(bookings.healthServiceId, idOf(frequencyStart))));

describe("POST reservations/frequencies", () => {
  it("an operator creates a recall for a patient at a service of the company", async () => {
    const response = await people.pharmacyOperator.call("POST", "reservations/frequencies", {
      ...recall(),
      end_date: addDays(today, 365),
      notes: "Controllo mensile",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(AGENDA_MESSAGES.frequencyCreated);
    expect(response.json().data).toMatchObject({
      enabled: true,
      user: { hashid: maria, name: expect.any(String) },
      health_service: { hashid: service, name: "Controllo pressione" },
      every: 1,
      unit: 0,
      time: "09:00",
      end_date: addDays(today, 365),
      notes: "Controllo mensile",
      created_by: "operatore",
      last_booking: null,
      bookings_created: 0,
    });
  });

  it("a citizen creates one for themself (the user field may be omitted)", async () => {
    const { user: _user, ...mine } = recall();
    const response = await people.citizen.call("POST", "reservations/frequencies", mine);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ user: { hashid: maria }, created_by: "cittadino" });
    // Never for somebody else.
    expect((await people.citizen.call("POST", "reservations/frequencies", recall({ user: giuseppe }))).statusCode).toBe(
      404,
    );
  });

  it("answers 422 with Italian messages by field", async () => {
    const noPatient = await people.pharmacyAdmin.call("POST", "reservations/frequencies", recall({ user: undefined }));
    expect(noPatient.statusCode).toBe(422);
    expect(noPatient.json().errors.user).toEqual([AGENDA_MESSAGES.patientRequired]);
    const bad = await people.pharmacyAdmin.call(
      "POST",
      "reservations/frequencies",
      recall({ every: 0, unit: 7, time: "9", end_date: "2020-01-01" }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      every: [AGENDA_MESSAGES.everyInvalid],
      unit: [AGENDA_MESSAGES.unitInvalid],
      time: [AGENDA_MESSAGES.timeRequired],
    });
    const order = await people.pharmacyAdmin.call("POST", "reservations/frequencies", recall({ end_date: today }));
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.end_date).toEqual([AGENDA_MESSAGES.endBeforeNext]);
    const past = await people.pharmacyAdmin.call(
      "POST",
      "reservations/frequencies",
      recall({ next_date: addDays(today, -1) }),
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.next_date).toEqual([AGENDA_MESSAGES.nextDatePast]);
  });

  it("answers 404 for another company's service or a user who is not a citizen; 401 and 403 by rule", async () => {
    expect(
      (await people.pharmacyAdmin.call("POST", "reservations/frequencies", recall({ health_service: otherService })))
        .statusCode,
    ).toBe(404);
    const operator = await hashidOf(people.pharmacyOperator);
    expect(
      (await people.pharmacyAdmin.call("POST", "reservations/frequencies", recall({ user: operator }))).statusCode,
    ).toBe(404);
    expect((await people.admin.call("POST", "reservations/frequencies", recall())).statusCode).toBe(403);
    const anonymous = await t.request({ method: "POST", url: "/api/v1/reservations/frequencies", body: recall() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET reservations/frequencies/users/{id} and companies/own/reservations/frequencies", () => {
  it("the citizen sees their own; an operator sees a patient's at their company only", async () => {
    const { hashid } = await create();
    const own = await people.citizen.get(`reservations/frequencies/users/${maria}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((f: { hashid: string }) => f.hashid)).toContain(hashid);
    expect((await people.citizen.get(`reservations/frequencies/users/${giuseppe}`)).statusCode).toBe(404);
    const operator = await people.pharmacyOperator.get(`reservations/frequencies/users/${maria}`);
    expect(operator.json().data.map((f: { hashid: string }) => f.hashid)).toContain(hashid);
    const room = await people.roomAdmin.get(`reservations/frequencies/users/${maria}`);
    expect(room.statusCode).toBe(200);
    expect(room.json().data).toEqual([]);
    expect((await people.admin.get(`reservations/frequencies/users/${maria}`)).statusCode).toBe(403);
  });

  it("the company's list holds its recalls only; citizens are refused", async () => {
    const { hashid } = await create();
    const list = await people.pharmacyOperator.get("companies/own/reservations/frequencies");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((f: { hashid: string }) => f.hashid)).toContain(hashid);
    const room = await people.roomAdmin.get("companies/own/reservations/frequencies");
    expect(room.json().data.map((f: { hashid: string }) => f.hashid)).not.toContain(hashid);
    expect((await people.citizen.get("companies/own/reservations/frequencies")).statusCode).toBe(403);
  });
});

describe("PATCH, PUT and DELETE reservations/frequencies/{id}", () => {
  it("either party suspends and enables it; nobody else (404)", async () => {
    const { hashid } = await create();
    const off = await people.citizen.call("PATCH", `reservations/frequencies/${hashid}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.enabled).toBe(false);
    const on = await people.pharmacyOperator.call("PATCH", `reservations/frequencies/${hashid}`, { enabled: true });
    expect(on.json().data.enabled).toBe(true);
    expect(
      (await people.citizen2.call("PATCH", `reservations/frequencies/${hashid}`, { enabled: false })).statusCode,
    ).toBe(404);
    expect(
      (await people.roomAdmin.call("PATCH", `reservations/frequencies/${hashid}`, { enabled: false })).statusCode,
    ).toBe(404);
    const missing = await people.citizen.call("PATCH", `reservations/frequencies/${hashid}`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.enabled).toEqual([AGENDA_MESSAGES.enabledRequired]);
  });

  it("PUT edits the recurrence; 422 on bad input, 404 for others", async () => {
    const { hashid } = await create();
    const { user: _user, ...body } = recall({ every: 2, unit: 1, time: "15:30", next_date: addDays(today, 10) });
    const saved = await people.pharmacyAdmin.call("PUT", `reservations/frequencies/${hashid}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ every: 2, unit: 1, time: "15:30", next_date: addDays(today, 10) });
    const bad = await people.pharmacyAdmin.call("PUT", `reservations/frequencies/${hashid}`, { ...body, every: 400 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.every).toEqual([AGENDA_MESSAGES.everyInvalid]);
    expect((await people.citizen2.call("PUT", `reservations/frequencies/${hashid}`, body)).statusCode).toBe(404);
    const otherCompany = await people.pharmacyAdmin.call("PUT", `reservations/frequencies/${hashid}`, {
      ...body,
      health_service: otherService,
    });
    expect(otherCompany.statusCode).toBe(404);
  });

  it("DELETE removes it for the parties only", async () => {
    const { hashid } = await create();
    expect((await people.roomAdmin.call("DELETE", `reservations/frequencies/${hashid}`)).statusCode).toBe(404);
    const deleted = await people.citizen.call("DELETE", `reservations/frequencies/${hashid}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(AGENDA_MESSAGES.frequencyDeleted);
    expect((await people.pharmacyAdmin.call("DELETE", `reservations/frequencies/${hashid}`)).statusCode).toBe(404);
    expect((await people.citizen.call("DELETE", "reservations/frequencies/zzzzzzzz")).statusCode).toBe(404);
  });
});

describe("the recall job", () => {
  it("books the next date once, however often it runs, and moves the date on", async () => {
    const own = await newService(people.pharmacyAdmin, "Recall mensile");
    const { hashid } = await create(people.pharmacyAdmin, recall({ health_service: own, next_date: tomorrow }));
    await t.app.jobs.runNow(RECALL_JOB);
    await t.app.jobs.runNow(RECALL_JOB);
    // Two runs at once (two instances): still one booking.
    await Promise.all([t.app.jobs.runNow(RECALL_JOB), t.app.jobs.runNow(RECALL_JOB)]);
    const made = await bookingsOf(own);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "ricevuto", companyId: expect.any(Number) });
    expect((made[0]?.endAt?.getTime() ?? 0) - (made[0]?.startAt?.getTime() ?? 0)).toBe(20 * 60_000);
    // The history says the system made it (no user).
    const history = await t.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, made[0]?.id ?? 0), isNull(bookingEvents.actorUserId)));
    expect(history.map((e) => e.action)).toEqual(["created"]);
    const list = (await people.citizen.get(`reservations/frequencies/users/${maria}`)).json().data;
    const frequency = list.find((f: { hashid: string }) => f.hashid === hashid);
    expect(frequency).toMatchObject({
      next_date: nextOccurrence(tomorrow, 1, 0),
      last_booking: ids.encode(made[0]?.id ?? 0),
      bookings_created: 1,
    });
    // The citizen sees it among their bookings.
    const all = (await people.citizen.get("users/own/reservations/all")).json().data;
    expect(all.map((b: { hashid: string }) => b.hashid)).toContain(ids.encode(made[0]?.id ?? 0));
    // Both parties are told (the change was the system's): the citizen and the company's operators.
    const link = (n: { link: string | null }) => n.link?.includes(ids.encode(made[0]?.id ?? 0));
    const citizenNotices = (await people.citizen.get("notifications")).json().data;
    expect(citizenNotices.filter(link)).toHaveLength(1);
    const operatorNotices = (await people.pharmacyOperator.get("notifications")).json().data;
    expect(operatorNotices.filter(link)).toHaveLength(1);
  });

  it("books every date within the lead days for a daily recall, and nothing when suspended", async () => {
    const daily = await newService(people.pharmacyAdmin, "Recall giornaliero");
    await create(people.pharmacyAdmin, recall({ health_service: daily, next_date: tomorrow, every: 1, unit: 2 }));
    const paused = await newService(people.pharmacyAdmin, "Recall sospeso");
    await create(
      people.pharmacyAdmin,
      recall({ health_service: paused, next_date: today, every: 1, unit: 2, enabled: false }),
    );
    await t.app.jobs.runNow(RECALL_JOB);
    await t.app.jobs.runNow(RECALL_JOB);
    // Tomorrow to the last lead day.
    expect(await bookingsOf(daily)).toHaveLength(RECALL_LEAD_DAYS);
    expect(await bookingsOf(paused)).toHaveLength(0);
  });
});

describe("the recall job after a pause", () => {
  it("skips the dates already past instead of booking them late, and moves the next date on", async () => {
    const late = await newService(people.pharmacyAdmin, "Recall in ritardo");
    const { hashid } = await create(people.pharmacyAdmin, recall({ health_service: late, next_date: tomorrow }));
    const past = addDays(today, -40);
    await t.database.db
      .update(bookingFrequencies)
      .set({ nextDate: past })
      .where(eq(bookingFrequencies.id, idOf(hashid)));
    await t.app.jobs.runNow(RECALL_JOB);
    const made = await bookingsOf(late);
    for (const booking of made) expect(booking.startAt?.getTime() ?? 0).toBeGreaterThan(Date.now());
    const list = (await people.pharmacyAdmin.get("companies/own/reservations/frequencies")).json().data;
    const moved = list.find((f: { hashid: string }) => f.hashid === hashid);
    expect(moved.next_date > today).toBe(true);
    let first = past;
    while (first <= today) first = nextOccurrence(first, 1, 0);
    expect(moved.next_date).toBe(made.length ? nextOccurrence(first, 1, 0) : first);
  });
});

describe("the recall job on two API instances", () => {
  it("books each date once when both run it at the same moment", async () => {
    const second = await t.secondInstance();
    const weekly = await newService(people.pharmacyAdmin, "Recall su due istanze");
    await create(people.pharmacyAdmin, recall({ health_service: weekly, next_date: tomorrow, every: 2, unit: 2 }));
    await Promise.all([t.app.jobs.runNow(RECALL_JOB), second.app.jobs.runNow(RECALL_JOB)]);
    await Promise.all([t.app.jobs.runNow(RECALL_JOB), second.app.jobs.runNow(RECALL_JOB)]);
    const made = await bookingsOf(weekly);
    // Tomorrow and every second day after it, up to the last lead day; each once.
    expect(made).toHaveLength(Math.floor((RECALL_LEAD_DAYS - 1) / 2) + 1);
    expect(new Set(made.map((b) => b.startAt?.toISOString())).size).toBe(made.length);
  });
});

describe("nextOccurrence", () => {
  it("adds days, weeks and months (keeping the day, or the month's last)", () => {
    expect(nextOccurrence("2026-01-30", 3, 2)).toBe("2026-02-02");
    expect(nextOccurrence("2026-01-30", 2, 1)).toBe("2026-02-13");
    expect(nextOccurrence("2026-01-31", 1, 0)).toBe("2026-02-28");
    expect(nextOccurrence("2026-11-15", 3, 0)).toBe("2027-02-15");
    expect(nextOccurrence("2028-01-31", 1, 0)).toBe("2028-02-29");
  });
});
