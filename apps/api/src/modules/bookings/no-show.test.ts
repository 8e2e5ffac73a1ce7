import { BOOKING_MESSAGES } from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { type Caller, demoCallers, nextMonday } from "../companies/test-helpers.ts";
import { bookingEvents, bookings } from "./tables.ts";

/** `POST reservations/company/noshow/{hash}` (issue 12 "Beyond the spec": 'non presentato'). */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let service: string;
const monday = nextMonday();
const slot = (day: number, time: string) =>
  new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const idOf = (hashid: string) => ids.decode(hashid) as number;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const created = await people.pharmacyAdmin.call("POST", "healthservices", {
    name: "Holter cardiaco",
    slot_minutes: 30,
  });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json().data.hashid;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  const hours = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days });
  expect(hours.statusCode, hours.body).toBe(200);
});
afterAll(() => t.close());

/** A booking of the citizen, confirmed by the company. */
async function confirmed(c: Caller, start: string): Promise<string> {
  const response = await c.call("POST", "reservations", { health_service: service, start });
  expect(response.statusCode, response.body).toBe(201);
  const hashid = response.json().data.hashid as string;
  expect((await people.pharmacyOperator.call("POST", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
  return hashid;
}

/** Moves a booking's appointment to `ms` ago, as if that time had come. */
async function startedAgo(hashid: string, ms: number): Promise<void> {
  const start = Date.now() - ms;
  await t.database.db
    .update(bookings)
    .set({ startAt: new Date(start), endAt: new Date(start + 30 * 60_000) })
    .where(eq(bookings.id, idOf(hashid)));
}

const noShow = (c: Caller, hashid: string) => c.call("POST", `reservations/company/noshow/${hashid}`);
const events = (hashid: string) =>
  t.database.db
    .select({ action: bookingEvents.action, from: bookingEvents.fromStatus, to: bookingEvents.toStatus })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, idOf(hashid)), eq(bookingEvents.action, "no_show")));

describe("POST reservations/company/noshow/{hash}", () => {
  it("refuses with 409 before the appointment's start, and changes nothing", async () => {
    const hashid = await confirmed(people.citizen, slot(1, "09:00"));
    await startedAgo(hashid, -10 * 60_000);
    const early = await noShow(people.pharmacyOperator, hashid);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOOKING_MESSAGES.noShowBeforeStart);
    expect((await people.citizen.get(`reservations/details/all/${hashid}`)).json().data.status).toBe("confermato");
    expect(await events(hashid)).toEqual([]);
  });

  it("records the no-show from the start on: history, audit, the citizen told and shown it in their history", async () => {
    const hashid = await confirmed(people.citizen, slot(1, "10:00"));
    await startedAgo(hashid, 60_000);
    const done = await noShow(people.pharmacyOperator, hashid);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: BOOKING_MESSAGES.updated,
      data: { hashid, status: "non_presentato", status_label: "non presentato" },
    });
    expect(await events(hashid)).toEqual([{ action: "no_show", from: "confermato", to: "non_presentato" }]);
    const audit = await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, String(idOf(hashid)))));
    expect(audit).toContainEqual({ action: "booking.no_show", detail: { from: "confermato", to: "non_presentato" } });

    const notices = (await people.citizen.get("notifications?per_page=100")).json().data as Array<{ title: string }>;
    expect(notices.map((n) => n.title)).toContain("Mancata presentazione");
    const history = await people.citizen.get("users/own/reservations?group=history&per_page=50");
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toContainEqual(expect.objectContaining({ hashid, status: "non_presentato" }));

    // Final: neither closed nor recorded twice afterwards.
    const again = await noShow(people.pharmacyOperator, hashid);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_MESSAGES.transitionRefused);
    expect((await people.pharmacyOperator.call("POST", `reservations/company/close/${hashid}`)).statusCode).toBe(409);
  });

  it("refuses a booking not confirmed, or already evaso, with 409", async () => {
    const received = await people.citizen.call("POST", "reservations", {
      health_service: service,
      start: slot(1, "11:00"),
    });
    const hashid = received.json().data.hashid as string;
    await startedAgo(hashid, 60_000);
    expect((await noShow(people.pharmacyOperator, hashid)).statusCode).toBe(409);

    const served = await confirmed(people.citizen2, slot(1, "11:30"));
    await startedAgo(served, 60_000);
    expect((await people.pharmacyOperator.call("POST", `reservations/company/close/${served}`)).statusCode).toBe(200);
    const late = await noShow(people.pharmacyOperator, served);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(BOOKING_MESSAGES.transitionRefused);
  });

  it("is 404 for another company's operator and unknown ids, 403 for citizens, 401 anonymous", async () => {
    const hashid = await confirmed(people.citizen, slot(1, "12:00"));
    await startedAgo(hashid, 60_000);
    expect((await noShow(people.roomAdmin, hashid)).statusCode).toBe(404);
    expect((await noShow(people.pharmacyOperator, "nope")).statusCode).toBe(404);
    expect((await noShow(people.citizen, hashid)).statusCode).toBe(403);
    expect((await noShow(people.admin, hashid)).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: `/api/v1/reservations/company/noshow/${hashid}` })).statusCode).toBe(
      401,
    );
    expect(await events(hashid)).toEqual([]);
    // The company's own administrator may, like closing.
    expect((await noShow(people.pharmacyAdmin, hashid)).statusCode).toBe(200);
  });
});
