import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLOSURES } from "../apps/api/src/modules/companies/demo-closures.ts";
import { taxCodeCheckChar } from "../packages/domain/src/validation/tax-code.ts";
import { expectAccessible, followMenu, launchBrowser, newPage, showAgendaMonth, signIn } from "./browser.ts";

/** Issue 5's journey 1: a booking for a family member, a new time proposed, accepted, on both agendas. */
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

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The demo world's closures of Farmacia San Marco (fixed dates): no slot to propose on them. */
const pharmacyClosed = (day: string) =>
  DEMO_CLOSURES.some((c) => c.company === null && c.dateFrom <= day && day <= c.dateTo);

/**
 * The first `count` working days (Monday to Friday, when the pharmacy is open in the afternoon, and
 * none of its demo closures) from 9 days ahead: past the week another journey closes the pharmacy
 * for, whatever the order of the files.
 */
function workingDaysAhead(count: number): string[] {
  const days: string[] = [];
  for (let offset = 9; days.length < count; offset++) {
    const day = romeDay(offset);
    if (weekday(day) >= 1 && weekday(day) <= 5 && !pharmacyClosed(day)) days.push(day);
  }
  return days;
}

/** Opens the header's notification centre and returns the newest notification holding `text`. */
async function notification(page: Page, title: string, text: string): Promise<Locator> {
  const bell = page.getByTestId("notification-bell");
  if ((await bell.getAttribute("aria-expanded")) !== "true") await bell.click();
  const panel = page.getByRole("region", { name: "Notifiche" });
  const item = panel.getByTestId("notification-item").filter({ hasText: title }).filter({ hasText: text }).first();
  await expect.poll(() => item.isVisible()).toBe(true);
  return item;
}

const SERVICE = "Ritiro farmaci su prenotazione";
const COMPANY = "Farmacia San Marco";
/** Maria's father, added from the wizard: a valid tax code (its check character computed). */
const FATHER = { name: "Giovanni", surname: "Rossi", taxCode: `RSSGNN48C12F205${taxCodeCheckChar("RSSGNN48C12F205")}` };
const PROPOSED_TIME = "16:00–16:15";

