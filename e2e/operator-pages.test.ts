import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, signIn } from "./browser.ts";

/**
 * The operator's list and settings pages, each looked at once: the checks of every step (no page
 * wider than a phone, fields with a boundary, axe with no violation) run on each, at both sizes
 * (issue 16: the worklist was 710 px wide on a 390 px phone, Strumenti 758, Servizi 534, Operatori
 * 601; the analytics table scrolled without taking the focus). Nothing here changes any data.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a section from the page's own section navigation. */
async function section(page: Page, nav: string, name: string, url: string) {
  await page.getByRole("navigation", { name: nav }).getByRole("link", { name, exact: true }).click();
  await page.waitForURL(`**${url}`);
}

describe("operator pages", () => {
  it("shows the worklist, the bulk tools, the settings, the analytics and the archive within the window", async () => {
    const page = await newPage(browser);
    await signIn(page, "farmacia.admin@cura.demo");

    await followMenu(page, "Prenotazioni");
    await page.waitForURL("**/operatore/prenotazioni/**");
    await expect.poll(() => page.getByRole("link", { name: /^Dettaglio/ }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await section(page, "Sezioni delle prenotazioni", "Strumenti", "/operatore/prenotazioni/strumenti");
    await expect.poll(() => page.getByRole("checkbox").count()).toBeGreaterThan(1);
    await expectAccessible(page);

    await followMenu(page, "Impostazioni");
    await page.waitForURL("**/operatore/impostazioni/**");
    for (const [name, path, ready] of [
      ["Servizi", "servizi", "health-services"],
      ["Operatori", "operatori", "operators"],
    ] as const) {
      await section(page, "Sezioni delle impostazioni", name, `/operatore/impostazioni/${path}`);
      await page.getByTestId(ready).waitFor();
      await expectAccessible(page);
    }
    await section(page, "Sezioni delle impostazioni", "Anagrafica", "/operatore/impostazioni/anagrafica");
    await expect.poll(() => page.locator("main input").count()).toBeGreaterThan(3);
    await expectAccessible(page);

    await followMenu(page, "Analitiche");
    await page.waitForURL("**/operatore/analitiche");
    await page.getByTestId("statistics-status-table").waitFor();
    await expectAccessible(page);

    await followMenu(page, "Archivio");
    await page.waitForURL("**/operatore/archivio");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Archivio");
    await expectAccessible(page);
    await page.close();
  });
});
