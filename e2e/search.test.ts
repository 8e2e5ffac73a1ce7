import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signIn } from "./browser.ts";

/**
 * Issue 16, defects 2 and 3: search that leads somewhere. A citizen of Roma finds a provider, books
 * one of its services from its page (the wizard opens at the date), and the facility step orders
 * the providers by distance from Roma, shows the distance and pre-selects the preferred facility.
 * The monitoring room is no provider a citizen books with: the search does not list it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Giuseppe Bianchi lives in Roma; Farmacia Trastevere is the preferred facility of his care circle. */
const CITIZEN = "giuseppe.bianchi@cura.demo";

async function searchByName(page: Page, name: string): Promise<void> {
  await page.goto("/cittadino/ricerca");
  await page.getByLabel("Nome della struttura").fill(name);
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
}

/** "1,2 km" → 1.2 */
const kilometres = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));

describe("search journeys", () => {
  it("1. a citizen books from a provider's page, and the facility step orders by distance from their comune", async () => {
    const page = await newPage(browser);
    await signIn(page, CITIZEN);

    // The monitoring room is not offered to citizens.
    await searchByName(page, "Centrale di Monitoraggio");
    await expect.poll(() => page.getByText("Non è stato possibile trovare aziende").first().isVisible()).toBe(true);

    // The preferred facility's page lists what one can book there.
    await searchByName(page, "Trastevere");
    await page.getByRole("link", { name: "Farmacia Trastevere" }).click();
    await page.waitForURL("**/cittadino/ricerca/**");
    const services = page.getByTestId("bookable-services");
    await expect.poll(() => services.isVisible()).toBe(true);
    await expectAccessible(page);
    const preferredService = (await services.locator(".fw-semibold").first().textContent()) ?? "";
    expect(preferredService).not.toBe("");

    // Another provider: "Prenota" on one of its services opens the wizard at the date step.
    await searchByName(page, "Tiburtino");
    await page.getByRole("link", { name: "Poliambulatorio Tiburtino" }).click();
    await page.waitForURL("**/cittadino/ricerca/**");
    const book = page
      .getByTestId("bookable-services")
      .getByRole("link", { name: /^Prenota / })
      .first();
    const service = ((await book.getAttribute("aria-label")) ?? "").replace(/^Prenota /, "");
    await book.click();
    await page.waitForURL("**/cittadino/appuntamenti/nuovo/prestazione?company=*&service=*");
    const dateHeading = page.getByRole("heading", { level: 2, name: "Data" });
    await expect.poll(() => dateHeading.isVisible()).toBe(true);
    await expectAccessible(page);
    // A reload keeps the choice.
    await page.reload();
    await expect.poll(() => dateHeading.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Indietro" }).click();
    await expect
      .poll(() => page.getByTestId("facility-chosen").textContent())
      .toContain(`Hai scelto ${service} presso Poliambulatorio Tiburtino.`);

    // A service of the address that is not bookable there: the wizard starts over, and says why.
    const url = new URL(page.url());
    url.searchParams.set("service", "kZ3Gx7Qa");
    await page.goto(url.pathname + url.search);
    await expect.poll(() => page.getByTestId("not-bookable").isVisible()).toBe(true);
    await expectAccessible(page);

    // A new booking of the preferred facility's service: Farmacia Trastevere is chosen already, and
    // the providers come nearest to Roma first, each with its distance.
    await page.goto("/cittadino/appuntamenti/nuovo/prestazione");
    await page.getByLabel("Di quale prestazione hai bisogno?").fill(preferredService);
    await page.getByRole("button", { name: "Avanti" }).click();
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect
      .poll(() => page.getByTestId("facility-chosen").textContent())
      .toContain(`Hai scelto ${preferredService} presso Farmacia Trastevere. È la struttura preferita`);
    await expect
      .poll(() => page.getByTestId("distance-from").textContent())
      .toBe("Strutture ordinate per distanza da Roma, il tuo comune di residenza.");
    const distances = (await page.getByTestId("distance").allTextContents()).map(kilometres);
    expect(distances.length).toBeGreaterThan(1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(10);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => dateHeading.isVisible()).toBe(true);
    await page.close();
  });
});
