import {
  BOOKING_MESSAGES,
  MAX_BULK_BOOKINGS,
  OPERATOR_BOOKING_MESSAGES,
  REFUSAL_REASONS,
  XLSX_CONTENT_TYPE,
} from "@cura/domain";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, daysBetween, zonedDate, zonedToInstant } from "../../platform/zoned-time.ts";
import { type Caller, demoCallers, nextMonday, ownCompanyHashid } from "../companies/test-helpers.ts";
import { REPORT_HEADERS } from "./report.ts";
import { bookingEvents, bookings } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** Two health services of Farmacia San Marco, open Monday to Friday 08:00–18:00, 30-minute slots. */
let service: string;
let otherService: string;
const monday = nextMonday();
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

const slot = (day: number, time: string) =>
  new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();
/**
 * `day` for slot() and book() three weeks ago, whatever the week: a booking is closed (evaso) only
 * once its time has come, so the closing tests book in the past.
 */
const PAST = -(daysBetween(zonedDate(Date.now(), "Europe/Rome"), monday) + 21);

/** A fresh slot on `day` (0 = next Monday … 4 = Friday) each call, so bookings never collide. */
const used = new Map<string, number>();
function freshSlot(day: number, serviceHashid: string): string {
  const key = `${serviceHashid}:${day}`;
  const n = used.get(key) ?? 0;
  used.set(key, n + 1);
  const minutes = 8 * 60 + n * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return slot(day, time);
}

