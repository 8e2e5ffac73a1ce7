import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
import { periodStarts } from "./statistics.ts";
import { companyHashid, demoCallers, nextMonday, operatorOf, ownCompanyHashid } from "./test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let service: string;
const monday = nextMonday();
const slot = (day: number, time: string) =>
  new Date(zonedToInstant(addDays(monday, day), time, "Europe/Rome")).toISOString();

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const created = await people.pharmacyAdmin.call("POST", "healthservices", {
    name: "Holter pressorio",
    slot_minutes: 30,
  });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json().data.hashid;
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  expect((await people.pharmacyAdmin.call("POST", `healthservices/own/openings/${service}`, { days })).statusCode).toBe(
    200,
  );
  // Rows straight into the table: the bookings module's own calls are tested there, and these
  // tests are about counting, including statuses the booking flow takes several calls to reach.
  const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
  const decode = (hashid: string) => ids.decode(hashid) as number;
  const companyId = decode(await ownCompanyHashid(people.pharmacyAdmin));
  const userId = decode((await people.citizen.get("users/fresh/me")).json().data.hashid);
  const serviceId = decode(service);
  for (const [day, time, status] of [
    [0, "09:00", "ricevuto"],
    [0, "10:00", "ricevuto"],
    [2, "11:00", "rifiutato"],
  ] as const) {
    const start = slot(day, time);
    await t.database.db.execute(
      sql`insert into bookings (company_id, health_service_id, user_id, status, start_at, end_at)
          values (${companyId}, ${serviceId}, ${userId}, ${status}, ${start}::timestamptz, ${start}::timestamptz + interval '30 minutes')`,
    );
  }
});
afterAll(() => t.close());

const week = () => `companies/own/statistics?from=${monday}&to=${addDays(monday, 6)}`;

describe("GET companies/own/statistics", () => {
  it("counts the company's bookings by status, by service and per day, every day of the range listed", async () => {
    const response = await people.pharmacyOperator.get(week());
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json().data;
    expect(stats).toMatchObject({ from: monday, to: addDays(monday, 6), time_zone: "Europe/Rome", interval: "day" });
    expect(stats.total).toBe(3);
    const byStatus = Object.fromEntries(
      stats.by_status.map((s: { status: string; count: number }) => [s.status, s.count]),
    );
    expect(byStatus).toMatchObject({ ricevuto: 2, rifiutato: 1, confermato: 0 });
    expect(stats.by_service).toContainEqual({ hashid: service, name: "Holter pressorio", count: 3 });
    expect(stats.over_time).toHaveLength(7);
    expect(stats.over_time[0]).toMatchObject({ period: monday, total: 2 });
    expect(stats.over_time[2]).toMatchObject({ period: addDays(monday, 2), total: 1 });
    expect(stats.over_time[2].by_status.rifiutato).toBe(1);
  });

  it("groups by week and by month on request, and by default looks around today", async () => {
    const weekly = (await people.pharmacyAdmin.get(`${week()}&interval=week`)).json().data;
    expect(weekly.over_time).toEqual([expect.objectContaining({ period: monday, total: 3 })]);
    const monthly = (await people.pharmacyAdmin.get(`${week()}&interval=month`)).json().data;
    expect(monthly.over_time.reduce((n: number, p: { total: number }) => n + p.total, 0)).toBe(3);
    expect(monthly.over_time[0].period).toMatch(/-01$/);
    const byDefault = (await people.pharmacyAdmin.get("companies/own/statistics")).json().data;
    expect(byDefault.over_time).toHaveLength(61);
    expect(byDefault.total).toBeGreaterThanOrEqual(3);
  });

  it("dates bookings in the company's time zone, across both daylight-saving changes", async () => {
    const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
    const companyId = ids.decode(await ownCompanyHashid(people.pharmacyAdmin)) as number;
    const userId = ids.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
    const serviceId = ids.decode(service) as number;
    // 00:30 in Rome is still the previous day in UTC: 22:30Z in summer time, 23:30Z in winter time.
    for (const start of [
      "2026-03-28T23:30:00Z",
      "2026-03-29T22:30:00Z",
      "2026-10-24T22:30:00Z",
      "2026-10-25T23:30:00Z",
    ]) {
      await t.database.db.execute(
        sql`insert into bookings (company_id, health_service_id, user_id, status, start_at, end_at)
            values (${companyId}, ${serviceId}, ${userId}, 'evaso', ${start}::timestamptz, ${start}::timestamptz + interval '30 minutes')`,
      );
    }
    const days = async (from: string, to: string) => {
      const stats = (await people.pharmacyAdmin.get(`companies/own/statistics?from=${from}&to=${to}`)).json().data;
      return Object.fromEntries(stats.over_time.map((p: { period: string; total: number }) => [p.period, p.total]));
    };
    expect(await days("2026-03-28", "2026-03-31")).toEqual({
      "2026-03-28": 0,
      "2026-03-29": 1,
      "2026-03-30": 1,
      "2026-03-31": 0,
    });
    expect(await days("2026-10-24", "2026-10-26")).toEqual({ "2026-10-24": 0, "2026-10-25": 1, "2026-10-26": 1 });
  });

  it("never counts another company's bookings", async () => {
    const other = await operatorOf(t, await companyHashid(people.citizen, "Farmacia Po"));
    const response = await other.get(week());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.total).toBe(0);
  });

  it("is refused to monitoring rooms (level 5), citizens and administrators, and to anonymous callers", async () => {
    expect((await people.roomAdmin.get(week())).statusCode).toBe(403);
    expect((await people.citizen.get(week())).statusCode).toBe(403);
    expect((await people.admin.get(week())).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/v1/${week()}` })).statusCode).toBe(401);
  });

  it("answers 422 for a reversed or too long range and an unknown interval", async () => {
    const reversed = await people.pharmacyAdmin.get(
      `companies/own/statistics?from=${monday}&to=${addDays(monday, -1)}`,
    );
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().errors)).toEqual(["to"]);
    const long = await people.pharmacyAdmin.get(`companies/own/statistics?from=2025-01-01&to=2026-06-01`);
    expect(long.statusCode).toBe(422);
    expect((await people.pharmacyAdmin.get(`${week()}&interval=year`)).statusCode).toBe(422);
    expect((await people.pharmacyAdmin.get("companies/own/statistics?from=2026-02-30")).statusCode).toBe(422);
  });
});

describe("periodStarts", () => {
  it("starts weeks on Monday and months on the first, across a year's end", () => {
    expect(periodStarts("2026-12-30", "2027-01-12", "week")).toEqual(["2026-12-28", "2027-01-04", "2027-01-11"]);
    expect(periodStarts("2026-11-15", "2027-02-01", "month")).toEqual([
      "2026-11-01",
      "2026-12-01",
      "2027-01-01",
      "2027-02-01",
    ]);
    expect(periodStarts("2026-03-28", "2026-03-30", "day")).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
  });
});
