import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, launchBrowser, newPage, openMenu, submitLogin } from "./browser.ts";

/** The foundation as a person meets it: sign-in, the guard, the shells, language, logout, outbox. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("foundation journeys", () => {
  it("sends an anonymous visitor to the sign-in page, which is accessible", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    await page.waitForURL("**/login");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Accedi");
    await expectAccessible(page);
    await page.goto("/cittadino/home");
    await page.waitForURL("**/login");
    await page.close();
  });

  it("shows the server's message for wrong credentials", async () => {
    const page = await newPage(browser);
    await page.goto("/login");
    await page.getByLabel("E-mail o nome utente").fill("maria.rossi@cura.demo");
    await page.getByLabel("Password", { exact: true }).fill("Sbagliata-2026!");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect.poll(() => page.getByTestId("login-error").textContent()).toContain("Credenziali errate.");
    await page.close();
  });

  it("signs a citizen in to their home, switches language, and signs out after confirming", async () => {
    const page = await newPage(browser);
    await submitLogin(page, "maria.rossi@cura.demo");
    await page.waitForURL("**/cittadino/home");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toMatch(/(Buongiorno|Buon pomeriggio|Buonasera), Maria/);
    await expect.poll(async () => (await openMenu(page)).isVisible()).toBe(true);
    await expectAccessible(page);

    // A signed-in user on a public path goes home; another area sends them home too.
    await page.goto("/login");
    await page.waitForURL("**/cittadino/home");
    await page.goto("/operatore/home");
    await page.waitForURL("**/cittadino/home");

    await page.getByRole("button", { name: "EN English" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Log out" }).isVisible()).toBe(true);
    // The area's own texts are a part of the catalogue of their own (lib/i18n.ts): English too.
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toMatch(/(Good morning|Good afternoon|Good evening), Maria/);
    // Reloaded in English, the area's part comes in English before the first render.
    await page.reload();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toMatch(/(Good morning|Good afternoon|Good evening), Maria/);
    await page.getByRole("button", { name: "IT Italiano" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toMatch(/(Buongiorno|Buon pomeriggio|Buonasera), Maria/);

    await page.getByRole("button", { name: "Esci" }).click();
    const dialog = page.getByRole("dialog", { name: "Confermi di voler uscire dall'area privata?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "No, annulla" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(page.url()).toContain("/cittadino/home");

    const token = await page.evaluate(() => localStorage.getItem("token"));
    await page.getByRole("button", { name: "Esci" }).click();
    await dialog.getByRole("button", { name: "Sì, esci" }).click();
    await page.waitForURL("**/login");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // The server ended the session too: the old token no longer works.
    const me = await page.request.get(`${baseUrl()}/api/v1/users/fresh/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status()).toBe(401);
    await page.close();
  });

  it("gives an operator of a monitoring room the Monitoraggio dashboard", async () => {
    const page = await newPage(browser);
    await submitLogin(page, "monitoraggio.admin@cura.demo");
    await page.waitForURL("**/operatore/home");
    const menu = await openMenu(page);
    await expect.poll(() => menu.getByRole("link", { name: "Monitoraggio" }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.close();
  });

  it("collapses the sidebar behind a toggle on a phone", async () => {
    const page = await newPage(browser, { width: 375, height: 740 });
    await submitLogin(page, "admin@cura.demo");
    await page.waitForURL("**/admin/home");
    const toggle = page.getByRole("button", { name: "Apri il menu" });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await expect
      .poll(() => page.getByRole("button", { name: "Chiudi il menu" }).getAttribute("aria-expanded"))
      .toBe("true");
    await expectAccessible(page);
    await page.close();
  });

  it("keeps the footer below the fold on a phone while the page's code is still on its way (no layout shift)", async () => {
    // The page's chunk never arrives, as on a slow network: the shell shows its loader, or the sign-in
    // page its prerendered copy (login.html, inert until the code is there). A footer in sight now
    // would be pushed down by the page later (CLS 0.47 on mobile, issue 15).
    const footerTop = async (path: string, chunk: RegExp, waiting: string, signInAs?: string) => {
      const page = await newPage(browser, { width: 390, height: 844 });
      await page.route(chunk, () => undefined);
      if (signInAs) {
        await submitLogin(page, signInAs);
        await page.waitForURL(`**${path}`);
      } else await page.goto(path);
      await page.locator(waiting).waitFor();
      const top = await page.locator("footer").evaluate((footer) => footer.getBoundingClientRect().top);
      await page.close();
      return top;
    };
    expect(await footerTop("/login", /\/assets\/LoginPage-[^/]*\.js$/, "#root[inert] main h1")).toBeGreaterThanOrEqual(
      844,
    );
    expect(
      await footerTop(
        "/cittadino/home",
        /\/assets\/CitizenHomePage-[^/]*\.js$/,
        "main .cura-page-loader",
        "maria.rossi@cura.demo",
      ),
    ).toBeGreaterThanOrEqual(844);
  });

  it("shows 'Pagina non trovata' for an unknown path (anonymous visitors go to sign-in first)", async () => {
    const page = await newPage(browser);
    await page.goto("/una/pagina/che/non/esiste");
    await page.waitForURL("**/login");
    await submitLogin(page, "maria.rossi@cura.demo");
    await page.waitForURL("**/cittadino/home");
    await page.goto("/una/pagina/che/non/esiste");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Pagina non trovata");
    await expectAccessible(page);
    // Opened directly, with no page of ours before it: back leads home.
    await page.getByRole("button", { name: "Torna indietro" }).click();
    await page.waitForURL("**/cittadino/home");
    await page.close();
  });

  it("lists sent messages on the dev outbox page", async () => {
    const page = await newPage(browser);
    await page.goto("/dev/outbox");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Outbox di sviluppo");
    await page.getByLabel("Filtra per destinatario").fill("nessuno@example.it");
    await page.getByRole("button", { name: "Filtra" }).click();
    await expect.poll(() => page.getByTestId("outbox-message").count()).toBe(0);
    await expectAccessible(page);
    await page.close();
  });

  it("serves the API reference", async () => {
    const page = await newPage(browser);
    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    const doc = await page.request.get(`${baseUrl()}/api/docs/json`);
    expect((await doc.json()).paths["/api/v1/health"]).toBeDefined();
    await page.close();
  });
});
