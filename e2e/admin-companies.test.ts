import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  expectAccessible,
  followMenu,
  latestMessage,
  launchBrowser,
  newPage,
  settled,
  signIn,
  submitLogin,
} from "./browser.ts";

/** Issue 14's journey 1: a company registered with its first operator, who sets a password; then disabled. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

describe("administrator's companies journeys", () => {
  it("1. an administrator registers a company with its first operator; the operator sets a password; the company is disabled and the operator cannot sign in", async () => {
    const stamp = Date.now();
    const name = `Farmacia del Viaggio ${stamp}`;
    const email = `titolare.${stamp}@example.it`;
    const password = "Prima-Chiave-2026!";

    const admin = await newPage(browser);
    await signIn(admin, "admin@cura.demo");
    await followMenu(admin, "Aziende");
    await admin.waitForURL("**/admin/aziende");
    await expect.poll(() => heading(admin)).toBe("Aziende");
    await settled(admin);
    await expectAccessible(admin);

    await admin.getByRole("link", { name: "Nuova azienda" }).click();
    await admin.waitForURL("**/admin/aziende/nuova");
    await expect.poll(() => heading(admin)).toBe("Nuova azienda");
    await admin.getByLabel("Nome", { exact: true }).fill(name);
    await admin.getByLabel("Sottotipo").selectOption("farmacia_rurale");
    await admin.getByLabel("Indirizzo", { exact: true }).fill("Via del Corso 10");
    await admin.getByLabel("Comune", { exact: true }).fill("Roma");
    await admin.getByLabel("Provincia (sigla)").fill("RM");
    await admin.getByLabel("Regione", { exact: true }).fill("Lazio");
    await admin.getByLabel("CAP").fill("00186");
    await admin.getByLabel("E-mail dell'amministratore").fill(email);
    await admin.getByLabel("Nome dell'amministratore", { exact: true }).fill("Elena");
    await admin.getByLabel("Cognome dell'amministratore").fill("Viaggi");
    await expectAccessible(admin);
    await admin.getByRole("button", { name: "Registra l'azienda" }).click();
    await admin.waitForURL("**/admin/aziende/dettaglio/**");
    await expect.poll(() => heading(admin)).toBe(name);
    const operatorRow = admin.getByTestId("operator-row").filter({ hasText: email });
    await expect.poll(() => operatorRow.count()).toBe(1);
    await settled(admin);
    await expectAccessible(admin);

    // The operator chooses a password from the welcome e-mail and signs in.
    const operator = await newPage(browser);
    const mail = await latestMessage(operator, email, /password\/reset/);
    expect(mail).toContain("72 ore");
    const link = /(http\S+\/password\/reset\?\S+)/.exec(mail)?.[1] as string;
    await operator.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await expect.poll(() => heading(operator)).toBe("Reimposta la password");
    await operator.getByLabel("Nuova password").fill(password);
    await operator.getByLabel("Conferma la password").fill(password);
    await operator.getByRole("button", { name: "Reimposta la password" }).click();
    await operator.waitForURL("**/login");
    await submitLogin(operator, email, password);
    await expect.poll(() => new URL(operator.url()).pathname).not.toBe("/login");
    expect(new URL(operator.url()).pathname).not.toBe("/disabled");

    // The administrator disables the company, after a confirmation.
    await admin.getByRole("button", { name: "Disabilita l'azienda" }).click();
    const dialog = admin.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(admin);
    await dialog.getByRole("button", { name: "Disabilita l'azienda" }).click();
    await expect.poll(() => admin.getByText("Azienda disabilitata").first().isVisible()).toBe(true);
    await expect.poll(() => admin.getByRole("button", { name: "Abilita l'azienda" }).isVisible()).toBe(true);

    // The operator cannot sign in any more.
    const again = await newPage(browser);
    await submitLogin(again, email, password);
    await again.waitForURL("**/disabled");
    await expectAccessible(again);
    await admin.close();
    await operator.close();
    await again.close();
  });
});
