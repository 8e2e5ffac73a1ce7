import { AGENDA_MESSAGES } from "@cura/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedDate } from "../../platform/zoned-time.ts";
import { demoCallers } from "../companies/test-helpers.ts";
import { RECALL_JOB } from "./frequencies.ts";
import { bookings } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** A booking of Maria tomorrow at 09:00 (Rome), made by a recall. */
let booking: { hashid: string; start: Date; end: Date };
/** Maria's request that has no date yet. */
let undated: string;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const tomorrow = addDays(zonedDate(Date.now(), "Europe/Rome"), 1);

/** 20261122T080000Z: the iCalendar form of an instant in UTC. */
const icsTime = (date: Date) => `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const service = await people.pharmacyAdmin.call("POST", "healthservices", {
    name: "Holter pressorio",
    slot_minutes: 30,
  });
  expect(service.statusCode, service.body).toBe(201);
  const maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
  const recall = await people.pharmacyAdmin.call("POST", "reservations/frequencies", {
    user: maria,
    health_service: service.json().data.hashid,
    every: 6,
    unit: 0,
    next_date: tomorrow,
    time: "09:00",
  });
  expect(recall.statusCode, recall.body).toBe(201);
  await t.app.jobs.runNow(RECALL_JOB);
  const serviceId = ids.decode(service.json().data.hashid) as number;
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.healthServiceId, serviceId));
  if (!row?.startAt || !row.endAt) throw new Error("the recall made no booking");
  booking = { hashid: ids.encode(row.id), start: row.startAt, end: row.endAt };
  const [copy] = await t.database.db
    .insert(bookings)
    .values({ ...row, id: undefined, startAt: null, endAt: null, preferences: [] })
    .returning();
  undated = ids.encode(copy?.id ?? 0);
});
afterAll(() => t.close());

describe("GET users/own/reservations/onedaycalendar", () => {
  it("answers the day's appointments (date given, or today)", async () => {
    const day = await people.citizen.get(`users/own/reservations/onedaycalendar?date=${tomorrow}`);
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().data.map((b: { hashid: string }) => b.hashid)).toContain(booking.hashid);
    const other = await people.citizen.get(`users/own/reservations/onedaycalendar?date=${addDays(tomorrow, 1)}`);
    expect(other.json().data.map((b: { hashid: string }) => b.hashid)).not.toContain(booking.hashid);
    const today = await people.citizen.get("users/own/reservations/onedaycalendar");
    expect(today.statusCode).toBe(200);
    expect(today.json().data.map((b: { hashid: string }) => b.hashid)).not.toContain(booking.hashid);
  });

  it("shows nothing of another citizen; refuses operators, anonymous callers and bad dates", async () => {
    const theirs = await people.citizen2.get(`users/own/reservations/onedaycalendar?date=${tomorrow}`);
    expect(theirs.json().data.map((b: { hashid: string }) => b.hashid)).not.toContain(booking.hashid);
    expect((await people.pharmacyAdmin.get("users/own/reservations/onedaycalendar")).statusCode).toBe(403);
    const anonymous = await t.request({ method: "GET", url: "/api/v1/users/own/reservations/onedaycalendar" });
    expect(anonymous.statusCode).toBe(401);
    const bad = await people.citizen.get("users/own/reservations/onedaycalendar?date=domani");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.date).toEqual([AGENDA_MESSAGES.dateRequired]);
  });
});

describe("GET users/own/reservation/calendar/{id}", () => {
  it("answers an iCalendar event with the booking's start, end, title and place", async () => {
    const response = await people.citizen.get(`users/own/reservation/calendar/${booking.hashid}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(response.headers["content-disposition"]).toContain(`prenotazione-${booking.hashid}.ics`);
    const ics = response.body.replace(/\r\n[ \t]/g, "");
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain(`DTSTART:${icsTime(booking.start)}`);
    expect(ics).toContain(`DTEND:${icsTime(booking.end)}`);
    expect(ics).toContain("SUMMARY:Holter pressorio");
    expect(ics).toContain("LOCATION:Farmacia San Marco");
    expect(ics).toMatch(new RegExp(`UID:${booking.hashid}@`));
    expect(ics).toContain("STATUS:TENTATIVE");
  });

  it("answers 409 while the request has no date", async () => {
    const response = await people.citizen.get(`users/own/reservation/calendar/${undated}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(AGENDA_MESSAGES.noDateYet);
  });

  it("refuses another citizen's booking (404), operators (403) and anonymous callers (401)", async () => {
    expect((await people.citizen2.get(`users/own/reservation/calendar/${booking.hashid}`)).statusCode).toBe(404);
    expect((await people.citizen.get("users/own/reservation/calendar/zzzzzzzz")).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.get(`users/own/reservation/calendar/${booking.hashid}`)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: "GET",
      url: `/api/v1/users/own/reservation/calendar/${booking.hashid}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET users/own/reservation/download/{id}", () => {
  it("answers a PDF summary, also for a request without a date", async () => {
    const response = await people.citizen.get(`users/own/reservation/download/${booking.hashid}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(response.rawPayload.length).toBeGreaterThan(1000);
    const undatedPdf = await people.citizen.get(`users/own/reservation/download/${undated}`);
    expect(undatedPdf.statusCode).toBe(200);
  });

  it("refuses another citizen's booking (404), operators (403) and anonymous callers (401)", async () => {
    expect((await people.citizen2.get(`users/own/reservation/download/${booking.hashid}`)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.get(`users/own/reservation/download/${booking.hashid}`)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: "GET",
      url: `/api/v1/users/own/reservation/download/${booking.hashid}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET users/{id}/agendaevents/calendar/full", () => {
  it("shows the citizen's bookings beside the events", async () => {
    const response = await people.citizen.get(`users/own/agendaevents/calendar/full?from=${tomorrow}&to=${tomorrow}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.bookings.map((b: { hashid: string }) => b.hashid)).toContain(booking.hashid);
  });
});
