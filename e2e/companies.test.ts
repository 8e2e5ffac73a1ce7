import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  expectAccessible,
  followMenu,
  isPhone,
  latestMessage,
  launchBrowser,
  newPage,
  openMenu,
  signIn,
  submitLogin,
} from "./browser.ts";

/** Issue 4's journeys: company settings and slots, provider search and care circle, the library frame. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A calendar day in Rome, YYYY-MM-DD, `offset` days from today. */
function romeDay(offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

const EMPTY_WEEK = "Nessuna disponibilità per la settimana corrente";

describe("companies journeys", () => {
  it("1. a company administrator edits hours, creates a service, closes the week and sees its slots change", async () => {
    const page = await newPage(browser);
    await signIn(page, "farmacia.admin@cura.demo");
    await followMenu(page, "Impostazioni");
    await page.waitForURL("**/operatore/impostazioni/**");
    await expectAccessible(page);

    // Opening hours: open on Sunday morning too.
    await page.getByRole("button", { name: "Aggiungi fascia a Domenica" }).click();
    await page.getByLabel("Domenica, apertura fascia 1").fill("09:00");
    await page.getByLabel("Domenica, chiusura fascia 1").fill("12:00");
    // The day's name stays clear of its first field's label (issue 16: they overlapped, on a phone most).
    const dayName = await page.getByTestId("openings-day-7").locator("legend").boundingBox();
    const firstLabel = await page.locator("label", { hasText: "Domenica, apertura fascia 1" }).boundingBox();
    expect(firstLabel?.y).toBeGreaterThanOrEqual((dayName?.y ?? 0) + (dayName?.height ?? 0) - 1);
    await page.getByRole("button", { name: "Salva orari" }).click();
    await expect.poll(() => page.getByText("Orari aggiornati correttamente").first().isVisible()).toBe(true);

    // A new service has slots this week.
    await page.getByRole("button", { name: "Nuova prestazione" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nome della prestazione").fill("Holter pressorio");
    await dialog.getByLabel("Durata dello slot (minuti)").fill("30");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect.poll(() => page.getByText("Dati aggiornati correttamente").first().isVisible()).toBe(true);

    const slots = page.getByRole("button", { name: "Disponibilità di Holter pressorio" });
    await slots.click();
    const slotsDialog = page.getByRole("dialog");
    await expect.poll(() => slotsDialog.textContent()).toMatch(/\d{2}:\d{2}/);
    expect(await slotsDialog.textContent()).not.toContain(EMPTY_WEEK);
    await page.keyboard.press("Escape");
    await expect.poll(() => slotsDialog.isVisible()).toBe(false);

    // A closure over the whole week leaves no slot.
    const closures = page.locator("form").filter({ has: page.getByRole("button", { name: "Aggiungi chiusura" }) });
    await closures.getByLabel("Dal giorno", { exact: true }).fill(romeDay(0));
    await closures.getByLabel("Al giorno", { exact: true }).fill(romeDay(6));
    await closures.getByRole("button", { name: "Aggiungi chiusura" }).click();
    await slots.click();
    await expect.poll(() => page.getByRole("dialog").textContent()).toContain(EMPTY_WEEK);
    await page.close();
  });

  it("1b. a plain operator does not see the settings", async () => {
    const page = await newPage(browser);
    await signIn(page, "farmacia.operatore@cura.demo");
    const menu = await openMenu(page);
    await expect.poll(() => menu.getByRole("link").count()).toBeGreaterThan(0);
    expect(await menu.getByRole("link", { name: "Impostazioni" }).count()).toBe(0);
    await page.goto("/operatore/impostazioni");
    await expect
      .poll(() => page.getByText("Non hai i permessi per modificare le impostazioni dell'azienda.").isVisible())
      .toBe(true);
    await page.close();
  });

  it("1c. someone joins with the company code, waits, and gets in once the administrator enables them", async () => {
    const admin = await newPage(browser);
    await signIn(admin, "farmacia.admin@cura.demo");
    const adminToken = await admin.evaluate(() => window.localStorage.getItem("token"));
    const auth = { Authorization: `Bearer ${adminToken}` };
    const me = await (await admin.request.get(`${baseUrl()}/api/v1/users/fresh/me`, { headers: auth })).json();
    const company = await (
      await admin.request.get(`${baseUrl()}/api/v1/companies/${me.data.company.hashid}`, { headers: auth })
    ).json();

    // The registration form's call, with the code as the administrator handed it out.
    const email = "nuovo.farmacista@example.it";
    const password = "Banco-Farmacia-2026!";
    const registered = await admin.request.post(`${baseUrl()}/api/v1/users/register`, {
      data: {
        email,
        password,
        password_confirmation: password,
        type: 1,
        project: "nessuno",
        company_code: company.data.code,
        anagrafica: {
          name: "Davide",
          surname: "Moretti",
          regione: "Lombardia",
          provincia: "MI",
          comune: "Milano",
          cap: "20121",
          address: "Via Solferino 3",
          tel_number: "3475556677",
          id_albo: "MI55667",
        },
        data_consense: true,
        share_consense: true,
        charge_consense: true,
      },
    });
    expect(registered.status()).toBe(201);

    // The newcomer confirms phone and e-mail, then waits: no menu, no company data.
    const newcomer = await newPage(browser);
    await submitLogin(newcomer, email, password);
    await newcomer.waitForURL("**/number/verify");
    await newcomer.getByRole("button", { name: "Invia il codice" }).click();
    const sms = await latestMessage(newcomer, "+393475556677", /è \d{6}/);
    await newcomer.getByLabel("Cifra 1 di 6").fill(/è (\d{6})/.exec(sms)?.[1] as string);
    await newcomer.getByRole("button", { name: "Verifica" }).click();
    await newcomer.waitForURL("**/email/verify/invalid");
    const mail = await latestMessage(newcomer, email, /email\/verify\//);
    const link = /(http\S+\/api\/v1\/email\/verify\/\S+)/.exec(mail)?.[1] as string;
    await newcomer.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await newcomer.waitForURL("**/operatore/home");
    const waiting = newcomer.getByRole("heading", { level: 1, name: "Utenza in attesa di abilitazione" });
    await expect.poll(() => waiting.isVisible()).toBe(true);
    expect(await newcomer.getByRole("navigation", { name: "Menu dell'Area operatore" }).getByRole("link").count()).toBe(
      0,
    );
    await expectAccessible(newcomer);

    // The administrator finds the request first in the operators section and enables it.
    await admin.goto("/operatore/impostazioni/operatori");
    const enable = admin.getByRole("button", { name: "Abilita Davide Moretti" });
    await expect.poll(() => enable.isVisible()).toBe(true);
    await expectAccessible(admin);
    await enable.focus();
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("dialog", { name: "Abilitare Davide Moretti?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(admin);
    await dialog.getByRole("button", { name: "Abilita" }).click();
    await expect.poll(() => admin.getByText("Operatore abilitato").first().isVisible()).toBe(true);
    await expect.poll(() => admin.getByRole("button", { name: "Sospendi Davide Moretti" }).isVisible()).toBe(true);

    // The newcomer is told by e-mail, checks again and is in.
    await latestMessage(newcomer, email, /ha abilitato la tua utenza/);
    await newcomer.getByRole("button", { name: "Controlla di nuovo" }).click();
    await expect.poll(() => waiting.count()).toBe(0);
    const menu = await openMenu(newcomer);
    await expect.poll(() => menu.getByRole("link").count()).toBeGreaterThan(0);
    await admin.close();
    await newcomer.close();
  });

  it("2. a citizen finds a provider by comune and adds it to the care circle as preferred", async () => {
    const page = await newPage(browser);
    await signIn(page, "maria.rossi@cura.demo");
    await followMenu(page, "Cerca struttura");
    await page.waitForURL("**/cittadino/ricerca");
    await page.getByLabel("Regione").selectOption({ label: "Lombardia" });
    await expect.poll(() => page.getByLabel("Provincia").locator("option[value='MI']").count()).toBe(1);
    await page.getByLabel("Provincia").selectOption("MI");
    await expect
      .poll(() =>
        page
          .getByLabel("Comune")
          .locator("option", { hasText: /^Milano$/ })
          .count(),
      )
      .toBe(1);
    await page.getByLabel("Comune").selectOption({ label: "Milano" });
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    const result = page.getByRole("link", { name: "Farmacia Brera" });
    await expect.poll(() => result.isVisible()).toBe(true);
    await expectAccessible(page);

    await result.click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Farmacia Brera");
    await page.getByText("Imposta come struttura preferita").click();
    await page.getByRole("button", { name: "Aggiungi al circolo di cura" }).click();
    await expect.poll(() => page.getByText("Struttura aggiunta al circolo di cura").first().isVisible()).toBe(true);
    await expectAccessible(page);

    await page.goto("/cittadino/circolocura");
    const brera = page.getByRole("heading", { level: 2, name: /^Farmacia Brera/ });
    await expect.poll(() => brera.textContent()).toContain("Preferita");
    // One preferred provider at a time: the one preferred before is no longer.
    const sanMarco = page.getByRole("heading", { level: 2, name: /^Farmacia San Marco/ });
    expect(await sanMarco.textContent()).not.toContain("Preferita");
    await expectAccessible(page);
    await page.close();
  });

  it("3. the library frame opens an item, moves, resizes and opens it in a new tab", async () => {
    const page = await newPage(browser);
    // No network here: the item's site is answered by the test.
    await page.context().route("https://example.org/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<html lang='it'><title>Guida</title><h1>Guida operatore</h1></html>",
      }),
    );
    await signIn(page, "farmacia.admin@cura.demo");
    await followMenu(page, "Banca dati");
    await page.waitForURL("**/operatore/bancadati");
    await page.getByRole("button", { name: "Apri Guida operatore Cura" }).click();
    const frame = page.getByTestId("library-frame-box");
    await expect.poll(() => frame.isVisible()).toBe(true);
    await expectAccessible(page);

    const before = await frame.boundingBox();
    const handle = await page.getByTestId("library-frame-handle").boundingBox();
    if (!before || !handle) throw new Error("the frame is not laid out");
    // Within the window at any size; moving and resizing by mouse are for a desktop's room.
    expect(before.x + before.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    if (!isPhone()) {
      await page.mouse.move(handle.x + 40, handle.y + handle.height / 2);
      await page.mouse.down();
      // Up and to the left, leaving room below and to the right for the resize.
      await page.mouse.move(handle.x - 60, handle.y + handle.height / 2 - 60, { steps: 8 });
      await page.mouse.up();
      const moved = await frame.boundingBox();
      expect(moved?.x).toBeLessThan(before.x - 50);
      expect(moved?.y).toBeLessThan(before.y - 30);

      const grip = await page.locator(".library-frame-resize").boundingBox();
      if (!grip || !moved) throw new Error("no resize handle");
      // The grip straddles the corner; its inner half lies under the iframe, which takes the mouse.
      await page.mouse.move(grip.x + grip.width * 0.8, grip.y + grip.height * 0.8);
      await page.mouse.down();
      await page.mouse.move(grip.x + 80, grip.y + 50, { steps: 8 });
      await page.mouse.up();
      const resized = await frame.boundingBox();
      expect(resized?.width).toBeGreaterThan(moved.width + 40);
      expect(resized?.height).toBeGreaterThan(moved.height + 20);
    }

    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByTestId("library-frame").getByRole("link", { name: "Apri in una nuova scheda" }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe("https://example.org/");
    await page.close();
  });
});
