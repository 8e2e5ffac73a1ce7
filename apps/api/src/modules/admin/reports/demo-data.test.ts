import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { seedDemoReports } from "./demo-data.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("the reports' demo year", () => {
  it("fills a year of activity across regions, quickly, and the rollups show a trend", async () => {
    const started = Date.now();
    await seedDemoReports(t.database.db);
    expect(Date.now() - started).toBeLessThan(20_000);
    const admin = await t.login(accounts.admin);
    const get = async (url: string) => (await t.request({ method: "GET", url, token: admin })).json().data;
    const overview = await get("/api/v1/admin/reports");
    expect(overview.regions.length).toBeGreaterThanOrEqual(6);
    const growth = await get("/api/v1/admin/reports/growth");
    expect(growth.days).toHaveLength(365);
    expect(growth.total.at(-1)).toBeGreaterThan((growth.total[0] ?? 0) + 300);
    const activity = await get("/api/v1/admin/reports/activity");
    const sum = (k: "bookings" | "teleconsults" | "readings") =>
      activity.days.reduce((s: number, d: Record<string, number>) => s + (d[k] ?? 0), 0);
    expect(sum("bookings")).toBeGreaterThan(500);
    expect(sum("teleconsults")).toBeGreaterThan(50);
    expect(sum("readings")).toBeGreaterThan(50);
    expect(activity.returning_share).toBeGreaterThan(0);
    const lazio = await get("/api/v1/admin/reports/activity?region=Lazio");
    expect(lazio.days.reduce((s: number, d: { bookings: number }) => s + d.bookings, 0)).toBeLessThan(sum("bookings"));
  }, 60_000);
});
