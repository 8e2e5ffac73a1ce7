import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { demoCallers, nextMonday } from "../companies/test-helpers.ts";
import { bookings } from "./tables.ts";

/**
 * The operator's worklists of what awaits the company (`reservations/company/own?awaiting=`), built
 * through the real calls in every state a booking can reach: what each list shows, in which order,
 * with what count; and the migration's backfill, which computes the same from the history alone.
 */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let service: string;
const monday = nextMonday();

/** A fresh slot each call (Monday to Friday 08:00–18:00, 30 minutes), so bookings never collide. */
let next = 0;
function freshSlot(): string {
  const day = Math.floor(next / 20);
  const minutes = 8 * 60 + (next % 20) * 30;
  next++;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const created = await people.pharmacyAdmin.call("POST", "healthservices", { name: "Ecografia", slot_minutes: 30 });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json().data.hashid;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  const hours = await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days });
  expect(hours.statusCode, hours.body).toBe(200);
});
afterAll(() => t.close());

type Step = (hashid: string) => ReturnType<TestContext["request"]>;
const confirm: Step = (id) => people.pharmacyOperator.call("GET", `reservations/company/confirm/${id}`);
const propose: Step = (id) =>
  people.pharmacyOperator.call("PUT", `reservations/date/change/${id}`, { start: freshSlot() });
const refuse: Step = (id) => people.pharmacyOperator.call("POST", `reservations/company/reject/${id}`, { reason: 1 });
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
/** The company closes a booking from its appointment time on: first that time comes (an hour ago). */
const close: Step = async (id) => {
  const start = Date.now() - 3_600_000;
  await t.database.db
    .update(bookings)
    .set({ startAt: new Date(start), endAt: new Date(start + 30 * 60_000) })
    .where(eq(bookings.id, ids.decode(id) ?? -1));
  return people.pharmacyOperator.call("POST", `reservations/company/close/${id}`);
};
const handled: Step = (id) => people.pharmacyOperator.call("GET", `reservations/handled/${id}`);
const askNewDate: Step = (id) => people.citizen.call("PUT", `reservations/${id}`, { start: freshSlot() });
const cancel: Step = (id) => people.citizen.call("POST", `reservations/own/cancel/${id}`, { reason: 1 });
const rejectProposal: Step = (id) => people.citizen.call("POST", `reservations/user/reject/${id}`);
const message: Step = (id) =>
  people.citizen.call("POST", `reservations/message/${id}`, { body: "Va bene anche il pomeriggio" });
const notes: Step = (id) => people.citizen.call("PATCH", `reservations/notes/${id}`, { notes: "Porto gli esami" });
const confirmChange: Step = (id) => people.pharmacyOperator.call("GET", `reservations/company/confirmCR/${id}`);

/** A new booking request of the citizen, then each step in turn. */
async function booking(...steps: Step[]): Promise<string> {
  const created = await people.citizen.call("POST", "reservations", { health_service: service, start: freshSlot() });
  expect(created.statusCode, created.body).toBe(201);
  const hashid = created.json().data.hashid as string;
  for (const step of steps) {
    const response = await step(hashid);
    expect(response.statusCode, response.body).toBeLessThan(300);
  }
  return hashid;
}

async function worklist(awaiting: "any" | "new" | "changes") {
  const response = await people.pharmacyOperator.get(`reservations/company/own?awaiting=${awaiting}&per_page=100`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return {
    rows: (body.data as Array<{ hashid: string; awaiting: string | null }>).map((b) => [b.hashid, b.awaiting]),
    total: body.meta.total as number,
  };
}

/** The migration's statement that fills bookings.awaiting from the history (whatever file holds it). */
function backfillStatement(): string {
  const folder = new URL("../../db/migrations/", import.meta.url);
  const statements = readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .flatMap((name) => readFileSync(new URL(name, folder), "utf8").split("--> statement-breakpoint"));
  const found = statements.filter((statement) => /UPDATE "bookings" AS b SET "awaiting"/.test(statement));
  expect(found).toHaveLength(1);
  return found[0] as string;
}

describe("the worklists of what awaits the company", () => {
  it("list each booking by what it awaits, oldest request first, and the backfill agrees", async () => {
    // In creation order, which is the lists' order.
    const fresh = await booking();
    await booking(confirm);
    await booking(propose);
    const changeRequest = await booking(confirm, askNewDate);
    const changeOfProposal = await booking(propose, askNewDate);
    const cancelled = await booking(cancel);
    await booking(cancel, handled);
    const rejected = await booking(propose, rejectProposal);
    await booking(propose, rejectProposal, handled);
    await booking(refuse);
    await booking(confirm, close);
    const freshHandled = await booking(handled);
    const talkedAbout = await booking(confirm, askNewDate, message, notes, handled);
    await booking(confirm, askNewDate, confirmChange);
    const cancelledAfterChange = await booking(confirm, askNewDate, cancel);

    const expected = {
      any: [
        [fresh, "new"],
        [changeRequest, "change_request"],
        [changeOfProposal, "change_request"],
        [cancelled, "cancelled"],
        [rejected, "proposal_rejected"],
        [freshHandled, "new"],
        [talkedAbout, "change_request"],
        [cancelledAfterChange, "cancelled"],
      ],
      new: [
        [fresh, "new"],
        [freshHandled, "new"],
      ],
      changes: [
        [changeRequest, "change_request"],
        [changeOfProposal, "change_request"],
        [cancelled, "cancelled"],
        [rejected, "proposal_rejected"],
        [talkedAbout, "change_request"],
        [cancelledAfterChange, "cancelled"],
      ],
    };
    const lists = async () => ({
      any: await worklist("any"),
      new: await worklist("new"),
      changes: await worklist("changes"),
    });
    const answered = await lists();
    for (const key of ["any", "new", "changes"] as const) {
      expect(answered[key].rows, key).toEqual(expected[key]);
      expect(answered[key].total, key).toBe(expected[key].length);
    }
    // Only a change request can be answered as one.
    expect((await confirmChange(fresh)).statusCode).toBe(409);

    // The migration fills the column of existing bookings from their history alone, to the same lists.
    const backfill = backfillStatement();
    await t.database.db.update(bookings).set({ awaiting: null });
    expect((await worklist("any")).total).toBe(0);
    await t.database.db.execute(sql.raw(backfill));
    expect(await lists()).toEqual(answered);
  });
});
