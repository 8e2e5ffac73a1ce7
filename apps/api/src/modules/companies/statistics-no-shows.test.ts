import type { BookingStatus } from "@cura/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { bookings } from "../bookings/tables.ts";
import { companyHashid, demoCallers, operatorOf, ownCompanyHashid } from "./test-helpers.ts";

/** GET companies/own/statistics: the no-show rates per service and month, with and without reminders (issue 12). */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const decode = (hashid: string) => ids.decode(hashid) as number;
const services: Record<string, string> = {};

type Reminder = "sent" | "skipped" | "sent twice" | null;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  for (const name of ["Holter pressorio", "Elettrocardiogramma"]) {
    const created = await people.pharmacyAdmin.call("POST", "healthservices", { name, slot_minutes: 30 });
    expect(created.statusCode, created.body).toBe(201);
    services[name] = created.json().data.hashid;
  }
  const companyId = decode(await ownCompanyHashid(people.pharmacyAdmin));
  const userId = decode((await people.citizen.get("users/fresh/me")).json().data.hashid);
  // Rows straight into the tables: reaching evaso or non presentato in the past, and a reminder sent,
  // takes the clock and several calls each; these tests are about counting them.
  const add = async (
    service: string,
    start: string,
    status: BookingStatus,
    reminder: Reminder,
    company = companyId,
  ) => {
    const [row] = await t.database.db
      .insert(bookings)
      .values({
        companyId: company,
        healthServiceId: decode(services[service] as string),
        userId,
        status,
        startAt: new Date(start),
        endAt: new Date(Date.parse(start) + 30 * 60_000),
      })
      .returning({ id: bookings.id });
    const bookingId = (row as { id: number }).id;
    const sends: Array<[string, string]> =
      reminder === null
        ? []
        : reminder === "sent twice"
          ? [
              ["sms", "sent"],
              ["email", "sent"],
            ]
          : [["email", reminder]];
    for (const [channel, status] of sends)
      await t.database.db.execute(
        sql`insert into reminder_sends (booking_id, user_id, lead, channel, status)
            values (${bookingId}, ${userId}, '24h', ${channel}, ${status})`,
      );
  };
  const holter = "Holter pressorio";
  await add(holter, "2026-01-12T08:00:00Z", "evaso", "sent");
  await add(holter, "2026-01-13T08:00:00Z", "evaso", "sent");
  await add(holter, "2026-01-14T08:00:00Z", "non_presentato", "sent");
  await add(holter, "2026-01-15T08:00:00Z", "evaso", null);
  await add(holter, "2026-01-16T08:00:00Z", "non_presentato", null);
  // A reminder that reached nobody (no address) is no reminder.
  await add(holter, "2026-01-19T08:00:00Z", "non_presentato", "skipped");
  // Neither served nor missed: not counted.
  await add(holter, "2026-01-20T08:00:00Z", "confermato", "sent");
  await add(holter, "2026-01-21T08:00:00Z", "annullato", null);
  // 00:30 on 1 February in Rome: February's.
  await add(holter, "2026-01-31T23:30:00Z", "non_presentato", null);
  // Two reminders of one booking count it once.
  await add("Elettrocardiogramma", "2026-01-22T08:00:00Z", "evaso", "sent twice");
  // Another company's no-show is never counted here.
  const other = await companyHashid(people.citizen, "Farmacia Po");
  await add(holter, "2026-01-23T08:00:00Z", "non_presentato", null, decode(other));
});
afterAll(() => t.close());

const range = "companies/own/statistics?from=2026-01-01&to=2026-02-28";

describe("no-show rates in GET companies/own/statistics", () => {
  it("gives, per service and month, evasi, non presentati and their rate with and without a reminder", async () => {
    const response = await people.pharmacyOperator.get(range);
    expect(response.statusCode, response.body).toBe(200);
    const none = { served: 0, no_shows: 0, rate: null };
    expect(response.json().data.no_shows).toEqual([
      {
        hashid: services.Elettrocardiogramma,
        name: "Elettrocardiogramma",
        month: "2026-01-01",
        with_reminder: { served: 1, no_shows: 0, rate: 0 },
        without_reminder: none,
      },
      {
        hashid: services["Holter pressorio"],
        name: "Holter pressorio",
        month: "2026-01-01",
        with_reminder: { served: 2, no_shows: 1, rate: 1 / 3 },
        without_reminder: { served: 1, no_shows: 2, rate: 2 / 3 },
      },
      {
        hashid: services["Holter pressorio"],
        name: "Holter pressorio",
        month: "2026-02-01",
        with_reminder: none,
        without_reminder: { served: 0, no_shows: 1, rate: 1 },
      },
    ]);
    // The status counts know the new status too.
    const byStatus = response.json().data.by_status as Array<{ status: string; label: string; count: number }>;
    expect(byStatus).toContainEqual({ status: "non_presentato", label: "non presentato", count: 4 });
  });

  it("keeps to the range, and to the caller's company", async () => {
    const february = (await people.pharmacyAdmin.get("companies/own/statistics?from=2026-02-01&to=2026-02-28")).json()
      .data.no_shows;
    expect(february).toHaveLength(1);
    expect(february[0]).toMatchObject({ month: "2026-02-01", without_reminder: { no_shows: 1 } });
    const po = await operatorOf(t, await companyHashid(people.citizen, "Farmacia Po"));
    const theirs = (await po.get(range)).json().data.no_shows;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ name: "Holter pressorio", without_reminder: { served: 0, no_shows: 1 } });
  });
});