async function createService(name: string): Promise<string> {
  const created = await people.pharmacyAdmin.call("POST", "healthservices", { name, slot_minutes: 30 });
  expect(created.statusCode, created.body).toBe(201);
  const hashid = created.json().data.hashid as string;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  const hours = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${hashid}`, { days });
  expect(hours.statusCode, hours.body).toBe(200);
  return hashid;
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  service = await createService("Misurazione pressione");
  otherService = await createService("Holter cardiaco");
});
afterAll(() => t.close());

/**
 * A booking request as POST reservations leaves it (status ricevuto awaiting the company, a
 * "created" history entry by the citizen), written directly: these tests are about the operator's side, not the booking wizard.
 */
async function book(c: Caller, day: number, serviceHashid = service): Promise<string> {
  const start = new Date(freshSlot(day, serviceHashid));
  const healthServiceId = decode(serviceHashid);
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      companyId: await pharmacyId(),
      healthServiceId,
      userId: await userIdOf(c),
      startAt: start,
      endAt: new Date(start.getTime() + 30 * 60_000),
      awaiting: "new",
    })
    .returning({ id: bookings.id });
  const id = (row as { id: number }).id;
  await t.database.db
    .insert(bookingEvents)
    .values({ bookingId: id, actorUserId: await userIdOf(c), action: "created", toStatus: "ricevuto" });
  return ids.encode(id);
}

/** What `PUT reservations/{hashid}` leaves: the new time, back to ricevuto, a request_new_date entry. */
async function askNewDate(c: Caller, hashid: string, startIso: string): Promise<void> {
  const id = decode(hashid);
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  const start = new Date(startIso);
  await t.database.db
    .update(bookings)
    .set({
      status: "ricevuto",
      startAt: start,
      endAt: new Date(start.getTime() + 30 * 60_000),
      awaiting: "change_request",
    })
    .where(eq(bookings.id, id));
  await t.database.db.insert(bookingEvents).values({
    bookingId: id,
    actorUserId: await userIdOf(c),
    action: "request_new_date",
    fromStatus: row?.status ?? null,
    toStatus: "ricevuto",
    detail: { start: startIso },
  });
}

const userIds = new Map<string, number>();
async function userIdOf(c: Caller): Promise<number> {
  const known = userIds.get(c.token);
  if (known) return known;
  const me = (await c.get("users/fresh/me")).json().data;
  const id = decode(me.hashid);
  userIds.set(c.token, id);
  return id;
}
let pharmacy: number | undefined;
async function pharmacyId(): Promise<number> {
  pharmacy ??= decode(await ownCompanyHashid(people.pharmacyAdmin));
  return pharmacy;
}

async function confirmed(day: number, serviceHashid = service): Promise<string> {
  const hashid = await book(people.citizen, day, serviceHashid);
  const response = await people.pharmacyAdmin.call("GET", `reservations/company/confirm/${hashid}`);
  expect(response.statusCode, response.body).toBe(200);
  return hashid;
}

const statusOf = async (hashid: string) =>
  (await people.pharmacyAdmin.get(`reservations/details/all/${hashid}`)).json().data.status as string;
const hashidsOf = (body: { data: Array<{ hashid: string }> }) => body.data.map((b) => b.hashid);
const decode = (hashid: string) => ids.decode(hashid) as number;

describe("GET reservations/company/own (worklist)", () => {
  it("lists what awaits the operator: new requests, change requests, unacknowledged cancellations", async () => {
    const fresh = await book(people.citizen, 0);
    const moved = await confirmed(0);
    const newStart = freshSlot(0, service);
    await askNewDate(people.citizen, moved, newStart);
    const cancelled = await book(people.citizen2, 0);
    expect((await people.citizen2.call("POST", `reservations/own/cancel/${cancelled}`, { reason: 2 })).statusCode).toBe(
      200,
    );
    const quiet = await confirmed(0);

    const any = (await people.pharmacyOperator.get("reservations/company/own?awaiting=any&per_page=100")).json();
    const awaitingOf = (hashid: string) => any.data.find((b: { hashid: string }) => b.hashid === hashid)?.awaiting;
    expect(awaitingOf(fresh)).toBe("new");
    expect(awaitingOf(moved)).toBe("change_request");
    expect(awaitingOf(cancelled)).toBe("cancelled");
    expect(awaitingOf(quiet)).toBeUndefined();
    expect(any.data[0].code).toMatch(/^PR-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const changes = hashidsOf((await people.pharmacyOperator.get("reservations/company/own?awaiting=changes")).json());
    expect(changes).toEqual(expect.arrayContaining([moved, cancelled]));
    expect(changes).not.toContain(fresh);
    const onlyNew = hashidsOf(
      (await people.pharmacyOperator.get("reservations/company/own?awaiting=new&per_page=100")).json(),
    );
    expect(onlyNew).toContain(fresh);
    expect(onlyNew).not.toContain(moved);

    // Taking charge acknowledges the cancellation: it leaves the list.
    expect((await people.pharmacyOperator.get(`reservations/handled/${cancelled}`)).statusCode).toBe(200);
    const after = hashidsOf((await people.pharmacyOperator.get("reservations/company/own?awaiting=changes")).json());
    expect(after).not.toContain(cancelled);
    expect(after).toContain(moved);
  });

  it("filters by status, dates and health service, pages, and shows one's own company only", async () => {
    const a = await book(people.citizen, 1, otherService);
    const b = await confirmed(1, otherService);
    const day = addDays(monday, 1);
    const byService = (
      await people.pharmacyOperator.get(`reservations/company/own?health_service=${otherService}&from=${day}&to=${day}`)
    ).json();
    expect(hashidsOf(byService).sort()).toEqual([a, b].sort());
    expect(byService.meta.total).toBe(2);
    const confirmedOnly = (
      await people.pharmacyOperator.get(`reservations/company/own?health_service=${otherService}&status=confermato`)
    ).json();
    expect(hashidsOf(confirmedOnly)).toEqual([b]);
    const paged = (
      await people.pharmacyOperator.get(`reservations/company/own?health_service=${otherService}&per_page=1&page=2`)
    ).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 1, total: 2 });
    const unknown = await people.pharmacyOperator.get(`reservations/company/own?health_service=${ids.encode(999999)}`);
    expect(unknown.json().data).toEqual([]);

    expect(hashidsOf((await people.roomAdmin.get("reservations/company/own?per_page=100")).json())).not.toContain(a);
    expect((await people.citizen.get("reservations/company/own")).statusCode).toBe(403);
    expect((await people.admin.get("reservations/company/own")).statusCode).toBe(403);
    expect((await people.pharmacyOperator.get("reservations/company/own?awaiting=maybe")).statusCode).toBe(422);
    expect(
      (await people.pharmacyOperator.get(`reservations/company/own?from=${day}&to=${addDays(day, -1)}`)).statusCode,
    ).toBe(422);
  });
});

describe("GET companies/operator/reservations", () => {
  it("lists the bookings the signed-in operator handled, latest action first", async () => {
    const first = await book(people.citizen, 1);
    const second = await book(people.citizen, 1);
    expect((await people.pharmacyOperator.get(`reservations/company/confirm/${first}`)).statusCode).toBe(200);
    expect((await people.pharmacyOperator.get(`reservations/handled/${second}`)).statusCode).toBe(200);
    const mine = (await people.pharmacyOperator.get("companies/operator/reservations")).json();
    expect(hashidsOf(mine).slice(0, 2)).toEqual([second, first]);
    const untouched = await book(people.citizen, 1);
    expect(
      hashidsOf((await people.pharmacyOperator.get("companies/operator/reservations?per_page=100")).json()),
    ).not.toContain(untouched);
    expect(
      hashidsOf((await people.pharmacyOperator.get("companies/operator/reservations?status=confermato")).json()),
    ).toContain(first);
    expect(
      hashidsOf(
        (await people.pharmacyOperator.get(`companies/operator/reservations?health_service=${otherService}`)).json(),
      ),
    ).not.toContain(first);
    expect(hashidsOf((await people.roomAdmin.get("companies/operator/reservations")).json())).toEqual([]);
    expect((await people.citizen.get("companies/operator/reservations")).statusCode).toBe(403);
  });
});

describe("GET companies/own/reservations/statisticsbydate", () => {
  it("counts the day's appointments by status, and each day of its week", async () => {
    const day = addDays(monday, 2);
    const before = (await people.pharmacyOperator.get(`companies/own/reservations/statisticsbydate?date=${day}`)).json()
      .data;
    await book(people.citizen, 2);
    await confirmed(2);
    const response = await people.pharmacyOperator.get(`companies/own/reservations/statisticsbydate?date=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json().data;
    expect(stats.date).toBe(day);
    expect(stats.by_status.ricevuto).toBe(before.by_status.ricevuto + 1);
    expect(stats.by_status.confermato).toBe(before.by_status.confermato + 1);
    expect(stats.total).toBe(before.total + 2);
    expect(stats.week.map((d: { date: string }) => d.date)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(monday, i)),
    );
    expect(stats.week[2]).toEqual({ date: stats.date, total: stats.total, by_status: stats.by_status });

    const room = (await people.roomAdmin.get(`companies/own/reservations/statisticsbydate?date=${day}`)).json().data;
    expect(room.total).toBe(0);
    expect((await people.citizen.get(`companies/own/reservations/statisticsbydate?date=${day}`)).statusCode).toBe(403);
    expect((await people.pharmacyOperator.get("companies/own/reservations/statisticsbydate")).statusCode).toBe(422);
    expect(
      (await people.pharmacyOperator.get("companies/own/reservations/statisticsbydate?date=ieri")).statusCode,
    ).toBe(422);
  });
});

