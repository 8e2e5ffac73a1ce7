import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addDays, zonedDate } from "../../platform/zoned-time.ts";
import { demoCallers } from "../companies/test-helpers.ts";
import { seedDemoNoShows } from "./demo-data.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("demo no-shows (npm start)", () => {
  it("give the demo pharmacy's statistics no-show rates with and without reminders", async () => {
    const now = Date.parse("2026-11-18T08:00:00Z");
    expect(await seedDemoNoShows(t.database.db, now)).toBe(15);
    const people = await demoCallers(t);
    const today = zonedDate(now, "Europe/Rome");
    const response = await people.pharmacyAdmin.get(
      `companies/own/statistics?from=${addDays(today, -60)}&to=${today}&interval=month`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json().data.no_shows as Array<{
      name: string;
      with_reminder: { no_shows: number; served: number; rate: number | null };
      without_reminder: { no_shows: number; served: number; rate: number | null };
    }>;
    expect(new Set(lines.map((l) => l.name))).toEqual(
      new Set(["Elettrocardiogramma (ECG)", "Misurazione della pressione"]),
    );
    const total = (key: "with_reminder" | "without_reminder", field: "no_shows" | "served") =>
      lines.reduce((n, l) => n + l[key][field], 0);
    expect(total("with_reminder", "served") + total("with_reminder", "no_shows")).toBe(8);
    expect(total("with_reminder", "no_shows")).toBe(1);
    expect(total("without_reminder", "served") + total("without_reminder", "no_shows")).toBe(7);
    expect(total("without_reminder", "no_shows")).toBe(4);
    // The citizens see them in their history.
    const history = (await people.citizen.get("users/own/reservations?group=history&per_page=50")).json().data;
    expect(history.some((b: { status: string }) => b.status === "non_presentato")).toBe(true);
  });
});
