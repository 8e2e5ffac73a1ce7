import { AGENDA_MESSAGES, BOOKING_MESSAGES } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addDays, zonedDate } from "../../platform/zoned-time.ts";
import { type Caller, demoCallers } from "../companies/test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let me: string;
let other: string;
const tomorrow = addDays(zonedDate(Date.now(), "Europe/Rome"), 1);
const event = { name: "Visita dal dentista", place: "Studio Bianchi, Roma", date: tomorrow, time: "10:30" };

const hashidOf = async (c: Caller) => (await c.get("users/fresh/me")).json().data.hashid as string;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  me = await hashidOf(people.citizen);
  other = await hashidOf(people.citizen2);
});
afterAll(() => t.close());

async function create(c: Caller = people.citizen, body: object = event) {
  const response = await c.call("POST", `users/${me}/agendaevents`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { hashid: string };
}

describe("POST users/{id}/agendaevents", () => {
  it("creates an event with name, place, date and time, notes optional", async () => {
    const response = await people.citizen.call("POST", `users/${me}/agendaevents`, {
      ...event,
      notes: "Portare lastre",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(AGENDA_MESSAGES.eventCreated);
    expect(response.json().data).toMatchObject({
      user: me,
      name: event.name,
      place: event.place,
      date: tomorrow,
      time: "10:30",
      notes: "Portare lastre",
    });
    // 10:30 in Rome is 08:30 or 09:30 UTC, depending on summer time.
    expect(response.json().data.start).toMatch(/T0[89]:30:00/);
  });

  it("accepts `own` for oneself", async () => {
    const response = await people.citizen.call("POST", "users/own/agendaevents", event);
    expect(response.statusCode, response.body).toBe(201);
  });

  it("answers 422 with Italian messages by field when name, place, date or time is missing or wrong", async () => {
    const response = await people.citizen.call("POST", `users/${me}/agendaevents`, {
      name: " ",
      date: "2026-13-40",
      time: "25:00",
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors.name).toEqual([AGENDA_MESSAGES.nameRequired]);
    expect(errors.place).toEqual([AGENDA_MESSAGES.placeRequired]);
    expect(errors.date).toEqual([AGENDA_MESSAGES.dateRequired]);
    expect(errors.time).toEqual([AGENDA_MESSAGES.timeRequired]);
  });

  it("refuses someone else's agenda (404), operators (403) and anonymous callers (401)", async () => {
    expect((await people.citizen.call("POST", `users/${other}/agendaevents`, event)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.call("POST", `users/${me}/agendaevents`, event)).statusCode).toBe(403);
    const anonymous = await t.request({ method: "POST", url: `/api/v1/users/${me}/agendaevents`, body: event });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("PUT and POST users/{id}/agendaevents/{eventid}", () => {
  it("saves the event (PUT and POST alike)", async () => {
    const { hashid } = await create();
    const put = await people.citizen.call("PUT", `users/${me}/agendaevents/${hashid}`, { ...event, name: "Dentista" });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ data: { hashid, name: "Dentista" }, message: AGENDA_MESSAGES.eventUpdated });
    const post = await people.citizen.call("POST", `users/${me}/agendaevents/${hashid}`, { ...event, time: "11:00" });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().data).toMatchObject({ name: event.name, time: "11:00", notes: null });
  });

  it("answers 404 for another user's event, even through one's own agenda, and 422 for bad input", async () => {
    const theirs = await people.citizen2.call("POST", "users/own/agendaevents", event);
    expect(theirs.statusCode).toBe(201);
    const id = theirs.json().data.hashid;
    expect((await people.citizen.call("PUT", `users/${me}/agendaevents/${id}`, event)).statusCode).toBe(404);
    expect((await people.citizen.call("PUT", `users/${other}/agendaevents/${id}`, event)).statusCode).toBe(404);
    const { hashid } = await create();
    const bad = await people.citizen.call("PUT", `users/${me}/agendaevents/${hashid}`, { ...event, place: "" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.place).toEqual([AGENDA_MESSAGES.placeRequired]);
  });
});

describe("PUT and DELETE users/{id}/agendaevents without {eventid}", () => {
  it("PUT takes the event from the body's hashid, and answers 422 without it", async () => {
    const { hashid } = await create();
    const saved = await people.citizen.call("PUT", `users/${me}/agendaevents`, { ...event, hashid, place: "Milano" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ hashid, place: "Milano" });
    const missing = await people.citizen.call("PUT", `users/${me}/agendaevents`, event);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.hashid).toEqual([AGENDA_MESSAGES.eventRequired]);
  });

  it("DELETE takes the event from the body's hashid, and answers 422 without it", async () => {
    const { hashid } = await create();
    const missing = await people.citizen.call("DELETE", `users/${me}/agendaevents`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.hashid).toEqual([AGENDA_MESSAGES.eventRequired]);
    const bare = await t.request({
      method: "DELETE",
      url: `/api/v1/users/${me}/agendaevents`,
      token: people.citizen.token,
    });
    expect(bare.statusCode).toBe(422);
    const deleted = await people.citizen.call("DELETE", `users/${me}/agendaevents`, { hashid });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(AGENDA_MESSAGES.eventDeleted);
    expect((await people.citizen.call("DELETE", `users/${me}/agendaevents`, { hashid })).statusCode).toBe(404);
  });
});

describe("DELETE users/{id}/agendaevents/{eventid}", () => {
  it("deletes one's own event only", async () => {
    const { hashid } = await create();
    expect((await people.citizen2.call("DELETE", `users/${other}/agendaevents/${hashid}`)).statusCode).toBe(404);
    expect((await people.citizen2.call("DELETE", `users/${me}/agendaevents/${hashid}`)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.call("DELETE", `users/${me}/agendaevents/${hashid}`)).statusCode).toBe(403);
    const deleted = await people.citizen.call("DELETE", `users/${me}/agendaevents/${hashid}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await people.citizen.call("DELETE", `users/${me}/agendaevents/${hashid}`)).statusCode).toBe(404);
  });
});

describe("GET users/{id}/agendaevents/calendar/full", () => {
  it("answers the events (and bookings) of the dates, in time order", async () => {
    const late = await create(people.citizen, { ...event, time: "18:00", name: "Sera" });
    const early = await create(people.citizen, { ...event, time: "07:00", name: "Mattina" });
    const later = await create(people.citizen, { ...event, date: addDays(tomorrow, 40), name: "Fuori" });
    const response = await people.citizen.get(`users/${me}/agendaevents/calendar/full?from=${tomorrow}&to=${tomorrow}`);
    expect(response.statusCode, response.body).toBe(200);
    const { events, bookings } = response.json().data;
    const hashids = events.map((e: { hashid: string }) => e.hashid);
    expect(hashids).toContain(late.hashid);
    expect(hashids.indexOf(early.hashid)).toBeLessThan(hashids.indexOf(late.hashid));
    expect(hashids).not.toContain(later.hashid);
    expect(Array.isArray(bookings)).toBe(true);
  });

  it("refuses another user's calendar (404), operators (403), bad ranges (422)", async () => {
    const range = `from=${tomorrow}&to=${tomorrow}`;
    expect((await people.citizen.get(`users/${other}/agendaevents/calendar/full?${range}`)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.get(`users/${me}/agendaevents/calendar/full?${range}`)).statusCode).toBe(403);
    const reversed = await people.citizen.get(`users/${me}/agendaevents/calendar/full?from=${tomorrow}&to=2020-01-01`);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual([BOOKING_MESSAGES.dateOrder]);
    const missing = await people.citizen.get(`users/${me}/agendaevents/calendar/full`);
    expect(missing.statusCode).toBe(422);
    const long = await people.citizen.get(`users/${me}/agendaevents/calendar/full?from=2026-01-01&to=2027-06-01`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.to).toEqual([BOOKING_MESSAGES.rangeTooLong]);
  });
});