describe("POST reservations/company/massive/close and massive/reject", () => {
  it("closes the selected confirmed bookings in one go and skips the others, with history and audit", async () => {
    const c1 = await confirmed(PAST + 3);
    const c2 = await confirmed(PAST + 3);
    const open = await book(people.citizen, PAST + 3);
    // Confirmed, but its time has not come: not served yet, so skipped too.
    const later = await confirmed(3);
    const response = await people.pharmacyOperator.call("POST", "reservations/company/massive/close", {
      ids: [c1, c2, open, later],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(OPERATOR_BOOKING_MESSAGES.bulkDone);
    const result = response.json().data;
    expect(result).toMatchObject({ matched: 4, changed: 2, skipped: 2 });
    expect(result.changed_ids.sort()).toEqual([c1, c2].sort());
    expect(result.skipped_ids.sort()).toEqual([open, later].sort());
    expect(await statusOf(c1)).toBe("evaso");
    expect(await statusOf(open)).toBe("ricevuto");
    expect(await statusOf(later)).toBe("confermato");
    const events = await t.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, decode(c1)), eq(bookingEvents.action, "close")));
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toMatchObject({ bulk: true });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, String(decode(c2)))));
    expect(audit.map((a) => a.action)).toContain("booking.close");
  });

  it("selects by dates, status and health service", async () => {
    const day = addDays(monday, PAST + 4);
    const c1 = await confirmed(PAST + 4, otherService);
    const c2 = await confirmed(PAST + 4, otherService);
    const elsewhere = await confirmed(PAST + 4);
    const response = await people.pharmacyAdmin.call("POST", "reservations/company/massive/close", {
      from: day,
      to: day,
      status: "confermato",
      health_service: otherService,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.changed_ids.sort()).toEqual([c1, c2].sort());
    expect(await statusOf(elsewhere)).toBe("confermato");
  });

  it("refuses the selected open bookings with one reason; closed ones are skipped", async () => {
    const open = await book(people.citizen, 3);
    const confirmedOne = await confirmed(3);
    const closed = await confirmed(PAST + 3);
    expect((await people.pharmacyAdmin.call("POST", `reservations/company/close/${closed}`)).statusCode).toBe(200);
    const response = await people.pharmacyOperator.call("POST", "reservations/company/massive/reject", {
      ids: [open, confirmedOne, closed],
      reason: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ matched: 3, changed: 2, skipped: 1, skipped_ids: [closed] });
    const details = (await people.citizen.get(`reservations/details/all/${open}`)).json().data;
    expect(details).toMatchObject({ status: "rifiutato", refusal_reason: 2 });
    expect(await statusOf(closed)).toBe("evaso");
  });

  it("validates the selection and the reason, and stays inside one's company", async () => {
    const open = await book(people.citizen, 3);
    const noFilter = await people.pharmacyOperator.call("POST", "reservations/company/massive/close", {});
    expect(noFilter.statusCode).toBe(422);
    expect(noFilter.json().errors.from).toEqual([OPERATOR_BOOKING_MESSAGES.filterRequired]);
    const halfFilter = await people.pharmacyOperator.call("POST", "reservations/company/massive/close", {
      from: monday,
    });
    expect(halfFilter.statusCode).toBe(422);
    const reversed = await people.pharmacyOperator.call("POST", "reservations/company/massive/close", {
      from: monday,
      to: addDays(monday, -1),
    });
    expect(reversed.json().errors.to).toEqual([OPERATOR_BOOKING_MESSAGES.dateOrder]);
    const tooLong = await people.pharmacyOperator.call("POST", "reservations/company/massive/close", {
      from: monday,
      to: addDays(monday, 400),
    });
    expect(tooLong.statusCode).toBe(422);
    const tooMany = await people.pharmacyOperator.call("POST", "reservations/company/massive/close", {
      ids: Array.from({ length: MAX_BULK_BOOKINGS + 1 }, (_, i) => ids.encode(i + 1)),
    });
    expect(tooMany.statusCode).toBe(422);
    for (const body of [{ ids: [open] }, { ids: [open], reason: 0 }, { ids: [open], reason: 5 }]) {
      const response = await people.pharmacyOperator.call("POST", "reservations/company/massive/reject", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }

    // Another company's operator selects nothing of ours.
    const other = await people.roomAdmin.call("POST", "reservations/company/massive/reject", {
      ids: [open],
      reason: 1,
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ matched: 0, changed: 0 });
    expect(await statusOf(open)).toBe("ricevuto");

    for (const path of ["massive/close", "massive/reject", "massive/report"]) {
      const body = { ids: [open], reason: 1 };
      expect((await people.citizen.call("POST", `reservations/company/${path}`, body)).statusCode).toBe(403);
      expect((await people.admin.call("POST", `reservations/company/${path}`, body)).statusCode).toBe(403);
    }
  });
});

