import {
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  type BookingAction,
  type BookingStatus,
  COMPANY_MESSAGES,
  isBookingActionTimely,
  nextBookingStatus,
  OPERATOR_BOOKING_MESSAGES,
} from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { type Caller, demoCallers, nextMonday } from "../companies/test-helpers.ts";
import { anagrafiche, users } from "../identity/tables.ts";
import { bookingEvents, bookings } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** A health service of Farmacia San Marco, open Monday to Friday 08:00–18:00, 30-minute slots. */
let service: string;
const monday = nextMonday();

/** The start of a slot `day` days after next Monday at `time` (Rome), as the slots call gives it. */
const slot = (day: number, time: string) =>
  new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const created = await people.pharmacyAdmin.call("POST", "healthservices", {
    name: "Visita cardiologica",
    slot_minutes: 30,
  });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json().data.hashid;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  const hours = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days });
  expect(hours.statusCode, hours.body).toBe(200);
});
afterAll(() => t.close());

async function book(c: Caller, start: string, notes?: string): Promise<string> {
  const response = await c.call("POST", "reservations", {
    health_service: service,
    start,
    ...(notes ? { notes } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.hashid;
}

const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const idOf = async (hashid: string) => {
  const id = ids.decode(hashid);
  if (id === null) throw new Error(`no booking ${hashid}`);
  return id;
};

const slotStarts = async (c: Caller, day: number) => {
  const date = addDays(monday, day);
  const answer = (await c.get(`healthservices/slots/array/${service}?from=${date}&to=${date}`)).json();
  return (answer.data.days[0]?.slots ?? []).map((s: { start: string }) => s.start) as string[];
};

describe("POST reservations", () => {
  it("books a free slot, which then leaves the slots, and records the history and the audit", async () => {
    const start = slot(0, "09:00");
    expect(await slotStarts(people.citizen, 0)).toContain(start);
    const response = await people.citizen.call("POST", "reservations", {
      health_service: service,
      start,
      notes: "Porto gli esami precedenti",
    });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json().data;
    expect(response.json().message).toBe(BOOKING_MESSAGES.created);
    expect(booking).toMatchObject({
      kind: "prestazione",
      status: "ricevuto",
      status_label: "ricevuto",
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      notes: "Porto gli esami precedenti",
      health_service: { hashid: service, name: "Visita cardiologica" },
      company: { name: "Farmacia San Marco" },
      proposed_start: null,
    });
    expect(await slotStarts(people.citizen, 0)).not.toContain(start);

    const id = await idOf(booking.hashid);
    const events = await t.database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([["created", null, "ricevuto"]]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(["booking.created"]);

    // The service now has bookings: the companies module refuses to delete it.
    const deleted = await people.pharmacyAdmin.call("DELETE", `healthservices/${service}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(COMPANY_MESSAGES.serviceNotDeletable);
  });

  it("refuses a taken slot, a time that is not a slot, an unknown service and bad input", async () => {
    const start = slot(0, "09:30");
    await book(people.citizen, start);
    const again = await people.citizen2.call("POST", "reservations", { health_service: service, start });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_MESSAGES.slotTaken);

    const offSlot = await people.citizen.call("POST", "reservations", {
      health_service: service,
      start: slot(0, "09:10"),
    });
    expect(offSlot.statusCode).toBe(409);
    const closed = await people.citizen.call("POST", "reservations", {
      health_service: service,
      start: slot(5, "09:00"),
    });
    expect(closed.statusCode).toBe(409);
    const unknown = await people.citizen.call("POST", "reservations", { health_service: "zzzzzzzz", start });
    expect(unknown.statusCode).toBe(404);
    const invalid = await people.citizen.call("POST", "reservations", { health_service: service, start: "lunedì" });
    expect(invalid.statusCode).toBe(422);
  });

  it("is for citizens only, with a phone on their anagrafica", async () => {
    const start = slot(0, "10:00");
    for (const c of [people.pharmacyAdmin, people.roomAdmin, people.admin]) {
      expect((await c.call("POST", "reservations", { health_service: service, start })).statusCode).toBe(403);
    }
    const [maria] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "maria.rossi@cura.demo"));
    const userId = (maria as { id: number }).id;
    const [before] = await t.database.db
      .select({ tel: anagrafiche.telNumber })
      .from(anagrafiche)
      .where(eq(anagrafiche.userId, userId));
    await t.database.db.update(anagrafiche).set({ telNumber: null }).where(eq(anagrafiche.userId, userId));
    const refused = await people.citizen.call("POST", "reservations", { health_service: service, start });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BOOKING_MESSAGES.phoneNotVerified);
    await t.database.db
      .update(anagrafiche)
      .set({ telNumber: before?.tel ?? null })
      .where(eq(anagrafiche.userId, userId));
    await book(people.citizen, start);
  });

  it("gives the last free slot to one of two citizens racing for it; the other gets 409", async () => {
    const start = slot(1, "17:30");
    const [a, b] = await Promise.all([
      people.citizen.call("POST", "reservations", { health_service: service, start }),
      people.citizen2.call("POST", "reservations", { health_service: service, start }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(BOOKING_MESSAGES.slotTaken);
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.startAt, new Date(start)));
    expect(rows).toHaveLength(1);
  });
});

describe("lists", () => {
  it("shows citizens their own bookings only, in every variant", async () => {
    const mine = await book(people.citizen, slot(2, "08:00"));
    const theirs = await book(people.citizen2, slot(2, "08:30"));
    const hashids = (body: { data: Array<{ hashid: string }> }) => body.data.map((b) => b.hashid);

    const list = await people.citizen.get("users/own/reservations?per_page=100");
    expect(list.statusCode, list.body).toBe(200);
    expect(hashids(list.json())).toContain(mine);
    expect(hashids(list.json())).not.toContain(theirs);
    expect(list.json().meta).toMatchObject({ page: 1, per_page: 100 });
    expect(list.json().meta.total).toBe(list.json().data.length);

    const filtered = await people.citizen.get(`users/own/reservations?status=confermato`);
    expect(hashids(filtered.json())).not.toContain(mine);
    const day = addDays(monday, 2);
    const ranged = await people.citizen.get(`users/own/reservations?from=${day}&to=${day}`);
    expect(hashids(ranged.json())).toEqual([mine]);

    expect(hashids((await people.citizen.get("users/own/reservations/all")).json())).toContain(mine);
    expect(hashids((await people.citizen2.get("users/own/reservations/all")).json())).not.toContain(mine);
    const latest = (await people.citizen.get("users/own/reservations/latest")).json();
    expect(latest.data.length).toBeLessThanOrEqual(5);
    expect(hashids(latest)[0]).toBe(mine);

    const calendar = await people.citizen.get(`users/own/reservations/calendar?from=${day}&to=${addDays(day, 1)}`);
    expect(hashids(calendar.json())).toEqual([mine]);
    expect((await people.citizen.get(`users/own/reservations/calendar?from=${day}`)).statusCode).toBe(422);
    expect(
      (await people.citizen.get(`users/own/reservations/calendar?from=${day}&to=${addDays(day, -1)}`)).statusCode,
    ).toBe(422);

    expect(hashids((await people.citizen.get("users/own/reservations/today")).json())).not.toContain(mine);
    // A booking moved to now shows among today's.
    await t.database.db
      .update(bookings)
      .set({ startAt: new Date(), endAt: new Date(Date.now() + 60_000) })
      .where(eq(bookings.id, await idOf(mine)));
    expect(hashids((await people.citizen.get("users/own/reservations/today")).json())).toContain(mine);
  });

  it("shows operators their company's bookings only, with filters", async () => {
    const booked = await book(people.citizen, slot(2, "09:00"));
    const hashids = (body: { data: Array<{ hashid: string }> }) => body.data.map((b) => b.hashid);
    const list = await people.pharmacyOperator.get("companies/own/reservations?per_page=100");
    expect(list.statusCode, list.body).toBe(200);
    expect(hashids(list.json())).toContain(booked);
    expect(list.json().data.find((b: { hashid: string }) => b.hashid === booked).citizen).toMatchObject({
      name: "Maria",
      surname: "Rossi",
    });
    expect(
      hashids((await people.pharmacyOperator.get("companies/own/reservations?status=evaso")).json()),
    ).not.toContain(booked);
    const day = addDays(monday, 2);
    expect(
      hashids((await people.pharmacyOperator.get(`companies/own/reservations?from=${day}&to=${day}`)).json()),
    ).toContain(booked);
    const paged = (await people.pharmacyOperator.get("companies/own/reservations?per_page=1&page=2")).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta.total).toBeGreaterThan(1);
    expect(hashids((await people.roomAdmin.get("companies/own/reservations?per_page=100")).json())).not.toContain(
      booked,
    );
  });

  it("shows operators their company's calendar", async () => {
    const booked = await book(people.citizen, slot(2, "10:00"));
    const day = addDays(monday, 2);
    const calendar = await people.pharmacyOperator.get(`companies/own/reservations/calendar?from=${day}&to=${day}`);
    expect(calendar.statusCode, calendar.body).toBe(200);
    const starts = calendar.json().data.map((b: { start: string }) => b.start);
    expect(starts).toEqual([...starts].sort());
    expect(calendar.json().data.map((b: { hashid: string }) => b.hashid)).toContain(booked);
    const room = await people.roomAdmin.get(`companies/own/reservations/calendar?from=${day}&to=${day}`);
    expect(room.json().data).toEqual([]);
    const open = await people.pharmacyOperator.get(`companies/own/reservations/calendar?from=${day}`);
    expect(open.statusCode).toBe(422);
  });

  it("refuses the other side's lists", async () => {
    expect((await people.citizen.get("companies/own/reservations")).statusCode).toBe(403);
    const calendar = await people.citizen.get("companies/own/reservations/calendar?from=2026-01-01&to=2026-01-02");
    expect(calendar.statusCode).toBe(403);
    for (const variant of ["", "/today", "/latest", "/all", "/calendar?from=2026-01-01&to=2026-01-02"]) {
      expect((await people.pharmacyAdmin.get(`users/own/reservations${variant}`)).statusCode).toBe(403);
    }
  });
});

/** Each action of the state machine through its route. */
const actions: Record<
  BookingAction,
  { actor: "citizen" | "operator"; call: (id: string) => ReturnType<Caller["call"]> }
> = {
  confirm: {
    actor: "operator",
    call: (id) => people.pharmacyOperator.call("GET", `reservations/company/confirm/${id}`),
  },
  propose: {
    actor: "operator",
    call: (id) => people.pharmacyOperator.call("PUT", `reservations/date/change/${id}`, { start: slot(3, "16:00") }),
  },
  refuse: {
    actor: "operator",
    call: (id) => people.pharmacyOperator.call("POST", `reservations/company/reject/${id}`, { reason: 1 }),
  },
  close: { actor: "operator", call: (id) => people.pharmacyOperator.call("POST", `reservations/company/close/${id}`) },
  no_show: {
    actor: "operator",
    call: (id) => people.pharmacyOperator.call("POST", `reservations/company/noshow/${id}`),
  },
  accept: { actor: "citizen", call: (id) => people.citizen.call("GET", `reservations/user/confirm/${id}`) },
  reject: { actor: "citizen", call: (id) => people.citizen.call("POST", `reservations/user/reject/${id}`) },
  cancel: {
    actor: "citizen",
    call: (id) => people.citizen.call("POST", `reservations/own/cancel/${id}`, { reason: 1 }),
  },
  request_new_date: {
    actor: "citizen",
    call: (id) => people.citizen.call("PUT", `reservations/${id}`, { start: slot(3, "16:30") }),
  },
};

async function setStatus(hashid: string, status: BookingStatus): Promise<void> {
  const proposed = status === "in_attesa" ? new Date(slot(3, "15:00")) : null;
  await t.database.db
    .update(bookings)
    .set({
      status,
      proposedStartAt: proposed,
      proposedEndAt: proposed ? new Date(proposed.getTime() + 30 * 60_000) : null,
      startAt: new Date(slot(3, "14:00")),
      endAt: new Date(slot(3, "14:30")),
    })
    .where(eq(bookings.id, await idOf(hashid)));
}

describe("transitions", () => {
  it("allows exactly the state machine's transitions, each by its actor, and refuses the rest with 409", async () => {
    const hashid = await book(people.citizen, slot(3, "14:00"));
    for (const status of BOOKING_STATUSES) {
      for (const [action, { actor, call }] of Object.entries(actions)) {
        await setStatus(hashid, status);
        const expected = nextBookingStatus(status, action as BookingAction, actor);
        const response = await call(hashid);
        if (expected === null) {
          expect(response.statusCode, `${action} from ${status}`).toBe(409);
          expect(response.json().message).toBe(BOOKING_MESSAGES.transitionRefused);
        } else if (!isBookingActionTimely(action as BookingAction, actor, slot(3, "14:00"))) {
          // The appointment is days ahead: the state machine allows closing it, its time does not yet.
          expect(response.statusCode, `${action} from ${status}`).toBe(409);
          expect(response.json().message).toBe(
            action === "no_show" ? BOOKING_MESSAGES.noShowBeforeStart : BOOKING_MESSAGES.closeBeforeStart,
          );
        } else {
          expect(response.statusCode, `${action} from ${status}: ${response.body}`).toBe(200);
          expect(response.json().data.status).toBe(expected);
        }
      }
    }
  });

  it("refuses other companies' and other citizens' bookings with 404, and the other side's routes with 403", async () => {
    const hashid = await book(people.citizen, slot(3, "08:00"));
    const other = {
      confirm: people.roomAdmin.call("GET", `reservations/company/confirm/${hashid}`),
      confirmPost: people.roomAdmin.call("POST", `reservations/company/confirm/${hashid}`),
      propose: people.roomAdmin.call("PUT", `reservations/date/change/${hashid}`, { start: slot(3, "16:30") }),
      refuse: people.roomAdmin.call("POST", `reservations/company/reject/${hashid}`, { reason: 1 }),
      close: people.roomAdmin.call("POST", `reservations/company/close/${hashid}`),
      noShow: people.roomAdmin.call("POST", `reservations/company/noshow/${hashid}`),
      closeMany: people.roomAdmin.call("POST", "reservations/company/multiple/close", { ids: [hashid] }),
      accept: people.citizen2.call("GET", `reservations/user/confirm/${hashid}`),
      reject: people.citizen2.call("POST", `reservations/user/reject/${hashid}`),
      cancel: people.citizen2.call("POST", `reservations/own/cancel/${hashid}`, { reason: 1 }),
      notes: people.citizen2.call("PATCH", `reservations/notes/${hashid}`, { notes: "x" }),
      operatorNotes: people.roomAdmin.call("PATCH", `reservations/notes/${hashid}`, { notes: "x" }),
      newDate: people.citizen2.call("PUT", `reservations/${hashid}`, { start: slot(3, "16:30") }),
      details: people.citizen2.call("GET", `reservations/details/all/${hashid}`),
      operatorDetails: people.roomAdmin.call("GET", `reservations/details/all/${hashid}`),
    };
    for (const [name, response] of Object.entries(other)) expect((await response).statusCode, name).toBe(404);

    const wrongSide = [
      people.citizen.call("GET", `reservations/company/confirm/${hashid}`),
      people.citizen.call("PUT", `reservations/date/change/${hashid}`, { start: slot(3, "16:30") }),
      people.citizen.call("POST", `reservations/company/reject/${hashid}`, { reason: 1 }),
      people.citizen.call("POST", `reservations/company/close/${hashid}`),
      people.citizen.call("POST", `reservations/company/noshow/${hashid}`),
      people.citizen.call("POST", "reservations/company/multiple/close", { ids: [hashid] }),
      people.pharmacyAdmin.call("GET", `reservations/user/confirm/${hashid}`),
      people.pharmacyAdmin.call("POST", `reservations/user/reject/${hashid}`),
      people.pharmacyAdmin.call("POST", `reservations/own/cancel/${hashid}`, { reason: 1 }),
      people.admin.call("PATCH", `reservations/notes/${hashid}`, { notes: "x" }),
      people.pharmacyAdmin.call("PUT", `reservations/${hashid}`, { start: slot(3, "16:30") }),
      people.admin.call("GET", `reservations/details/all/${hashid}`),
    ];
    for (const response of wrongSide) expect((await response).statusCode).toBe(403);
    const [row] = await t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, await idOf(hashid)));
    expect(row?.status).toBe("ricevuto");
  });

  it("walks a booking through a proposed change: the new slot is held, then taken on acceptance", async () => {
    const hashid = await book(people.citizen, slot(4, "08:00"));
    const confirmed = await people.pharmacyOperator.call("POST", `reservations/company/confirm/${hashid}`);
    expect(confirmed.json().data.status).toBe("confermato");
    const proposedStart = slot(4, "11:00");
    // The proposal must be a free slot.
    const busy = await book(people.citizen2, slot(4, "12:00"));
    const taken = await people.pharmacyOperator.call("PUT", `reservations/date/change/${hashid}`, {
      start: slot(4, "12:00"),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(BOOKING_MESSAGES.slotTaken);
    expect(busy).toBeTruthy();

    const proposed = await people.pharmacyOperator.call("PUT", `reservations/date/change/${hashid}`, {
      start: proposedStart,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toMatchObject({ status: "in_attesa", proposed_start: proposedStart });
    expect(await slotStarts(people.citizen, 4)).not.toContain(proposedStart);
    const accepted = (await people.citizen.get(`reservations/user/confirm/${hashid}`)).json().data;
    expect(accepted).toMatchObject({ status: "confermato", start: proposedStart, proposed_start: null });
    // The old slot is free again.
    expect(await slotStarts(people.citizen, 4)).toContain(slot(4, "08:00"));

    const refused = await people.pharmacyOperator.call("POST", `reservations/company/reject/${hashid}`, { reason: 2 });
    expect(refused.json().data).toMatchObject({ status: "rifiutato", refusal_reason: 2 });
    expect(await slotStarts(people.citizen, 4)).toContain(proposedStart);
    const id = await idOf(hashid);
    const events = await t.database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    expect(events.map((e) => e.action)).toEqual(["created", "confirm", "propose", "accept", "refuse"]);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(5);
  });

  it("shows one booking to both parties", async () => {
    const hashid = await book(people.citizen, slot(4, "14:00"));
    for (const c of [people.citizen, people.pharmacyOperator]) {
      const response = await c.get(`reservations/details/all/${hashid}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ hashid, status: "ricevuto", start: slot(4, "14:00") });
    }
    expect((await people.citizen.get("reservations/details/all/zzzzzzzz")).statusCode).toBe(404);
  });

  it("lets the citizen ask for another free slot; the request goes back to the company", async () => {
    const hashid = await book(people.citizen, slot(4, "15:00"));
    await people.pharmacyOperator.call("GET", `reservations/company/confirm/${hashid}`);
    await book(people.citizen2, slot(4, "15:30"));
    const taken = await people.citizen.call("PUT", `reservations/${hashid}`, { start: slot(4, "15:30") });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(BOOKING_MESSAGES.slotTaken);
    const moved = await people.citizen.call("PUT", `reservations/${hashid}`, { start: slot(4, "16:00") });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ status: "ricevuto", start: slot(4, "16:00") });
    const free = await slotStarts(people.citizen, 4);
    expect(free).toContain(slot(4, "15:00"));
    expect(free).not.toContain(slot(4, "16:00"));
  });

  it("validates the reasons", async () => {
    const hashid = await book(people.citizen, slot(4, "08:30"));
    const badRefusal = await people.pharmacyOperator.call("POST", `reservations/company/reject/${hashid}`, {
      reason: 5,
    });
    expect(badRefusal.statusCode).toBe(422);
    const badCancel = await people.citizen.call("POST", `reservations/own/cancel/${hashid}`, { reason: 3 });
    expect(badCancel.statusCode).toBe(422);
    const cancelled = await people.citizen.call("POST", `reservations/own/cancel/${hashid}`, { reason: 2 });
    expect(cancelled.json().data).toMatchObject({ status: "annullato", cancellation_reason: 2 });
  });

  it("closes several confirmed bookings at once, all or none", async () => {
    const a = await book(people.citizen, slot(4, "09:00"));
    const b = await book(people.citizen2, slot(4, "09:30"));
    const c = await book(people.citizen, slot(4, "10:00"));
    for (const id of [a, b]) await people.pharmacyOperator.call("GET", `reservations/company/confirm/${id}`);
    await startedAgo(a, 2 * 3_600_000);
    await startedAgo(b, 3_600_000);

    const mixed = await people.pharmacyOperator.call("POST", "reservations/company/multiple/close", { ids: [a, b, c] });
    expect(mixed.statusCode).toBe(409);
    const statuses = async () =>
      Promise.all(
        [a, b, c].map(async (h) => {
          const [row] = await t.database.db
            .select({ status: bookings.status })
            .from(bookings)
            .where(eq(bookings.id, await idOf(h)));
          return row?.status;
        }),
      );
    expect(await statuses()).toEqual(["confermato", "confermato", "ricevuto"]);
    const unknown = await people.pharmacyOperator.call("POST", "reservations/company/multiple/close", {
      ids: [a, "zzzzzzzz"],
    });
    expect(unknown.statusCode).toBe(404);

    const closed = await people.pharmacyOperator.call("POST", "reservations/company/multiple/close", { ids: [a, b] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.map((x: { status: string }) => x.status)).toEqual(["evaso", "evaso"]);
    expect(await statuses()).toEqual(["evaso", "evaso", "ricevuto"]);
    const single = await people.pharmacyOperator.call("POST", `reservations/company/close/${a}`);
    expect(single.statusCode).toBe(409);
  });
});

/** Moves a booking's appointment to `ms` ago (30 minutes long), as if that time had come. */
async function startedAgo(hashid: string, ms: number): Promise<void> {
  const start = Date.now() - ms;
  await t.database.db
    .update(bookings)
    .set({ startAt: new Date(start), endAt: new Date(start + 30 * 60_000) })
    .where(eq(bookings.id, await idOf(hashid)));
}

describe("closing (evaso) from the appointment time on", () => {
  const closeOne = (hashid: string) => people.pharmacyOperator.call("POST", `reservations/company/close/${hashid}`);
  const closeEvents = async (hashid: string) =>
    t.database.db
      .select({ action: bookingEvents.action })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, await idOf(hashid)), eq(bookingEvents.action, "close")));

  it("refuses with 409 a confirmed booking whose time has not come, and changes nothing", async () => {
    const hashid = await book(people.citizen, slot(2, "17:30"));
    expect((await people.pharmacyOperator.call("GET", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
    // Ten minutes ahead is still ahead.
    await startedAgo(hashid, -10 * 60_000);
    const before = (await people.pharmacyOperator.get(`reservations/details/all/${hashid}`)).json().data;

    const early = await closeOne(hashid);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOOKING_MESSAGES.closeBeforeStart);
    const many = await people.pharmacyOperator.call("POST", "reservations/company/multiple/close", { ids: [hashid] });
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toBe(BOOKING_MESSAGES.closeBeforeStart);

    const after = (await people.pharmacyOperator.get(`reservations/details/all/${hashid}`)).json().data;
    expect(after).toEqual(before);
    expect(after.status).toBe("confermato");
    expect(await closeEvents(hashid)).toEqual([]);
  });

  it("closes it once its time has come, after which there is nothing left to take charge of", async () => {
    const hashid = await book(people.citizen, slot(2, "16:30"));
    expect((await people.pharmacyOperator.call("GET", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
    expect((await people.pharmacyOperator.call("GET", `reservations/handled/${hashid}`)).statusCode).toBe(200);
    await startedAgo(hashid, 60_000);

    const closed = await closeOne(hashid);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.status).toBe("evaso");
    expect(await closeEvents(hashid)).toHaveLength(1);

    const handled = await people.pharmacyOperator.call("POST", `reservations/handled/${hashid}`);
    expect(handled.statusCode).toBe(409);
    expect(handled.json().message).toBe(OPERATOR_BOOKING_MESSAGES.nothingToHandle);
  });

  it("closes in one go only bookings whose time has come: one ahead refuses the whole selection", async () => {
    const past = await book(people.citizen, slot(2, "15:00"));
    const ahead = await book(people.citizen2, slot(2, "15:30"));
    for (const id of [past, ahead]) await people.pharmacyOperator.call("GET", `reservations/company/confirm/${id}`);
    await startedAgo(past, 3_600_000);

    const mixed = await people.pharmacyOperator.call("POST", "reservations/company/multiple/close", {
      ids: [past, ahead],
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe(BOOKING_MESSAGES.closeBeforeStart);
    expect(await closeEvents(past)).toEqual([]);

    const bulk = await people.pharmacyOperator.call("POST", "reservations/company/massive/close", {
      ids: [past, ahead],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data).toMatchObject({ changed_ids: [past], skipped_ids: [ahead] });
  });
});

describe("PATCH reservations/notes/{id}", () => {
  it("lets each party edit its own notes until the appointment time, then refuses with 409", async () => {
    const hashid = await book(people.citizen, slot(4, "13:00"), "Prima nota");
    const mine = await people.citizen.call("PATCH", `reservations/notes/${hashid}`, { notes: "Digiuno dalle 8" });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ notes: "Digiuno dalle 8", operator_notes: null });
    const theirs = await people.pharmacyOperator.call("PATCH", `reservations/notes/${hashid}`, {
      notes: "Portare la tessera sanitaria",
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toMatchObject({
      notes: "Digiuno dalle 8",
      operator_notes: "Portare la tessera sanitaria",
    });
    const cleared = await people.citizen.call("PATCH", `reservations/notes/${hashid}`, { notes: null });
    expect(cleared.json().data.notes).toBeNull();

    await t.database.db
      .update(bookings)
      .set({ startAt: new Date(Date.now() - 3_600_000), endAt: new Date(Date.now() - 1_800_000) })
      .where(eq(bookings.id, await idOf(hashid)));
    for (const c of [people.citizen, people.pharmacyOperator]) {
      const late = await c.call("PATCH", `reservations/notes/${hashid}`, { notes: "Troppo tardi" });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(BOOKING_MESSAGES.notesLocked);
    }
    const events = await t.database.db
      .select({ action: bookingEvents.action })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, await idOf(hashid)));
    expect(events.map((e) => e.action)).toEqual(["created", "notes", "notes", "notes"]);
  });
});

describe("after the appointment time", () => {
  it("refuses the citizen's cancel and new date with 409, and still lets the company close", async () => {
    const hashid = await book(people.citizen, slot(1, "11:30"));
    expect((await people.pharmacyAdmin.call("POST", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
    await t.database.db
      .update(bookings)
      .set({ startAt: new Date(Date.now() - 3_600_000), endAt: new Date(Date.now() - 1_800_000) })
      .where(eq(bookings.id, await idOf(hashid)));

    const cancel = await people.citizen.call("POST", `reservations/own/cancel/${hashid}`, { reason: 1 });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(BOOKING_MESSAGES.appointmentPassed);
    const move = await people.citizen.call("PUT", `reservations/${hashid}`, { start: slot(1, "12:30") });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(BOOKING_MESSAGES.appointmentPassed);
    expect((await people.citizen.get(`reservations/details/all/${hashid}`)).json().data.status).toBe("confermato");

    const closed = await people.pharmacyAdmin.call("POST", `reservations/company/close/${hashid}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.status).toBe("evaso");
  });
});
