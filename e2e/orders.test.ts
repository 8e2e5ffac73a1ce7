import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, signIn } from "./browser.ts";

/** Issue 5's journey 2: a citizen's medicine order refused by the pharmacy, with its reason. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The text of the element that has the keyboard focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

const MEDICINE = "Momendol 12 compresse rivestite 220 mg";
/** Refusal reason 2 (REFUSAL_REASONS in packages/domain/src/booking-states.ts), in words. */
const REASON_2 = "Problemi di approvvigionamento";

describe("orders journey", () => {
  it("2. a citizen orders a medicine found by name; the operator refuses it with reason 2; the citizen sees the reason", async () => {
    // Two people, two browser contexts (newPage opens a context of its own).
    const citizen = await newPage(browser);
    const operator = await newPage(browser);

    // Maria opens the order wizard from her menu.
    await signIn(citizen, "maria.rossi@cura.demo");
    await followMenu(citizen, "Ordina farmaci");
    await citizen.waitForURL("**/cittadino/appuntamenti/nuovo/prodotto");
    await expect.poll(() => citizen.getByRole("heading", { level: 1 }).textContent()).toBe("Ordina farmaci");
    await expectAccessible(citizen);

    // Two characters do not search; from three on, the medicine list answers.
    const searches: string[] = [];
    citizen.on("request", (request) => {
      if (request.url().includes("/utilities/products/")) searches.push(request.url());
    });
    const search = citizen.getByLabel("Cerca farmaco o prodotto");
    await search.click();
    await search.pressSequentially("Mo");
    await expect.poll(() => citizen.getByText("Inserisci almeno 3 caratteri").isVisible()).toBe(true);
    const results = citizen.getByRole("list", { name: "Prodotti trovati" });
    expect(await results.count()).toBe(0);
    expect(searches).toEqual([]);

    await search.pressSequentially("men");
    await expect.poll(() => results.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
    expect(await results.textContent()).toContain("Moment");
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((url) => !url.includes("/Mo/"))).toBe(true);
    await expectAccessible(citizen);

    await results.getByRole("button", { name: `Aggiungi ${MEDICINE}` }).click();
    const quantity = citizen.getByLabel(`Quantità di ${MEDICINE}`);
    await expect.poll(() => quantity.inputValue()).toBe("1");
    await quantity.fill("2");
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Avanti" }).click();

    // For herself.
    await expect.poll(() => citizen.getByRole("heading", { level: 2, name: "Per chi" }).isVisible()).toBe(true);
    expect(await citizen.getByLabel("Per me").isChecked()).toBe(true);
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Avanti" }).click();

    // The pharmacy of her care circle.
    await expect.poll(() => citizen.getByRole("heading", { level: 2, name: "Farmacia" }).isVisible()).toBe(true);
    await citizen.getByRole("button", { name: "Farmacia San Marco" }).first().click();
    await expect.poll(() => citizen.getByText("Hai scelto Farmacia San Marco.").isVisible()).toBe(true);
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Avanti" }).click();

    // The summary; the order leaves only with the privacy consent.
    await expect.poll(() => citizen.getByRole("heading", { level: 2, name: "Riepilogo" }).isVisible()).toBe(true);
    // The Next button the keyboard was on is gone: the focus moved to the step's heading.
    await expect.poll(() => focusedText(citizen)).toBe("Riepilogo");
    expect(await citizen.getByText(`2 × ${MEDICINE}`).isVisible()).toBe(true);
    const send = citizen.getByRole("button", { name: "Invia l'ordine" });
    await send.click();
    const consent = "Ho letto l'informativa sulla privacy e acconsento al trattamento dei dati";
    const privacy = citizen.getByLabel(consent);
    await expect.poll(() => privacy.getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(citizen);
    // Bootstrap Italia draws the box on the label: that is what a user clicks.
    await citizen.getByText(consent, { exact: true }).click();
    expect(await privacy.isChecked()).toBe(true);
    await send.click();
    await expect.poll(() => citizen.getByText("Ordine inviato alla farmacia.").isVisible()).toBe(true);
    await expect.poll(() => focusedText(citizen)).toBe("Ordina farmaci");
    await expectAccessible(citizen);
    const detailLink = citizen.getByRole("link", { name: "Vedi la richiesta" });
    const detailPath = (await detailLink.getAttribute("href")) ?? "";
    const hashid = detailPath.split("/").pop() ?? "";
    expect(hashid).not.toBe("");

    // The pharmacy's administrator finds the order among the bookings and opens it.
    await signIn(operator, "farmacia.admin@cura.demo");
    await followMenu(operator, "Prenotazioni");
    await operator.waitForURL("**/operatore/prenotazioni/prenotazioni");
    // The row is the one whose link opens Maria's new order (other journeys may order too).
    const row = operator.getByRole("row").filter({ has: operator.locator(`a[href$="/${hashid}"]`) });
    await expect.poll(() => row.count()).toBe(1);
    const rowText = await row.textContent();
    // The list names an order by its first product.
    expect(rowText).toContain("Ordine: Momendol");
    expect(rowText).toContain("Rossi Maria");
    expect(rowText).toContain("Ricevuto");
    await expectAccessible(operator);

    await row.getByRole("link", { name: /^Dettaglio/ }).click();
    await operator.waitForURL(`**/operatore/prenotazioni/dettaglio/${hashid}`);
    await expect.poll(() => operator.getByRole("heading", { level: 1 }).textContent()).toBe("Ordine di prodotti");
    expect(await operator.getByText(`${MEDICINE} × 2`).isVisible()).toBe(true);
    await expectAccessible(operator);

    // Refused with reason 2, chosen in the modal (nothing is sent without a reason).
    await operator.getByRole("button", { name: "Rifiuta", exact: true }).click();
    const dialog = operator.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Rifiuta", exact: true }).click();
    await expect.poll(() => dialog.getByText("Scegli il motivo").isVisible()).toBe(true);
    await expectAccessible(operator);
    await dialog.getByText(REASON_2, { exact: true }).click();
    expect(await dialog.getByLabel(REASON_2).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Rifiuta", exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => operator.getByText("Prenotazione aggiornata").first().isVisible()).toBe(true);
    // The Rifiuta button that opened the dialog is gone: the focus is on the page's heading, not lost.
    await expect.poll(() => focusedText(operator)).toBe("Ordine di prodotti");
    await expect.poll(() => operator.getByTestId("booking-status").first().textContent()).toBe("Rifiutato");
    expect(await operator.getByText(REASON_2).first().isVisible()).toBe(true);
    await expectAccessible(operator);

    // Maria finds the order in the history of her medicine orders, refused, with the reason in words.
    await followMenu(citizen, "Appuntamenti");
    await citizen.waitForURL("**/cittadino/appuntamenti/in-attesa/prestazione");
    await citizen
      .getByRole("navigation", { name: "Tipo di prenotazione" })
      .getByRole("link", { name: "Farmaci" })
      .click();
    await citizen.waitForURL("**/cittadino/appuntamenti/in-attesa/prodotto");
    await citizen.getByRole("heading", { level: 1 }).waitFor();
    await expectAccessible(citizen);
    await citizen
      .getByRole("navigation", { name: "Stato delle prenotazioni" })
      .getByRole("link", { name: /^Storico/ })
      .click();
    await citizen.waitForURL("**/cittadino/appuntamenti/storico/prodotto");
    const card = citizen.getByRole("article").filter({ has: citizen.locator(`a[href$="/${hashid}"]`) });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByRole("heading", { name: `Ordine: ${MEDICINE}` }).isVisible()).toBe(true);
    expect(await card.getByTestId("booking-status").textContent()).toBe("Rifiutato");
    await expectAccessible(citizen);

    await card.getByRole("link", { name: `Vedi il dettaglio: Ordine: ${MEDICINE}` }).click();
    await citizen.waitForURL(`**/cittadino/appuntamenti/dettaglio/${hashid}`);
    const outcome = citizen.getByTestId("booking-outcome");
    await expect.poll(() => outcome.textContent()).toContain("La struttura ha rifiutato la prenotazione.");
    expect(await outcome.textContent()).toContain(REASON_2);
    expect(await citizen.getByTestId("booking-status").first().textContent()).toBe("Rifiutato");
    await expectAccessible(citizen);

    await citizen.context().close();
    await operator.context().close();
  });
});