describe("POST reservations/company/massive/report", () => {
  it("answers an Excel workbook of the selected bookings, with Italian headers", async () => {
    const day = addDays(monday, 4);
    const response = await people.pharmacyOperator.call("POST", "reservations/company/massive/report", {
      from: day,
      to: day,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="prenotazioni_${day}_${day}.xlsx"`);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Prenotazioni");
    expect(sheet).toBeDefined();
    const values = (n: number) => ((sheet?.getRow(n).values ?? []) as unknown[]).slice(1);
    expect(values(1)).toEqual(REPORT_HEADERS);

    const list = (
      await people.pharmacyOperator.get(`reservations/company/own?from=${day}&to=${day}&per_page=100`)
    ).json().data as Array<{ code: string; status_label: string; health_service: { name: string } }>;
    expect(sheet?.rowCount).toBe(list.length + 1);
    const rows = Array.from({ length: list.length }, (_, i) => values(i + 2));
    for (const booking of list) {
      const row = rows.find((r) => r[0] === booking.code);
      expect(row, booking.code).toBeDefined();
      expect(row?.[1]).toBe(booking.status_label);
      expect(row?.[2]).toBe(booking.health_service.name);
      expect(row?.[3]).toBe("Rossi Maria");
      expect(row?.[5]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
    // In appointment order.
    const times = rows.map((r) => `${r[5]} ${r[6]}`);
    expect(times).toEqual([...times].sort());
  });

  it("reports selected bookings, explains refusals, and shows another company nothing of ours", async () => {
    const refused = await book(people.citizen, 2);
    expect(
      (await people.pharmacyAdmin.call("POST", `reservations/company/reject/${refused}`, { reason: 3 })).statusCode,
    ).toBe(200);
    const response = await people.pharmacyOperator.call("POST", "reservations/company/massive/report", {
      ids: [refused],
    });
    expect(response.headers["content-disposition"]).toBe('attachment; filename="prenotazioni_selezionate.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const row = ((workbook.worksheets[0]?.getRow(2).values ?? []) as unknown[]).slice(1);
    expect(row[1]).toBe("rifiutato");
    expect(row[REPORT_HEADERS.indexOf("Motivo del rifiuto")]).toBe(REFUSAL_REASONS[3]);

    const other = await people.roomAdmin.call("POST", "reservations/company/massive/report", { ids: [refused] });
    const otherBook = new ExcelJS.Workbook();
    await otherBook.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
    expect(otherBook.worksheets[0]?.rowCount).toBe(1);
    expect((await people.pharmacyOperator.call("POST", "reservations/company/massive/report", {})).statusCode).toBe(
      422,
    );
  });
});

describe("change requests: GET confirmCR/{id}, POST rejectCR/{id}", () => {
  async function changeRequest(): Promise<{ hashid: string; start: string }> {
    const hashid = await confirmed(1);
    const start = freshSlot(1, service);
    await askNewDate(people.citizen, hashid, start);
    return { hashid, start };
  }

  it("confirms the citizen's new date and time", async () => {
    const { hashid, start } = await changeRequest();
    const response = await people.pharmacyOperator.get(`reservations/company/confirmCR/${hashid}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: "confermato", start, awaiting: null });
    const history = (await people.citizen.get(`reservations/history/${hashid}`)).json().data;
    expect(history.map((e: { action: string }) => e.action)).toEqual([
      "created",
      "confirm",
      "request_new_date",
      "confirm",
    ]);
  });

  it("refuses the citizen's new date with a reason", async () => {
    const { hashid } = await changeRequest();
    expect((await people.pharmacyOperator.call("POST", `reservations/company/rejectCR/${hashid}`, {})).statusCode).toBe(
      422,
    );
    const response = await people.pharmacyOperator.call("POST", `reservations/company/rejectCR/${hashid}`, {
      reason: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: "rifiutato", refusal_reason: 1 });
  });

  it("refuses with 409 a booking that has no change request, 404 for another company, 403 for others", async () => {
    const fresh = await book(people.citizen, 1);
    for (const response of [
      await people.pharmacyOperator.get(`reservations/company/confirmCR/${fresh}`),
      await people.pharmacyOperator.call("POST", `reservations/company/rejectCR/${fresh}`, { reason: 1 }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(OPERATOR_BOOKING_MESSAGES.noChangeRequest);
    }
    const { hashid } = await changeRequest();
    expect((await people.roomAdmin.get(`reservations/company/confirmCR/${hashid}`)).statusCode).toBe(404);
    expect(
      (await people.roomAdmin.call("POST", `reservations/company/rejectCR/${hashid}`, { reason: 1 })).statusCode,
    ).toBe(404);
    expect((await people.pharmacyOperator.get("reservations/company/confirmCR/nonesiste")).statusCode).toBe(404);
    expect((await people.citizen.get(`reservations/company/confirmCR/${hashid}`)).statusCode).toBe(403);
    expect(
      (await people.citizen.call("POST", `reservations/company/rejectCR/${hashid}`, { reason: 1 })).statusCode,
    ).toBe(403);
    // Answered once (here through the proper verb POST), the request is gone.
    expect((await people.pharmacyOperator.call("POST", `reservations/company/confirmCR/${hashid}`)).statusCode).toBe(
      200,
    );
    const again = await people.pharmacyOperator.get(`reservations/company/confirmCR/${hashid}`);
    expect(again.statusCode).toBe(409);
  });
});

describe("GET reservations/handled/{id}, requestcode/{id}, history/{id}", () => {
  it("records the operator taking charge, without changing the status", async () => {
    const hashid = await book(people.citizen, 2);
    const response = await people.pharmacyOperator.get(`reservations/handled/${hashid}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: OPERATOR_BOOKING_MESSAGES.handled, data: { status: "ricevuto" } });
    const history = (await people.pharmacyAdmin.get(`reservations/history/${hashid}`)).json().data;
    expect(history.at(-1)).toMatchObject({
      action: "handled",
      from_status: "ricevuto",
      to_status: "ricevuto",
      actor: "operator",
      actor_name: expect.any(String),
    });
    // The proper verb does the same.
    const posted = await people.pharmacyOperator.call("POST", `reservations/handled/${hashid}`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await people.pharmacyAdmin.get(`reservations/history/${hashid}`)).json().data.at(-1).action).toBe(
      "handled",
    );
    expect((await people.roomAdmin.get(`reservations/handled/${hashid}`)).statusCode).toBe(404);
    expect((await people.citizen.get(`reservations/handled/${hashid}`)).statusCode).toBe(403);
  });

  it("gives both parties the same short code, and nobody else", async () => {
    const hashid = await book(people.citizen, 2);
    const operatorSide = await people.pharmacyOperator.get(`reservations/requestcode/${hashid}`);
    expect(operatorSide.statusCode, operatorSide.body).toBe(200);
    const code = operatorSide.json().data.code;
    expect(code).toMatch(/^PR-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect((await people.citizen.get(`reservations/requestcode/${hashid}`)).json().data).toEqual({ hashid, code });
    const other = await book(people.citizen, 2);
    expect((await people.citizen.get(`reservations/requestcode/${other}`)).json().data.code).not.toBe(code);
    expect((await people.citizen2.get(`reservations/requestcode/${hashid}`)).statusCode).toBe(404);
    expect((await people.roomAdmin.get(`reservations/requestcode/${hashid}`)).statusCode).toBe(404);
    expect((await people.admin.get(`reservations/requestcode/${hashid}`)).statusCode).toBe(403);
  });

  it("shows the history to both parties, hiding operators' names from the citizen", async () => {
    const hashid = await book(people.citizen, 2);
    await people.pharmacyOperator.call("POST", `reservations/company/reject/${hashid}`, { reason: 4 });
    const citizenView = (await people.citizen.get(`reservations/history/${hashid}`)).json().data;
    expect(citizenView).toEqual([
      expect.objectContaining({ action: "created", from_status: null, to_status: "ricevuto", actor: "citizen" }),
      expect.objectContaining({
        action: "refuse",
        to_status: "rifiutato",
        actor: "operator",
        actor_name: null,
        reason: 4,
      }),
    ]);
    expect(citizenView[0].actor_name).toBe("Maria Rossi");
    const operatorView = (await people.pharmacyAdmin.get(`reservations/history/${hashid}`)).json().data;
    expect(operatorView[1].actor_name).not.toBeNull();
    expect((await people.citizen2.get(`reservations/history/${hashid}`)).statusCode).toBe(404);
    expect((await people.roomAdmin.get(`reservations/history/${hashid}`)).statusCode).toBe(404);
    expect((await people.admin.get(`reservations/history/${hashid}`)).statusCode).toBe(403);
  });

  it("keeps the single transitions' 409 for a refused change", async () => {
    const hashid = await confirmed(PAST + 2);
    expect((await people.pharmacyOperator.call("POST", `reservations/company/close/${hashid}`)).statusCode).toBe(200);
    const again = await people.pharmacyOperator.call("POST", "reservations/company/multiple/close", { ids: [hashid] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_MESSAGES.transitionRefused);
  });
});
