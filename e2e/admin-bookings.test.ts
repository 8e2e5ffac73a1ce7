import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_PASSWORD,
  expectAccessible,
  followMenu,
  launchBrowser,
  newPage,
  settled,
  signIn,
} from "./browser.ts";

/** Issue 14: the administrator's bookings, "Farmaci" entry: only medicine orders, a status filter, the export. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

/** Maria orders a medicine at Farmacia San Marco through the API, so the list has one whatever ran before. */
async function mariaOrdersAMedicine(page: Page): Promise<void> {
  const login = await page.request.post(`${baseUrl()}/api/v1/users/login`, {
    data: { email: "maria.rossi@cura.demo", password: DEMO_PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const search = await page.request.get(`${baseUrl()}/api/v1/companies/compact/search?q=San%20Marco&per_page=20`, {
    headers,
  });
  const found = (await search.json()).data as Array<{ hashid: string; name: string }>;
  const pharmacy = found.find((c) => c.name === "Farmacia San Marco");
  if (!pharmacy) throw new Error("Farmacia San Marco is missing from the demo world");
  const order = await page.request.post(`${baseUrl()}/api/v1/reservations`, {
    headers,
    data: { kind: "prodotto", company: pharmacy.hashid, products: [{ code: "CP0001", quantity: 1 }] },
  });
  expect(order.status(), await order.text()).toBe(201);
}

describe("administrator's bookings journey", () => {
  it("the administrator opens Farmaci, sees only medicine orders, filters by status and exports", async () => {
    const page = await newPage(browser);
    await mariaOrdersAMedicine(page);
    await signIn(page, "admin@cura.demo");
    await followMenu(page, "Farmaci");
    await page.waitForURL("**/admin/prenotazioni/farmaci");
    await expect.poll(() => heading(page)).toBe("Prenotazioni di farmaci");
    await settled(page);
    const rows = page.getByTestId("admin-booking-row");
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // Every row is an order: its what-cell is the medicines', none a health service's.
    const count = await rows.count();
    expect(await page.locator('[data-testid="admin-booking-row"] td[data-label="Farmaci"]').count()).toBe(count);
    expect(await page.locator('[data-testid="admin-booking-row"] td[data-label="Prestazione"]').count()).toBe(0);
    await expect.poll(() => rows.filter({ hasText: "Rossi" }).count()).toBeGreaterThan(0);
    await expectAccessible(page);

    await page.getByLabel("Stato", { exact: true }).selectOption("ricevuto");
    await page.getByRole("button", { name: "Applica i filtri" }).click();
    await settled(page);
    await expect
      .poll(async () => {
        const statuses = await page
          .locator('[data-testid="admin-booking-row"] td[data-label="Stato"]')
          .allTextContents();
        return statuses.length > 0 && statuses.every((s) => s === "ricevuto");
      })
      .toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Esporta in Excel" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^prenotazioni-farmaci-\d{4}-\d{2}-\d{2}\.xlsx$/);

    // The other entry opens the same page on visits and services.
    await followMenu(page, "Visite e servizi");
    await page.waitForURL(/\/admin\/prenotazioni$/);
    await expect.poll(() => heading(page)).toBe("Prenotazioni di visite e servizi");
    await settled(page);
    expect(await page.locator('[data-testid="admin-booking-row"] td[data-label="Farmaci"]').count()).toBe(0);
    await expectAccessible(page);
    await page.close();
  });
});
