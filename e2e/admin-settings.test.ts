import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, settled, signIn } from "./browser.ts";

/** Issue 14's journey 5 for the settings: the system log, filtered by administrator, shows what they just did. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("administrator's settings and system log", () => {
  it("an administrator creates a setting; the log filtered by administrator shows it; the export downloads", async () => {
    const admin = await newPage(browser);
    await signIn(admin, "admin@cura.demo");

    await followMenu(admin, "Impostazioni di sistema");
    await admin.waitForURL("**/admin/settingsys/nuovo");
    await settled(admin);
    await expect.poll(() => admin.getByTestId("asl-table").getByRole("row").count()).toBeGreaterThan(100);
    await expectAccessible(admin);

    // The ASL list: one opened for correction, with the search of a company to link.
    await admin.getByRole("button", { name: "Correggi ROMA 1" }).click();
    const edit = admin.getByRole("form", { name: "Correggi l'ASL 120201" });
    await expect.poll(() => edit.isVisible()).toBe(true);
    await admin.getByLabel("Cerca un'azienda da collegare").fill("Farmacia");
    await expect
      .poll(() => admin.getByRole("list", { name: "Aziende trovate" }).getByRole("listitem").count())
      .toBeGreaterThan(0);
    await expectAccessible(admin);
    await edit.getByRole("button", { name: "Annulla" }).click();

    const key = `percorso.prova_${Date.now()}`;
    const form = admin.locator("section").filter({ has: admin.getByRole("heading", { name: "Nuova impostazione" }) });
    await form.getByLabel("Chiave").fill(key);
    await form.getByLabel("Valore").fill("Buone feste da Cura");
    // Bootstrap Italia draws the box over the input: the label takes the pointer.
    await form.getByLabel(/^Pubblica/).check({ force: true });
    await form.getByRole("button", { name: "Crea" }).click();
    await expect.poll(() => admin.getByText("Impostazione creata").first().isVisible()).toBe(true);
    const row = admin.getByTestId("setting-row").filter({ hasText: key });
    await expect.poll(() => row.count()).toBe(1);
    await expectAccessible(admin);

    await followMenu(admin, "Log di sistema");
    await admin.waitForURL("**/admin/syslog");
    await settled(admin);
    const filters = admin.getByRole("form", { name: "Filtri del log" });
    await filters.getByLabel("Tipo di utente").selectOption("2");
    await filters.getByLabel("Azione", { exact: true }).fill("settings.created");
    await filters.getByRole("button", { name: "Cerca" }).click();
    const entry = admin.getByTestId("syslog-row").filter({ hasText: key });
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain("(Amministratore)");
    await expectAccessible(admin);

    const download = admin.waitForEvent("download");
    await admin.getByRole("button", { name: "Esporta in Excel" }).click();
    expect((await download).suggestedFilename()).toMatch(/^log-di-sistema-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