describe("family booking journey", () => {
  it("1. a citizen books a service for a family member with 3 preferences; the operator proposes a new time; the citizen confirms; both agendas show it confirmed; both got notifications", async () => {
    const preferences = workingDaysAhead(3);
    const proposedDay = preferences[0] as string;

    // --- The citizen books for her father, who is not yet among her family members. ---
    const citizen = await newPage(browser);
    await signIn(citizen, "maria.rossi@cura.demo");
    await citizen.goto("/cittadino/appuntamenti/nuovo/prestazione");
    await citizen.getByLabel("Di quale prestazione hai bisogno?").fill("Ritiro farmaci");
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(() => citizen.getByRole("heading", { level: 2, name: "Per chi" }).isVisible()).toBe(true);
    await citizen.getByRole("button", { name: "Aggiungi un familiare" }).click();
    const familyDialog = citizen.getByRole("dialog", { name: "Aggiungi un familiare" });
    await expect.poll(() => familyDialog.isVisible()).toBe(true);
    await familyDialog.getByLabel("Nome", { exact: true }).fill(FATHER.name);
    await familyDialog.getByLabel("Cognome").fill(FATHER.surname);
    await familyDialog.getByLabel("Codice fiscale").fill(FATHER.taxCode);
    await familyDialog.getByLabel("Fascia d'età").selectOption({ label: "Anziano" });
    await familyDialog.getByLabel("Parentela").selectOption({ label: "Genitore" });
    await familyDialog.getByLabel("Sesso").selectOption({ label: "Maschio" });
    await expectAccessible(citizen);
    await familyDialog.getByRole("button", { name: "Salva il familiare" }).click();
    await expect.poll(() => familyDialog.isVisible()).toBe(false);
    // The new family member is listed and chosen.
    const fatherChoice = citizen.getByLabel(`${FATHER.name} ${FATHER.surname} (Genitore)`);
    await expect.poll(() => fatherChoice.isChecked()).toBe(true);
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Avanti" }).click();

    // The facility: the pharmacy of her care circle, and its service.
    await citizen.getByRole("button", { name: new RegExp(`^${COMPANY}`) }).click();
    const choice = citizen.getByRole("button", { name: `Scegli ${SERVICE} presso ${COMPANY}` }).first();
    await choice.click();
    await expect.poll(() => choice.getAttribute("aria-pressed")).toBe("true");
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Avanti" }).click();

    // The date: three preferences, each with a time of day.
    await citizen.getByText("Indica le tue preferenze").click();
    const slots = ["Pomeriggio", "Mattina", "Tutto il giorno"];
    for (const [index, day] of preferences.entries()) {
      await citizen.getByLabel(`Data della preferenza ${index + 1}`).fill(day);
      await citizen.getByLabel(`Fascia oraria della preferenza ${index + 1}`).selectOption({ label: slots[index] });
    }
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Avanti" }).click();

    // The summary: who, where, the preferences; the privacy confirmation.
    const summary = citizen.locator("dl").first();
    await expect.poll(() => summary.textContent()).toContain(`${FATHER.name} ${FATHER.surname}`);
    expect(await summary.textContent()).toContain(COMPANY);
    expect(await summary.getByRole("listitem").count()).toBe(3);
    await citizen.getByText("Ho letto l'informativa sulla privacy e acconsento al trattamento dei dati").click();
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Invia la prenotazione" }).click();
    await expect.poll(() => citizen.getByTestId("booking-created").isVisible()).toBe(true);
    await expectAccessible(citizen);
    await citizen.getByRole("link", { name: "Vedi la richiesta" }).click();
    await citizen.waitForURL("**/cittadino/appuntamenti/dettaglio/**");
    const hashid = citizen.url().split("/").pop() as string;
    await expect.poll(() => citizen.getByTestId("booking-status").textContent()).toBe("Ricevuto");
    await expectAccessible(citizen);

    // --- The operator learns of the new request and proposes a time on the first preferred day. ---
    const operator = await newPage(browser);
    await signIn(operator, "farmacia.admin@cura.demo");
    const newRequest = await notification(
      operator,
      "Nuova prenotazione",
      `Maria Rossi ha inviato la prenotazione di ${SERVICE}`,
    );
    await expectAccessible(operator);
    await newRequest.getByRole("link", { name: /^Apri la prenotazione/ }).click();
    await operator.waitForURL(`**/operatore/prenotazioni/dettaglio/${hashid}`);
    await expect.poll(() => operator.getByRole("heading", { level: 1 }).textContent()).toBe(SERVICE);
    expect(await operator.locator("dl").first().textContent()).toContain(`per ${FATHER.name} ${FATHER.surname}`);
    await expectAccessible(operator);

    await operator.getByRole("button", { name: "Proponi un'altra data" }).click();
    const propose = operator.getByRole("dialog", { name: "Proponi un'altra data" });
    await propose.getByLabel("Giorno").fill(proposedDay);
    const slot = propose.getByLabel(PROPOSED_TIME);
    await expect.poll(() => slot.count()).toBe(1);
    await propose.getByText(PROPOSED_TIME).click();
    expect(await slot.isChecked()).toBe(true);
    await expectAccessible(operator);
    await propose.getByRole("button", { name: "Proponi", exact: true }).click();
    await expect.poll(() => propose.isVisible()).toBe(false);
    await expect.poll(() => operator.getByTestId("booking-status").textContent()).toBe("In attesa di risposta");
    await expectAccessible(operator);

    // --- The citizen is told of the proposal and accepts it. ---
    await citizen.reload();
    const proposal = await notification(
      citizen,
      "Nuova data proposta",
      `${COMPANY} propone di spostare la prenotazione di ${SERVICE}`,
    );
    expect(await proposal.textContent()).toContain("16:00");
    await expectAccessible(citizen);
    await proposal.getByRole("link", { name: /^Apri la prenotazione/ }).click();
    await citizen.waitForURL(`**/cittadino/appuntamenti/dettaglio/${hashid}`);
    await expect.poll(() => citizen.getByTestId("booking-proposal").textContent()).toContain("16:00");
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Accetta la modifica" }).click();
    await expect.poll(() => citizen.getByTestId("booking-status").textContent()).toBe("Confermato");
    expect(await citizen.getByTestId("booking-summary").textContent()).toContain("16:00");
    await expectAccessible(citizen);

    // --- Both agendas show it confirmed on the proposed day: in its colour, and in words in its name. ---
    const event = (page: Page, title: string) =>
      page.getByTestId("agenda-calendar").getByRole("link", { name: new RegExp(`16:00.*${literal(title)}`) });
    const confirmed = (page: Page, title: string) =>
      page
        .getByTestId("agenda-calendar")
        .getByRole("link", { name: new RegExp(`16:00.*${literal(title)} \\(Confermato\\)$`) });
    const showMonthOf = async (page: Page) => {
      await showAgendaMonth(page);
      // The month view opens on this month: one step forward when the day falls in the next.
      if (proposedDay.slice(0, 7) !== romeDay(0).slice(0, 7)) {
        await page.getByTestId("agenda-calendar").getByRole("button", { name: "Mese successivo" }).click();
      }
    };

    await followMenu(citizen, "Agenda");
    await citizen.waitForURL("**/cittadino/agenda");
    await showMonthOf(citizen);
    await expect.poll(() => event(citizen, `${SERVICE} · ${COMPANY}`).count()).toBe(1);
    expect(await citizen.getByRole("button", { name: "Mese successivo" }).count()).toBe(1);
    expect(await confirmed(citizen, `${SERVICE} · ${COMPANY}`).count()).toBe(1);
    expect(await colourOf(event(citizen, `${SERVICE} · ${COMPANY}`))).toBe(CONFIRMED_COLOUR);
    await expectAccessible(citizen);

    await followMenu(operator, "Agenda");
    await operator.waitForURL("**/operatore/agenda");
    await showMonthOf(operator);
    await expect.poll(() => event(operator, `${SERVICE} · Maria Rossi`).count()).toBe(1);
    expect(await confirmed(operator, `${SERVICE} · Maria Rossi`).count()).toBe(1);
    expect(await colourOf(event(operator, `${SERVICE} · Maria Rossi`))).toBe(CONFIRMED_COLOUR);
    await expectAccessible(operator);

    // --- The operator is told of the acceptance; the event opens the confirmed booking. ---
    await operator.reload();
    await notification(
      operator,
      "Proposta accettata",
      `Maria Rossi ha accettato la nuova data: la prenotazione di ${SERVICE}`,
    );
    await expectAccessible(operator);
    await operator.keyboard.press("Escape");
    await showMonthOf(operator);
    await confirmed(operator, `${SERVICE} · Maria Rossi`).click();
    await operator.waitForURL(`**/operatore/prenotazioni/dettaglio/${hashid}`);
    await expect.poll(() => operator.getByTestId("booking-status").textContent()).toBe("Confermato");

    await citizen.close();
    await operator.close();
  }, 120_000);
});

/** The agenda's colour of the confirmed status group (GROUP_COLOURS.confirmed, #008055). */
const CONFIRMED_COLOUR = "rgb(0, 128, 85)";
const colourOf = (event: Locator) => event.evaluate((el) => getComputedStyle(el).backgroundColor);

/** A literal for a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
