import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, settled, signIn } from "./browser.ts";

/** Issue 12's journeys 1 (caregiver) and 2 (emergency contact). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const MEDICINE = "Momendol 12 compresse rivestite 220 mg";

async function openCaregivers(page: Page): Promise<void> {
  await followMenu(page, "Caregiver");
  await page.waitForURL("**/cittadino/familiari/caregiver");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Caregiver");
  await settled(page);
}

describe("care journeys", () => {
  it("1. he validates her code and invites; she approves; he orders a medicine for her; she disables him", async () => {
    const her = await newPage(browser);
    const him = await newPage(browser);

    // Maria reads her code of the day.
    await signIn(her, "maria.rossi@cura.demo");
    await openCaregivers(her);
    const codeText = her.getByTestId("own-code");
    await expect.poll(() => codeText.textContent()).toMatch(/^[A-Z2-9]{8}$/);
    const code = (await codeText.textContent()) ?? "";
    await expectAccessible(her);

    // Giuseppe checks it (her name only) and sends the request.
    await signIn(him, "giuseppe.bianchi@cura.demo");
    await openCaregivers(him);
    await him.getByRole("textbox", { name: "Codice utente" }).fill("ZZZZZZZZ");
    await him.getByRole("button", { name: "Verifica il codice" }).click();
    await expect
      .poll(() => him.getByText("Codice utente non associato a nessun utente").first().isVisible())
      .toBe(true);
    await expectAccessible(him);
    await him.getByRole("textbox", { name: "Codice utente" }).fill(code.toLowerCase());
    await him.getByRole("button", { name: "Verifica il codice" }).click();
    await expect.poll(() => him.getByText("Codice di Maria Rossi").isVisible()).toBe(true);
    await him.getByRole("button", { name: "Invia la richiesta a Maria Rossi" }).click();
    const assisted = him.getByTestId("relation-assisted").filter({ hasText: "Maria Rossi" });
    await expect.poll(() => assisted.textContent()).toContain("In attesa di approvazione");
    await expectAccessible(him);

    // Maria is told by a popup; she closes it and approves him.
    await her.reload();
    await settled(her);
    const popup = her.getByRole("dialog").filter({ hasText: "Nuova richiesta di caregiver" });
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.getByTestId("popup-body").textContent()).toContain("Giuseppe Bianchi");
    await expectAccessible(her);
    await popup.getByRole("button", { name: "Chiudi" }).click();
    await expect.poll(() => popup.count()).toBe(0);
    const giuseppe = her.getByTestId("relation-caregiver").filter({ hasText: "Giuseppe Bianchi" });
    await expect.poll(() => giuseppe.textContent()).toContain("In attesa di approvazione");
    await expectAccessible(her);
    await giuseppe.getByRole("button", { name: "Approva Giuseppe Bianchi come caregiver" }).click();
    await expect.poll(() => giuseppe.textContent()).toContain("Abilitato");
    await expectAccessible(her);

    // He orders a medicine for her, from her card.
    await him.reload();
    await settled(him);
    await expect.poll(() => assisted.textContent()).toContain("Abilitato");
    await assisted.getByRole("link", { name: "Ordina farmaci per Maria Rossi" }).click();
    await him.waitForURL("**/cittadino/appuntamenti/nuovo/prodotto");
    const search = him.getByLabel("Cerca farmaco o prodotto");
    await search.click();
    await search.pressSequentially("Momen");
    const results = him.getByRole("list", { name: "Prodotti trovati" });
    await expect.poll(() => results.getByRole("listitem").count()).toBeGreaterThanOrEqual(1);
    await results.getByRole("button", { name: `Aggiungi ${MEDICINE}` }).click();
    await him.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => him.getByRole("heading", { level: 2, name: "Per chi" }).isVisible()).toBe(true);
    await him.getByText("Maria Rossi (persona che assisti)").click();
    expect(await him.getByLabel("Maria Rossi (persona che assisti)").isChecked()).toBe(true);
    await expectAccessible(him);
    await him.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => him.getByRole("heading", { level: 2, name: "Farmacia" }).isVisible()).toBe(true);
    // Not in his care circle: he finds her pharmacy by name.
    await him.getByLabel("Nome della struttura").fill("San Marco");
    await expect.poll(() => him.getByRole("button", { name: "Farmacia San Marco" }).count()).toBeGreaterThan(0);
    await him.getByRole("button", { name: "Farmacia San Marco" }).first().click();
    await expect.poll(() => him.getByText("Hai scelto Farmacia San Marco.").isVisible()).toBe(true);
    await him.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => him.getByRole("heading", { level: 2, name: "Riepilogo" }).isVisible()).toBe(true);
    expect(await him.getByText("Maria Rossi", { exact: true }).isVisible()).toBe(true);
    const consent = "Ho letto l'informativa sulla privacy e acconsento al trattamento dei dati";
    await him.getByText(consent, { exact: true }).click();
    await him.getByRole("button", { name: "Invia l'ordine" }).click();
    await expect.poll(() => him.getByText("Ordine inviato alla farmacia.").isVisible()).toBe(true);
    await expectAccessible(him);
    const detailPath = (await him.getByRole("link", { name: "Vedi la richiesta" }).getAttribute("href")) ?? "";
    const hashid = detailPath.split("/").pop() ?? "";
    expect(hashid).not.toBe("");

    // The order is hers: she opens it.
    await her.goto(`/cittadino/appuntamenti/dettaglio/${hashid}`);
    await settled(her);
    await expect.poll(() => her.getByText(MEDICINE, { exact: false }).first().isVisible()).toBe(true);
    await expectAccessible(her);

    // She disables him, after a confirmation.
    await followMenu(her, "Caregiver");
    await her.waitForURL("**/cittadino/familiari/caregiver");
    await settled(her);
    await giuseppe.getByRole("button", { name: "Disabilita Giuseppe Bianchi come caregiver" }).click();
    const dialog = her.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(her);
    await dialog.getByRole("button", { name: "Conferma" }).click();
    await expect.poll(() => giuseppe.textContent()).toContain("Disabilitato");
    await expectAccessible(her);

    // For him she is no longer someone to book for (his page read afresh).
    await openCaregivers(him);
    await him.reload();
    await settled(him);
    await expect.poll(() => assisted.textContent()).toContain("Disabilitato");
    expect(await assisted.getByRole("link").count()).toBe(0);
    await her.close();
    await him.close();
  }, 240_000);

  it("2. emergency contact: an 8-digit phone is refused; save, edit, delete", async () => {
    const page = await newPage(browser);
    await signIn(page, "giuseppe.bianchi@cura.demo");
    await followMenu(page, "Contatti di emergenza");
    await page.waitForURL("**/cittadino/contatti-emergenza");
    await settled(page);
    const empty = page.getByTestId("emergency-empty");
    await expect.poll(() => empty.isVisible()).toBe(true);
    await expectAccessible(page);

    await empty.getByRole("button", { name: "Nuovo contatto" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Nome", { exact: true }).fill("Lucia");
    await dialog.getByLabel("Cognome").fill("Verdi");
    await dialog.getByLabel("Relazione").selectOption("familiare");
    await dialog.getByLabel("Telefono").fill("12345678");
    await dialog.getByLabel("Regione").selectOption("Lazio");
    await expect.poll(() => dialog.getByLabel("Provincia").locator("option").count()).toBeGreaterThan(2);
    await dialog.getByLabel("Provincia").selectOption("RM");
    await expect.poll(() => dialog.getByLabel("Comune").locator("option").count()).toBeGreaterThan(2);
    await dialog.getByLabel("Comune").selectOption("Roma");
    await dialog.getByLabel("CAP").fill("00184");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect
      .poll(() => dialog.getByText("Il numero di telefono deve avere da 9 a 15 cifre").isVisible())
      .toBe(true);
    await expectAccessible(page);

    await dialog.getByLabel("Telefono").fill("3331234567");
    await dialog.getByRole("button", { name: "Salva" }).click();
    const card = page.getByTestId("emergency-contact").filter({ hasText: "Lucia Verdi" });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await card.textContent()).toContain("3331234567");
    await card.getByRole("button", { name: "Visualizza" }).click();
    await expect.poll(() => card.textContent()).toContain("00184 Roma (RM)");
    await expectAccessible(page);

    await card.getByRole("button", { name: "Modifica Lucia Verdi" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByLabel("Telefono").inputValue()).toBe("3331234567");
    await dialog.getByLabel("Telefono").fill("3339998887");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect.poll(() => card.textContent()).toContain("3339998887");
    await expectAccessible(page);

    await card.getByRole("button", { name: "Elimina Lucia Verdi" }).click();
    const confirm = page.getByRole("dialog");
    await expect.poll(() => confirm.getByText("Eliminare il contatto?").isVisible()).toBe(true);
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Elimina" }).click();
    await expect.poll(() => empty.isVisible()).toBe(true);
    await expectAccessible(page);
    await page.close();
  }, 120_000);
});
