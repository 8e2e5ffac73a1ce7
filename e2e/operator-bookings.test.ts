import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BOOKING_STATUS_LABELS, taxCodeCheckChar } from "@cura/domain";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, settled, showAgendaMonth, signIn } from "./browser.ts";

/** Issue 5's journey 3: the company's bookings seen from the operator's side (patients, bulk tools, report). */
let browser: Browser;
let downloads: string;
beforeAll(async () => {
  browser = await launchBrowser();
  downloads = mkdtempSync(join(tmpdir(), "cura-e2e-report-"));
});
afterAll(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

/** A calendar day in Rome, YYYY-MM-DD, `offset` days from today. */
function romeDay(offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD as the report writes it (dd/mm/yyyy). */
const italianDate = (day: string) => day.split("-").reverse().join("/");

/**
 * A patient nobody else's journey touches, registered at the counter in this journey, so that the
 * bulk close acts on exactly the two bookings made here (Maria's belong to other journeys). The tax
 * code agrees with the names (the server checks it): Franco Ferri, born 15/03/1960 in Milano.
 */
const PATIENT = { name: "Franco", surname: "Ferri", cf: `FRRFNC60C15F205${taxCodeCheckChar("FRRFNC60C15F205")}` };
const PATIENT_NAME = `${PATIENT.surname} ${PATIENT.name}`;
/** One of Farmacia San Marco's active services (Maria's bookings of it belong to other journeys). */
const SERVICE = "Misurazione della pressione";
/** The two past visits: days ago in Rome, and the time of day. */
const VISITS = [
  { day: romeDay(-3), time: "09:30", note: "Pressione alta al mattino" },
  { day: romeDay(-2), time: "11:15", note: "Controllo dopo la terapia" },
];

/** The operator enters a visit that already happened, from the patient card. */
async function bookPastVisit(page: Page, visit: (typeof VISITS)[number]) {
  await page.getByRole("link", { name: "Inserisci prenotazione passata" }).click();
  await page.waitForURL("**/prenotazioni/nuovo/passata");
  const form = page.getByRole("form", { name: "Prenotazione per il paziente" });
  const service = form.getByLabel("Prestazione", { exact: true });
  await expect.poll(() => service.locator("option", { hasText: SERVICE }).count()).toBe(1);
  // The "passata" page starts with the switch on: a date and a time, no free slots.
  expect(await form.getByRole("switch", { name: "Prenotazione passata" }).isChecked()).toBe(true);
  await service.selectOption({ label: SERVICE });
  await form.getByLabel("Data della visita").fill(visit.day);
  await form.getByLabel("Orario", { exact: true }).fill(visit.time);
  await form.getByLabel(/^Note dell'operatore/).fill(visit.note);
  await expectAccessible(page);
  await form.getByRole("button", { name: "Registra prenotazione passata" }).click();
  await page.waitForURL("**/operatore/pazienti/scheda/**");
  await expect.poll(() => page.getByText("Prenotazione inserita").first().isVisible()).toBe(true);
}

describe("operator bookings journey", () => {
  it("3. an operator books a past visit for a patient, closes two bookings in bulk and downloads the report", async () => {
    const page = await newPage(browser);
    await signIn(page, "farmacia.admin@cura.demo");

    // A new patient at the counter, registered through the modal.
    await followMenu(page, "Pazienti");
    await page.waitForURL("**/operatore/pazienti");
    await expect.poll(() => page.getByTestId("patient-row").count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Registra paziente" }).click();
    const dialog = page.getByRole("dialog", { name: "Registra un nuovo paziente" });
    await dialog.getByLabel("Nome", { exact: true }).fill(PATIENT.name);
    await dialog.getByLabel("Cognome", { exact: true }).fill(PATIENT.surname);
    await dialog.getByLabel("Codice fiscale", { exact: true }).fill(PATIENT.cf);
    await dialog.getByLabel("Cellulare", { exact: true }).fill("3471234567");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Registra", exact: true }).click();
    await page.waitForURL("**/operatore/pazienti/scheda/**");
    const cardUrl = page.url();
    await expect.poll(() => page.getByText(PATIENT.cf).first().isVisible()).toBe(true);
    await expectAccessible(page);

    // Two visits that already happened, entered one after the other.
    for (const visit of VISITS) await bookPastVisit(page, visit);
    expect(page.url()).toBe(cardUrl);
    const history = page.getByTestId("patient-booking");
    await expect.poll(() => history.count()).toBe(2);
    for (const visit of VISITS) {
      await expect.poll(() => history.filter({ hasText: visit.note }).textContent()).toContain(SERVICE);
    }
    await expectAccessible(page);

    // Bulk tools: the days of the two visits, exactly the two bookings of the patient selected, closed.
    await followMenu(page, "Prenotazioni");
    await page.waitForURL("**/operatore/prenotazioni/**");
    await page
      .getByRole("navigation", { name: "Sezioni delle prenotazioni" })
      .getByRole("link", { name: "Strumenti" })
      .click();
    await page.waitForURL("**/operatore/prenotazioni/strumenti");
    await page.getByLabel("Dal giorno", { exact: true }).fill(VISITS[0]?.day ?? "");
    await page.getByLabel("Al giorno", { exact: true }).fill(VISITS[1]?.day ?? "");
    const patientBoxes = page.getByRole("checkbox", { name: new RegExp(`di ${PATIENT_NAME}$`) });
    await expect.poll(() => patientBoxes.count()).toBe(2);
    await expectAccessible(page);
    await patientBoxes.nth(0).check();
    await patientBoxes.nth(1).check();
    await expect.poll(() => page.getByTestId("selected-count").textContent()).toBe("2 selezionate");
    await page.getByRole("button", { name: "Chiudi le selezionate" }).click();
    const confirm = page.getByRole("dialog", { name: "Chiudere le prenotazioni?" });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Sì, chiudi" }).click();
    await expect
      .poll(() => page.getByTestId("bulk-outcome").textContent())
      .toContain("Operazione completata: 2 modificate, 0 saltate");
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expectAccessible(page);

    // The report of those days, downloaded as an Excel file.
    await page
      .getByRole("navigation", { name: "Sezioni delle prenotazioni" })
      .getByRole("link", { name: "Report" })
      .click();
    await page.waitForURL("**/operatore/prenotazioni/report");
    // Within the report's own section: the tools' section has fields of the same names, and on a
    // loaded phone it could still be on screen for the first fill (the dates then went to it).
    const report = page.getByRole("region", { name: "Report" });
    await report.getByLabel("Dal giorno", { exact: true }).fill(VISITS[0]?.day ?? "");
    await report.getByLabel("Al giorno", { exact: true }).fill(VISITS[1]?.day ?? "");
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      report.getByRole("button", { name: "Scarica il report XLS" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    await expect.poll(() => page.getByText("Report scaricato.").isVisible()).toBe(true);
    await expectAccessible(page);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet("Prenotazioni");
    if (!sheet) throw new Error("the report has no Prenotazioni sheet");
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const column = (header: string) => headers.indexOf(header);
    const rows: string[][] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v))));
    });
    const patientRows = rows.filter((r) => r[column("Cittadino")] === PATIENT_NAME);
    expect(
      patientRows.map((r) => ({
        status: r[column("Stato")],
        service: r[column("Prestazione")],
        date: r[column("Data")],
        time: r[column("Ora inizio")],
        notes: r[column("Note dell'operatore")],
      })),
    ).toEqual(
      VISITS.map((v) => ({
        status: BOOKING_STATUS_LABELS.evaso,
        service: SERVICE,
        date: italianDate(v.day),
        time: v.time,
        notes: v.note,
      })),
    );

    // Back at the patient's card, found by name: both visits are closed, each opens its booking.
    await followMenu(page, "Pazienti");
    await page.waitForURL("**/operatore/pazienti");
    await page.getByLabel("Cerca paziente").fill(PATIENT.surname);
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await page.getByRole("link", { name: PATIENT_NAME, exact: true }).click();
    await page.waitForURL(cardUrl);
    await expect.poll(() => history.getByTestId("booking-status").allTextContents()).toEqual(["Evaso", "Evaso"]);
    await expectAccessible(page);
    const latest = history.filter({ hasText: VISITS[1]?.note ?? "" });
    await latest.getByRole("link", { name: new RegExp(`^Dettaglio ${SERVICE}`) }).click();
    await page.waitForURL("**/operatore/prenotazioni/dettaglio/**");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(SERVICE);
    expect(await page.getByTestId("booking-status").first().textContent()).toBe("Evaso");
    await expectAccessible(page);
    await page.close();
  });

  it("4. an operator closes a past booking, after which nothing is offered; a later one cannot be closed yet", async () => {
    const page = await newPage(browser);
    await signIn(page, "farmacia.admin@cura.demo");
    const ECG = "Elettrocardiogramma (ECG)";
    /** The worklist filtered to San Marco's confirmed ECGs on the given days, and its detail links. */
    const confirmedEcgs = async (days: { from?: string; to?: string }) => {
      await followMenu(page, "Prenotazioni");
      await page.waitForURL("**/operatore/prenotazioni/**");
      const service = page.getByLabel("Prestazione", { exact: true });
      await expect.poll(() => service.locator("option", { hasText: ECG }).count()).toBe(1);
      await page.getByLabel("Stato", { exact: true }).selectOption({ label: "Confermato" });
      await service.selectOption({ label: ECG });
      if (days.from) await page.getByLabel("Dal giorno", { exact: true }).fill(days.from);
      if (days.to) await page.getByLabel("Al giorno", { exact: true }).fill(days.to);
      // The list answers the filters after they are set: wait for it, not for the previous list.
      await settled(page);
      return page.getByRole("link", { name: /^Dettaglio/ });
    };
    const actions = page.getByTestId("booking-actions");
    const status = page.getByTestId("booking-status").first();

    // The demo's past open booking: Giuseppe's ECG, confirmed days ago and never closed.
    const past = await confirmedEcgs({ to: romeDay(-1) });
    await expect.poll(() => past.count()).toBe(1);
    await expectAccessible(page);
    await past.click();
    await page.waitForURL("**/operatore/prenotazioni/dettaglio/**");
    await expect.poll(() => status.textContent()).toBe("Confermato");
    await expect.poll(() => actions.getByRole("button").allTextContents()).toContain("Segna come evasa");
    expect(await actions.getByRole("button").allTextContents()).toContain("Prendi in carico");
    await actions.getByRole("button", { name: "Segna come evasa" }).click();
    const confirm = page.getByRole("dialog", { name: "Segnare la prenotazione come evasa?" });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Sì", exact: true }).click();
    await expect.poll(() => status.textContent()).toBe("Evaso");
    // Closed: neither closing again nor taking charge is offered any more.
    await expect.poll(() => actions.getByRole("button").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Prendi in carico" }).count()).toBe(0);
    expect(await page.getByText("Nessuna azione disponibile: la prenotazione è conclusa.").isVisible()).toBe(true);
    await expectAccessible(page);

    // A confirmed ECG from tomorrow on: its time has not come, so it cannot be closed yet.
    const later = await confirmedEcgs({ from: romeDay(1) });
    await expect.poll(() => later.count()).toBeGreaterThan(0);
    await later.first().click();
    await page.waitForURL("**/operatore/prenotazioni/dettaglio/**");
    await expect.poll(() => status.textContent()).toBe("Confermato");
    await expect.poll(() => actions.getByRole("button", { name: "Prendi in carico" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Segna come evasa" }).count()).toBe(0);
    expect(await page.getByText("Potrai segnarla come evasa dall'orario dell'appuntamento.").isVisible()).toBe(true);
    await expectAccessible(page);

    // The agenda: Bootstrap Italia's blue buttons (not FullCalendar's grey), whole titles as tooltips.
    await followMenu(page, "Agenda");
    await page.waitForURL("**/operatore/agenda");
    const calendar = page.getByTestId("agenda-calendar");
    await showAgendaMonth(page);
    const style = (name: string | RegExp) =>
      calendar.getByRole("button", { name }).evaluate((el) => {
        const css = getComputedStyle(el);
        return { background: css.backgroundColor, colour: css.color };
      });
    await expect.poll(() => calendar.locator(".fc-event").count()).toBeGreaterThan(0);
    expect(await style("Mese successivo")).toEqual({ background: "rgb(0, 102, 204)", colour: "rgb(255, 255, 255)" });
    // The view switch: the chosen view filled, the others outlined.
    expect(await style(/^Mese$/)).toEqual({ background: "rgb(0, 82, 163)", colour: "rgb(255, 255, 255)" });
    expect(await style(/^Anno$/)).toEqual({ background: "rgb(255, 255, 255)", colour: "rgb(0, 102, 204)" });
    const titles = await calendar.locator(".fc-event").evaluateAll((els) => els.map((el) => el.getAttribute("title")));
    expect(titles.every((title) => Boolean(title?.includes(" · ")))).toBe(true);
    await expectAccessible(page);
    await page.close();
  });
});
