import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, signIn } from "./browser.ts";

/** Issue 5's journeys: the citizen's and the company's bookings. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The note of Maria's confirmed booking whose time passed an hour ago (global-setup's journeyFixtures). */
const PAST_CONFIRMED_NOTE = "Arrivo a digiuno, come indicato.";

/**
 * expect.poll gives up after 1 s by default: too short for a lazy page and its API call on this
 * two-core machine when other work runs, so the journey waits as long as Playwright's own timeout.
 */
const SETTLE = { timeout: 15_000 };

/** The card of a booking in the list shown, found by its heading (the service's name). */
const bookingCard = (page: Page, service: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: service, exact: true }) });

describe("bookings journeys", () => {
  it("4. a citizen edits a booking note; after the appointment time the note is read-only", async () => {
    const page = await newPage(browser);
    await signIn(page, "maria.rossi@cura.demo");
    await followMenu(page, "Appuntamenti");
    await page.waitForURL("**/cittadino/appuntamenti/in-attesa/prestazione");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectAccessible(page);
    await page
      .getByRole("navigation", { name: "Stato delle prenotazioni" })
      .getByRole("link", { name: /^Confermate/ })
      .click();
    await page.waitForURL("**/cittadino/appuntamenti/confermate/prestazione");
    const ecg = bookingCard(page, "Elettrocardiogramma (ECG)");
    await expect.poll(() => ecg.count(), SETTLE).toBe(1);
    await expectAccessible(page);

    // The confirmed ECG a few days ahead: its note can still be changed.
    await ecg.getByRole("link", { name: "Vedi il dettaglio: Elettrocardiogramma (ECG)" }).click();
    await page.waitForURL("**/cittadino/appuntamenti/dettaglio/**");
    const detailUrl = page.url();
    const note = page.getByLabel("Le tue note");
    await expect.poll(() => note.inputValue(), SETTLE).toBe("Porto il referto dell'ECG precedente.");
    await expectAccessible(page);
    const save = page.getByRole("button", { name: "Salva le note" });
    expect(await save.isDisabled()).toBe(true); // nothing changed yet

    const newNote = "Porto il referto dell'ECG precedente e l'elenco dei farmaci.";
    await note.fill(newNote);
    await save.click();
    await expect.poll(() => page.getByText("Note salvate").first().isVisible(), SETTLE).toBe(true);
    await expectAccessible(page);

    // The note is the server's now, not the page's memory.
    await page.reload();
    expect(page.url()).toBe(detailUrl);
    await expect.poll(() => page.getByLabel("Le tue note").inputValue(), SETTLE).toBe(newNote);

    // A confirmed booking whose time passed an hour ago: its note can only be read.
    await page.getByRole("link", { name: "Torna agli appuntamenti" }).click();
    await page.waitForURL("**/cittadino/appuntamenti/confermate/prestazione");
    const past = bookingCard(page, "Misurazione della pressione");
    await past.getByRole("link", { name: "Vedi il dettaglio: Misurazione della pressione" }).click();
    await page.waitForURL("**/cittadino/appuntamenti/dettaglio/**");
    const notes = page.getByRole("region", { name: "Note", exact: true });
    await expect.poll(() => notes.getByText(PAST_CONFIRMED_NOTE).isVisible(), SETTLE).toBe(true);
    expect(
      await notes.getByText("L'orario dell'appuntamento è passato: le note non sono più modificabili.").isVisible(),
    ).toBe(true);
    expect(await notes.getByRole("textbox").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Salva le note" }).count()).toBe(0);
    await expectAccessible(page);
    await page.close();
  });
});
