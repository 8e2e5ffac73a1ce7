import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, openMenu, settled, signIn } from "./browser.ts";

/**
 * Issue 10's teleconsultation journeys without the call itself (e2e/teleconsult-room.test.ts):
 * the operator switches the quick service on, the citizen asks, the operator's popup opens the
 * rapido section and the operator takes the request in charge, the citizen's popup shows it taken;
 * nobody on: 'Nessun operatore disponibile…'; a paediatric request for a child, and an operator
 * without the permission has no switch.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The popup modal over the shell (it cannot be closed by Escape or the backdrop): its action is followed. */
async function followPopup(page: Page, title: string, action: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  expect(await dialog.isVisible()).toBe(true);
  await dialog.getByRole("button", { name: action }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

/** Switches the service on from its section page; the server's status is shown back. */
async function switchOn(page: Page, label: string): Promise<void> {
  const toggle = page.getByRole("switch", { name: label });
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  // A controlled switch: it shows the server's status once the change is saved and read back.
  if (!(await toggle.isChecked())) await toggle.click();
  await expect.poll(() => toggle.isChecked()).toBe(true);
  await expect.poll(() => page.getByText("Sei disponibile: ricevi le nuove richieste.").isVisible()).toBe(true);
}

async function askQuick(page: Page, button: string, reason: string, child?: string): Promise<void> {
  await followMenu(page, "Teleconsulti");
  await page.waitForURL("**/cittadino/teleconsulti");
  await settled(page);
  await expectAccessible(page);
  await page.getByRole("link", { name: button }).click();
  await page.waitForURL("**/cittadino/teleconsulti/nuovo/**");
  const form = page.getByRole("form");
  await expect.poll(() => form.isVisible()).toBe(true);
  if (child) await page.getByLabel("Per chi").selectOption({ label: child });
  await page.getByLabel("Motivo della richiesta").fill(reason);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Invia la richiesta" }).click();
}

describe("teleconsultation journeys", () => {
  it("2. nobody on: 'Nessun operatore disponibile in questo momento. Riprova più tardi.'", async () => {
    // First of the journeys, while no operator anywhere is on; Maria, whom nothing is left open for.
    const citizen = await newPage(browser);
    await signIn(citizen, "maria.rossi@cura.demo");
    await askQuick(citizen, "Nuovo teleconsulto rapido", "Mal di gola e febbre");
    const error = citizen.getByTestId("teleconsult-request-error");
    await expect
      .poll(() => error.textContent())
      .toBe("Nessun operatore disponibile in questo momento. Riprova più tardi.");
    await expectAccessible(citizen);
    await citizen.context().close();
  });

  it("1. operator on; citizen requests; the popup action opens rapido; the operator takes charge; the citizen sees it taken", async () => {
    const operator = await newPage(browser);
    await signIn(operator, "farmacia.admin@cura.demo");
    await followMenu(operator, "Teleconsulto rapido");
    await operator.waitForURL("**/operatore/teleconsulto/rapido");
    await switchOn(operator, "Servizio di teleconsulto rapido attivo");
    await expectAccessible(operator);
    // Back home: the popup's action brings the operator to the section.
    await followMenu(operator, "Dashboard");
    await operator.waitForURL("**/operatore/home");

    const citizen = await newPage(browser);
    await signIn(citizen, "maria.rossi@cura.demo");
    await askQuick(citizen, "Nuovo teleconsulto rapido", "Dolore al petto da un'ora");
    const pending = citizen.getByTestId("teleconsult-pending");
    await expect.poll(() => pending.isVisible()).toBe(true);
    await expect.poll(() => pending.getByText("In attesa di presa in carico").isVisible()).toBe(true);
    await expect.poll(() => citizen.getByTestId("teleconsult-countdown").textContent()).toMatch(/^(59|60):\d\d$/);
    await expectAccessible(citizen);

    await followPopup(operator, "Nuova richiesta di teleconsulto rapido", "Apri teleconsulto rapido");
    await operator.waitForURL("**/operatore/teleconsulto/rapido");
    const row = operator.getByTestId("teleconsult-row").filter({ hasText: "Dolore al petto da un'ora" });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expectAccessible(operator);
    await row.getByRole("button", { name: /^Prendi in carico/ }).click();
    await expect.poll(() => row.getByText("Preso in carico").isVisible()).toBe(true);
    await expect.poll(() => row.getByRole("link", { name: "Apri la chiamata" }).isVisible()).toBe(true);
    await expectAccessible(operator);

    await followPopup(citizen, "Il tuo teleconsulto rapido è stato preso in carico", "Apri teleconsulto rapido");
    await citizen.waitForURL("**/cittadino/teleconsulti/nuovo/tcemergenza");
    await expect.poll(() => pending.getByText("Preso in carico").isVisible()).toBe(true);
    await expect.poll(() => citizen.getByRole("link", { name: "Entra nel teleconsulto" }).isVisible()).toBe(true);
    await expectAccessible(citizen);
    await citizen.getByRole("link", { name: "Apri il teleconsulto" }).click();
    await citizen.waitForURL("**/cittadino/teleconsulti/anteprima/**");
    await expect.poll(() => citizen.getByText("Farmacia San Marco").isVisible()).toBe(true);
    await expectAccessible(citizen);

    // The operator goes off again for the other journeys.
    await followMenu(operator, "Teleconsulto rapido");
    const toggle = operator.getByRole("switch", { name: "Servizio di teleconsulto rapido attivo" });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await operator.context().close();
    await citizen.context().close();
  }, 240_000);

  it("3. a paediatric request for the child; an operator without the permission has no switch", async () => {
    const operator = await newPage(browser);
    await signIn(operator, "monitoraggio.admin@cura.demo");
    await followMenu(operator, "Teleconsulto pediatrico");
    await operator.waitForURL("**/operatore/teleconsulto/pediatrico");
    await switchOn(operator, "Servizio di teleconsulto pediatrico attivo");
    await expectAccessible(operator);

    const citizen = await newPage(browser);
    await signIn(citizen, "giuseppe.bianchi@cura.demo");
    await askQuick(citizen, "Nuovo teleconsulto pediatrico", "Febbre a 39 da stanotte", "Leonardo Bianchi");
    const pending = citizen.getByTestId("teleconsult-pending");
    await expect.poll(() => pending.getByText("Teleconsulto pediatrico").isVisible()).toBe(true);
    await expectAccessible(citizen);

    await followPopup(operator, "Nuova richiesta di teleconsulto pediatrico", "Apri teleconsulto pediatrico");
    const row = operator.getByTestId("teleconsult-row").filter({ hasText: "Febbre a 39 da stanotte" });
    await expect.poll(() => row.getByText("Bianchi Leonardo").isVisible()).toBe(true);
    await expectAccessible(operator);
    await operator.context().close();
    await citizen.context().close();

    // The pharmacy's operator without the permission strings: no entry, and no switch on the page.
    const other = await newPage(browser);
    await signIn(other, "farmacia.operatore@cura.demo");
    const menu = await openMenu(other);
    expect(await menu.getByRole("link", { name: "Teleconsulto pediatrico", exact: true }).count()).toBe(0);
    expect(await menu.getByRole("link", { name: "Teleconsulto rapido", exact: true }).count()).toBe(0);
    await other.goto("/operatore/teleconsulto/pediatrico");
    await expect
      .poll(() => other.getByText("Non hai il permesso per gestire questo servizio di teleconsulto.").isVisible())
      .toBe(true);
    expect(await other.getByRole("switch").count()).toBe(0);
    await expectAccessible(other);
    await other.context().close();
  }, 240_000);
});
