import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, settled, signIn } from "./browser.ts";

/** Issue 14's journey 4: the three dashboards draw; a region filter changes their figures. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A figure has drawn when ECharts put its SVG in the chart's box. */
const drawn = (page: Page, testId: string) => page.getByTestId(testId).locator("[role=img] svg").count();
const description = (page: Page, testId: string) => page.getByTestId(testId).locator("p").first().textContent();

describe("administrator's reports", () => {
  it("draws the three dashboards from the demo year, and a region filter changes their figures", async () => {
    const admin = await newPage(browser);
    await signIn(admin, "admin@cura.demo");
    await followMenu(admin, "Report");
    await admin.waitForURL("**/admin/reports");
    await settled(admin);

    // 1. Registrations, services and projects.
    for (const id of ["report-registrations-weekly", "report-services-company", "report-bookings-service"])
      await expect.poll(() => drawn(admin, id)).toBe(1);
    const allBookings = await description(admin, "report-bookings-service");
    const allWeekly = await description(admin, "report-registrations-weekly");
    // Each chart's figures as a table, behind its disclosure.
    await admin.getByTestId("report-bookings-service").getByText("Mostra i dati in tabella").click();
    await expect
      .poll(() => admin.getByRole("table", { name: "Prenotazioni per servizio" }).getByRole("row").count())
      .toBeGreaterThan(1);
    await expectAccessible(admin);

    const filters = admin.getByRole("form", { name: "Filtri dei report" });
    await filters.getByLabel("Regione").selectOption("Lazio");
    await filters.getByRole("button", { name: "Aggiorna" }).click();
    await expect.poll(() => description(admin, "report-bookings-service")).not.toBe(allBookings);
    expect(await description(admin, "report-registrations-weekly")).not.toBe(allWeekly);

    // 2. Growth of enrolled users: with the filter, one region only.
    await admin.getByRole("tab", { name: "Crescita degli iscritti" }).click();
    await expect.poll(() => drawn(admin, "report-growth-total")).toBe(1);
    await expect.poll(() => drawn(admin, "report-growth-region")).toBe(1);
    const lazioGrowth = await description(admin, "report-growth-total");
    await admin.getByTestId("report-growth-region").getByText("Mostra i dati in tabella").click();
    const regions = admin.getByRole("table", { name: "Cittadini iscritti per regione" });
    await expect.poll(() => regions.getByRole("row").count()).toBe(2);
    expect(await regions.getByRole("row").nth(1).textContent()).toContain("Lazio");
    await expectAccessible(admin);

    // 3. Citizen activity; back to every region, the figures change again.
    await admin.getByRole("tab", { name: "Attività dei cittadini" }).click();
    await expect.poll(() => drawn(admin, "report-activity-active")).toBe(1);
    await expect.poll(() => drawn(admin, "report-activity-daily")).toBe(1);
    const lazioActivity = await description(admin, "report-activity-daily");
    await filters.getByLabel("Regione").selectOption("");
    await filters.getByRole("button", { name: "Aggiorna" }).click();
    await expect.poll(() => description(admin, "report-activity-daily")).not.toBe(lazioActivity);
    await expectAccessible(admin);

    await admin.getByRole("tab", { name: "Crescita degli iscritti" }).click();
    await expect.poll(() => description(admin, "report-growth-total")).not.toBe(lazioGrowth);
  }, 120_000);
});
