import { taxCodeCheckChar } from "@cura/domain";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appReady, baseUrl, expectAccessible, isPhone, latestMessage, launchBrowser, newPage } from "./browser.ts";
import {
  checkModal,
  chooseOption,
  fromTop,
  h2,
  keyboardSignIn,
  romeDay,
  skipToContent,
  tabTo,
  typedDate,
  typeInto,
  walkPage,
  weekdaysAhead,
} from "./keyboard.ts";

/**
 * Issue 15's keyboard-only journeys: registration, a booking with preferences, an operator confirming
 * one booking and proposing a date for another, a reading and a therapy in the health file, an administrator registering a company, driven only with Tab, Shift+Tab, Enter, Space, arrows
 * and Escape (no clicks, no `fill`: text is typed into the field the Tab key reached).
 *
 * On every step the focused element must show where the focus is (`focused` in keyboard.ts), and on every
 * page: the skip link is the first stop and leads to the main content, and Tab goes round the whole
 * page and back (nothing keeps the keyboard). Modals keep the focus inside and give it back on close.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The booking made in journey 2, proposed a new date in journey 3. */
let wizardBooking = "";

describe("keyboard-only journeys", () => {
  it("1. a citizen registers, confirms phone and e-mail, and reaches home with the keyboard only", async () => {
    const page = await newPage(browser);
    const email = "sara.conti@example.it";
    const cf15 = "CNTSRA88E52F205";
    const cf = cf15 + taxCodeCheckChar(cf15);

    await page.goto("/login");
    await appReady(page);
    await skipToContent(page);
    await tabTo(page, "Registrati");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/register");
    await walkPage(page);
    await tabTo(page, "Registrati come cittadino");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Dati anagrafici").isVisible()).toBe(true);
    await typeInto(page, "Nome", "Sara");
    await typeInto(page, "Cognome", "Conti");
    await typeInto(page, "Codice fiscale", cf);
    await expect.poll(() => page.getByLabel("Data di nascita").inputValue()).toBe("1988-05-12");
    await expectAccessible(page);
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Residenza").isVisible()).toBe(true);
    // A closed select chooses by typing the option's first letters.
    await chooseOption(page, "Regione", "Lombardia");
    await chooseOption(page, "Provincia", "Milano (MI)");
    await chooseOption(page, "Comune", "Milano");
    await typeInto(page, "Indirizzo", "Via Padova 12");
    await typeInto(page, "CAP", "20127");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Contatti").isVisible()).toBe(true);
    await typeInto(page, "E-mail", email);
    await typeInto(page, "Numero di cellulare", "3471112299");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Password").isVisible()).toBe(true);
    await typeInto(page, "Nuova password", "Salute-Milano-2026!");
    await typeInto(page, "Conferma la password", "Salute-Milano-2026!");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    await expect.poll(() => h2(page, "Termini e consensi").isVisible()).toBe(true);
    for (const consent of [/^Accetto i termini/, /^Acconsento al trattamento/, /^Acconsento alla condivisione/]) {
      await tabTo(page, consent);
      await page.keyboard.press("Space");
    }
    await expectAccessible(page);
    await tabTo(page, "Completa");
    await page.keyboard.press("Enter");

    await page.waitForURL("**/number/verify");
    await walkPage(page);
    await tabTo(page, "Invia il codice");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("otp-number").textContent()).toContain("3*******99");
    const sms = await latestMessage(page, "+393471112299", /è \d{6}/);
    const code = /è (\d{6})/.exec(sms)?.[1] as string;
    await typeInto(page, "Cifra 1 di 6", code);
    await expectAccessible(page);
    await tabTo(page, "Verifica");
    await page.keyboard.press("Enter");

    // The e-mail's link is followed from the mail, not from the page.
    await page.waitForURL("**/email/verify/invalid");
    const mail = await latestMessage(page, email, /email\/verify\//);
    const link = /(http\S+\/api\/v1\/email\/verify\/\S+)/.exec(mail)?.[1] as string;
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await page.waitForURL("**/cittadino/home");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Sara$/);
    await walkPage(page);
    await skipToContent(page);
    await expectAccessible(page);
    await page.close();
  });

  it("2. a citizen books a service for a new family member with three preferences, with the keyboard only", async () => {
    const page = await newPage(browser);
    await keyboardSignIn(page, "maria.rossi@cura.demo");
    await walkPage(page);
    await page.goto("/cittadino/appuntamenti/nuovo/prestazione");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await skipToContent(page);
    await typeInto(page, "Di quale prestazione hai bisogno?", "Ritiro farmaci");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    // For whom: a new family member, added through the modal.
    await expect.poll(() => h2(page, "Per chi").isVisible()).toBe(true);
    await tabTo(page, "Aggiungi un familiare");
    await checkModal(page, "Aggiungi un familiare");
    await typeInto(page, "Nome", MOTHER.name);
    await typeInto(page, "Cognome", MOTHER.surname);
    await typeInto(page, "Codice fiscale", MOTHER.taxCode);
    await chooseOption(page, "Fascia d'età", "Anziano");
    await chooseOption(page, "Parentela", "Genitore");
    await chooseOption(page, "Sesso", "Femmina");
    await expectAccessible(page);
    await tabTo(page, "Salva il familiare");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog", { name: "Aggiungi un familiare" }).count()).toBe(0);
    await expect.poll(() => page.getByLabel(`${MOTHER.name} ${MOTHER.surname} (Genitore)`).isChecked()).toBe(true);
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    // The facility: the pharmacy of her care circle, and its service.
    await expect.poll(() => h2(page, "Struttura").isVisible()).toBe(true);
    await tabTo(page, /^Farmacia San Marco/);
    await page.keyboard.press("Enter");
    await tabTo(page, "Scegli Ritiro farmaci su prenotazione presso Farmacia San Marco");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-pressed"))).toBe("true");
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    // The date: the week's free slots are one radio group, a single Tab stop moved with the arrows,
    // so "Avanti" is a few Tabs away from a chosen slot (it took one Tab per slot when they were buttons).
    await expect.poll(() => page.locator("#week-slots-title ~ fieldset input[type=radio]").count()).toBeGreaterThan(2);
    await tabTo(page, (stop) => stop.type === "radio" && /^\d\d:\d\d$/.test(stop.name));
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.locator("#week-slots-title ~ fieldset input:checked").count()).toBe(1);
    await tabTo(page, "Avanti", { max: 3 });
    // Back to the choice between a slot and preferences, and on to the preferences.
    await tabTo(page, "Scegli un orario libero", { back: true, max: 6 });
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByLabel("Indica le tue preferenze").isChecked()).toBe(true);
    const slots = ["Pomeriggio", "Mattina", "Tutto il giorno"];
    for (const [index, day] of weekdaysAhead(3).entries()) {
      await typeInto(page, `Data della preferenza ${index + 1}`, typedDate(day));
      await expect.poll(() => page.getByLabel(`Data della preferenza ${index + 1}`).inputValue()).toBe(day);
      await chooseOption(page, `Fascia oraria della preferenza ${index + 1}`, slots[index] as string);
    }
    await expectAccessible(page);
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");

    // The summary: the privacy confirmation is a checkbox, ticked with Space.
    await tabTo(page, /^Ho letto l'informativa sulla privacy/);
    await page.keyboard.press("Space");
    await tabTo(page, "Invia la prenotazione");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("booking-created").isVisible()).toBe(true);
    await tabTo(page, "Vedi la richiesta");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/cittadino/appuntamenti/dettaglio/**");
    wizardBooking = page.url().split("/").pop() as string;
    await expect.poll(() => page.getByTestId("booking-status").textContent()).toBe("Ricevuto");
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  });

  it("3. an operator confirms one booking and proposes a date for another, with the keyboard only", async () => {
    expect(wizardBooking, "journey 2 made the booking").not.toBe("");
    const page = await newPage(browser);
    await keyboardSignIn(page, "farmacia.admin@cura.demo");
    await walkPage(page);

    // Giuseppe's blood-pressure check, received, found in the worklist through the menu (on a phone,
    // behind its toggle).
    if (isPhone()) {
      await tabTo(page, "Apri il menu");
      await page.keyboard.press("Enter");
    }
    await tabTo(page, "Prenotazioni");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/operatore/prenotazioni/**");
    await tabTo(
      page,
      (stop) => stop.name.startsWith("Dettaglio") && /Bianchi/.test(stop.context) && /Ricevuto/.test(stop.context),
    );
    await page.keyboard.press("Enter");
    await page.waitForURL("**/operatore/prenotazioni/dettaglio/**");
    await expect.poll(() => page.getByTestId("booking-status").first().textContent()).toBe("Ricevuto");
    await walkPage(page);
    await tabTo(page, "Conferma");
    await checkModal(page, "Confermare la prenotazione?");
    await tabTo(page, "Sì");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("booking-status").first().textContent()).toBe("Confermato");
    // The button that opened the dialog is gone with the action: the focus goes to the heading, not nowhere.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await expectAccessible(page);

    // Maria's request of journey 2: another date, chosen in the dialog's radio group.
    await page.goto(`/operatore/prenotazioni/dettaglio/${wizardBooking}`);
    await expect.poll(() => page.getByTestId("booking-status").first().textContent()).toBe("Ricevuto");
    await skipToContent(page);
    await tabTo(page, "Proponi un'altra data");
    await checkModal(page, "Proponi un'altra data");
    const [day] = weekdaysAhead(1);
    await typeInto(page, "Giorno", typedDate(day as string));
    const dialog = page.getByRole("dialog", { name: "Proponi un'altra data" });
    await expect.poll(() => dialog.getByRole("radio").count()).toBeGreaterThan(1);
    await tabTo(page, (stop) => stop.type === "radio");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => dialog.getByRole("radio", { checked: true }).count()).toBe(1);
    await expectAccessible(page);
    await tabTo(page, "Proponi");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByTestId("booking-status").first().textContent()).toBe("In attesa di risposta");
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  });
  it("4. a citizen records a blood-pressure reading and a therapy in her health file, with the keyboard only", async () => {
    const page = await newPage(browser);
    await keyboardSignIn(page, "giulia.esposito@cura.demo");
    if (isPhone()) {
      await tabTo(page, "Apri il menu");
      await page.keyboard.press("Enter");
    }
    await tabTo(page, "Profilo sanitario");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/profilosanitario**");
    await tabTo(page, "Parametri");
    await page.keyboard.press("Enter");
    await chooseOption(page, "Parametro", "Pressione diastolica (mmHg)");
    await walkPage(page);

    // The reading, in a dialog that keeps the focus and gives it back.
    await tabTo(page, "Nuova misurazione");
    await checkModal(page, "Nuova misurazione: Pressione diastolica");
    await typeInto(page, "Valore (mmHg)", "85");
    await expectAccessible(page);
    await tabTo(page, "Salva");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.getByRole("table").getByRole("row").nth(1).textContent()).toContain("85 mmHg");

    // A therapy written by hand, once a day in the morning, for a week.
    await fromTop(page);
    await tabTo(page, "Terapie");
    await page.keyboard.press("Enter");
    await tabTo(page, "Nuova terapia");
    await page.keyboard.press("Enter");
    await expect.poll(() => h2(page, "Nuova terapia").count()).toBe(1);
    await tabTo(page, (stop) => stop.type === "radio");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.getByLabel("Non in elenco (scritto a mano)").isChecked()).toBe(true);
    await typeInto(page, "Nome del farmaco", "Sciroppo della nonna");
    await typeInto(page, "Dosaggio", "1");
    await chooseOption(page, "Unità", "bustina");
    await chooseOption(page, "Via di somministrazione", "Orale");
    await chooseOption(page, "Frequenza", "Volte al giorno");
    await tabTo(page, "Mattina");
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByLabel("Mattina", { exact: true }).isChecked()).toBe(true);
    await typeInto(page, "Data di inizio", typedDate(romeDay(0)));
    await typeInto(page, "Data di fine", typedDate(romeDay(6)));
    await typeInto(page, "Prescrittore", "Dott. Luca Verdi");
    await chooseOption(page, "Fonte dell'informazione", "Medico di medicina generale");
    await expectAccessible(page);
    await tabTo(page, "Salva");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Sciroppo della nonna").count()).toBeGreaterThan(0);
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  });
  it("5. an administrator registers a company with its first operator, with the keyboard only", async () => {
    const stamp = Date.now();
    const name = `Farmacia della Tastiera ${stamp}`;
    const email = `tastiera.${stamp}@example.it`;
    const page = await newPage(browser);
    await keyboardSignIn(page, "admin@cura.demo");
    if (isPhone()) {
      await tabTo(page, "Apri il menu");
      await page.keyboard.press("Enter");
    }
    await tabTo(page, "Aziende");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/aziende");
    await walkPage(page);
    await tabTo(page, "Nuova azienda");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/aziende/nuova");
    await typeInto(page, "Nome", name);
    await chooseOption(page, "Sottotipo", "Farmacia rurale");
    await typeInto(page, "Indirizzo", "Via dei Tasti 1");
    await typeInto(page, "Comune", "Roma");
    await typeInto(page, "Provincia (sigla)", "RM");
    await typeInto(page, "Regione", "Lazio");
    await typeInto(page, "CAP", "00186");
    await typeInto(page, "E-mail dell'amministratore", email);
    await typeInto(page, "Nome dell'amministratore", "Tina");
    await typeInto(page, "Cognome dell'amministratore", "Tasti");
    await expectAccessible(page);
    await tabTo(page, "Registra l'azienda");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/aziende/dettaglio/**");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    await expect.poll(() => page.getByTestId("operator-row").filter({ hasText: email }).count()).toBe(1);
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  });
});

/** Maria's mother, added from the wizard: a valid tax code (its check character computed). */
const MOTHER = { name: "Anna", surname: "Rossi", taxCode: `RSSNNA50A41F205${taxCodeCheckChar("RSSNNA50A41F205")}` };
