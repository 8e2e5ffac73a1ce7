import { ADMIN_REPORTS_MESSAGES } from "@cura/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { addDays, zonedDate } from "../../../platform/zoned-time.ts";
import { bookings } from "../../bookings/tables.ts";
import { companies, healthServices } from "../../companies/tables.ts";
import { healthExams, healthMeasurements } from "../../health/measurements/tables.ts";
import { anagrafiche, users } from "../../identity/tables.ts";
import { reportDailyActivity } from "./tables.ts";

let t: TestContext;
let admin: string;
const today = zonedDate(Date.now(), "Europe/Rome");
const day = (offset: number) => addDays(today, offset);
/** Noon, Italian time, of a day: safely inside it. */
const at = (d: string) => new Date(`${d}T10:00:00Z`);

const calls = [
  "/api/v1/admin/reports",
  ...["registrations", "growth", "activity"].map((d) => `/api/v1/admin/reports/${d}`),
];

/** Two citizens of the test's own regions, with activity 100, 10 and 5 days ago. */
async function seedActivity() {
  const db = t.database.db;
  const person = async (email: string, regione: string, created: string) => {
    const [row] = await db
      .insert(users)
      .values({ email, type: 0, iAm: "cittadino", createdAt: at(created) })
      .returning({ id: users.id });
    const id = (row as { id: number }).id;
    await db.insert(anagrafiche).values({ userId: id, name: "Test", surname: "Report", regione });
    return id;
  };
  const anna = await person("anna.report@cura.test", "Molise", day(-100));
  const bruno = await person("bruno.report@cura.test", "Basilicata", day(-10));
  const [pharmacy] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, "Farmacia San Marco"));
  const [service] = await db
    .select({ id: healthServices.id })
    .from(healthServices)
    .where(eq(healthServices.companyId, (pharmacy as { id: number }).id))
    .limit(1);
  const booking = (userId: number, d: string) => ({
    companyId: (pharmacy as { id: number }).id,
    healthServiceId: (service as { id: number }).id,
    userId,
    status: "evaso" as const,
    startAt: at(d),
    createdAt: at(d),
  });
  await db.insert(bookings).values([booking(anna, day(-100)), booking(anna, day(-10)), booking(bruno, day(-10))]);
  const [exam] = await db.select({ id: healthExams.id }).from(healthExams).limit(1);
  await db.insert(healthMeasurements).values({
    patientId: anna,
    examId: (exam as { id: number }).id,
    value: 1,
    measuredAt: at(day(-5)),
    createdAt: at(day(-5)),
    authorId: anna,
    authorKind: "paziente",
  });
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(accounts.admin);
  await seedActivity();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.request({ method: "GET", url, token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe("access", () => {
  it("answers 403 to citizens and operators and 401 without a session", async () => {
    const citizen = await t.login(accounts.citizen);
    const operator = await t.login(accounts.pharmacyOperator);
    for (const url of calls) {
      for (const token of [citizen, operator])
        expect((await t.request({ method: "GET", url, token })).statusCode).toBe(403);
      expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});

describe("the rollup job and the dashboards", () => {
  it("backfills the history on its first run and answers from the rollups", async () => {
    const before = await get("/api/v1/admin/reports");
    expect(before.updated_at).toBeNull();
    await t.app.jobs.runNow("admin-reports-rollup");
    const overview = await get("/api/v1/admin/reports");
    expect(overview.updated_at).not.toBeNull();
    expect(overview.regions).toEqual(expect.arrayContaining(["Molise", "Basilicata", "Lombardia"]));
    expect(overview.embeds).toEqual({ registrations: null, growth: null, activity: null });

    // 100 days ago is outside the recent window: it is there because the first run filled the history.
    const molise = await get(`/api/v1/admin/reports/activity?region=Molise&from=${day(-100)}&to=${today}`);
    const first = molise.days.find((d: { day: string }) => d.day === day(-100));
    expect(first).toMatchObject({ active_citizens: 1, bookings: 1 });
    const tenDaysAgo = molise.days.find((d: { day: string }) => d.day === day(-10));
    expect(tenDaysAgo).toMatchObject({ active_citizens: 1, bookings: 1, returning_share: 1 });
    expect(molise.days.find((d: { day: string }) => d.day === day(-5))).toMatchObject({ readings: 1 });
  });

  it("is idempotent: a second run writes the same rows", async () => {
    const snapshot = () =>
      t.database.db.select().from(reportDailyActivity).orderBy(reportDailyActivity.day, reportDailyActivity.region);
    const once = await snapshot();
    await t.app.jobs.runNow("admin-reports-rollup");
    await t.app.jobs.runNow("admin-reports-rollup");
    expect(await snapshot()).toEqual(once);
    const [sum] = await t.database.db
      .select({ n: sql<number>`sum(${reportDailyActivity.registeredCitizens})::int` })
      .from(reportDailyActivity)
      .where(eq(reportDailyActivity.region, "Molise"));
    expect(sum?.n).toBe(1);
  });

  it("a region filter changes every dashboard's figures", async () => {
    const range = `from=${day(-30)}&to=${today}`;
    const all = await get(`/api/v1/admin/reports/activity?${range}`);
    const basilicata = await get(`/api/v1/admin/reports/activity?${range}&region=Basilicata`);
    const on = (report: { days: { day: string; active_citizens: number }[] }) =>
      report.days.find((d) => d.day === day(-10))?.active_citizens;
    expect(on(all)).toBe(2);
    expect(on(basilicata)).toBe(1);
    expect(basilicata.region).toBe("Basilicata");
    // Bruno did not come back: half of that day's citizens returned.
    expect(all.days.find((d: { day: string }) => d.day === day(-10)).returning_share).toBe(0.5);

    const growthAll = await get(`/api/v1/admin/reports/growth?from=${day(-200)}&to=${today}`);
    const growthMolise = await get(`/api/v1/admin/reports/growth?from=${day(-200)}&to=${today}&region=Molise`);
    expect(growthMolise.total.at(-1)).toBe(1);
    expect(growthMolise.total[0]).toBe(0);
    expect(growthMolise.total[100]).toBe(1);
    expect(growthAll.total.at(-1)).toBeGreaterThan(growthMolise.total.at(-1));
    expect(growthMolise.by_region.map((r: { region: string }) => r.region)).toEqual(["Molise"]);

    const regsAll = await get(`/api/v1/admin/reports/registrations?${range}`);
    const regsLombardia = await get(`/api/v1/admin/reports/registrations?${range}&region=Lombardia`);
    const lombardia = regsLombardia.services_by_company.map((c: { name: string }) => c.name);
    expect(lombardia).toContain("Farmacia San Marco");
    expect(lombardia).not.toContain("Centrale di Monitoraggio Lazio");
    expect(regsAll.services_by_company.length).toBeGreaterThan(regsLombardia.services_by_company.length);
    // The bookings are counted by the company's region: the pharmacy is in Lombardy.
    const booked = (r: { bookings_by_service: { bookings: number }[] }) =>
      r.bookings_by_service.reduce((s, x) => s + x.bookings, 0);
    expect(booked(regsLombardia)).toBe(2);
    expect(booked(await get(`/api/v1/admin/reports/registrations?${range}&region=Molise`))).toBe(0);
    const weeks = regsAll.weeks.reduce((s: number, w: { citizens: number }) => s + w.citizens, 0);
    expect(weeks).toBeGreaterThanOrEqual(1);
  });

  it("answers 422 on a reversed or too long range, or a bad date", async () => {
    const bad = [
      [`from=${today}&to=${day(-1)}`, "from", ADMIN_REPORTS_MESSAGES.rangeInvalid],
      [`from=2020-01-01&to=${today}`, "to", ADMIN_REPORTS_MESSAGES.rangeTooLong],
      ["from=2026-13-01", "from", ADMIN_REPORTS_MESSAGES.dateInvalid],
      ["from=2000-01-01", "from", ADMIN_REPORTS_MESSAGES.rangeTooLong],
      [`from=${day(1)}`, "from", ADMIN_REPORTS_MESSAGES.rangeInvalid],
    ] as const;
    for (const [query, field, message] of bad) {
      const response = await t.request({ method: "GET", url: `/api/v1/admin/reports/growth?${query}`, token: admin });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
  });
});

describe("external dashboards", () => {
  it("names the configured REPORTS_EMBED_URL_n of each dashboard", async () => {
    const other = await createTestContext({ REPORTS_EMBED_URL_2: "https://bi.example.org/growth" });
    try {
      const token = await other.login(accounts.admin);
      const response = await other.request({ method: "GET", url: "/api/v1/admin/reports", token });
      expect(response.json().data.embeds).toEqual({
        registrations: null,
        growth: "https://bi.example.org/growth",
        activity: null,
      });
    } finally {
      await other.close();
    }
  });
});
