import ExcelJS from "exceljs";
import type { Browser, Download, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, followMenu, launchBrowser, newPage, settled, signIn } from "./browser.ts";

/**
 * Issue 13's journey 1: an operator builds a survey with a show-if, a 12-option question (a select)
 * and a 3-option one (buttons); a citizen fills it (next disabled on a required question, skip on an
 * optional one, the conditional one appears); the operator downloads the fill's PDF and the XLS.
 * The survey is this journey's own (a name no other journey uses), in the pharmacy's demo activity.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const OPERATOR = "farmacia.admin@cura.demo";
const CITIZEN = "maria.rossi@cura.demo";
const ACTIVITY = "Screening cardiovascolare 2026";
const SURVEY = `Triage influenzale ${Date.now().toString(36)}`;
const INFO = "Acconsento al trattamento dei miei dati per il triage influenzale.";
const FEVER = "Hai avuto febbre negli ultimi giorni?";
const FEVER_OPTIONS = ["Sì", "No", "Non so"];
const NOTES = "Vuoi aggiungere una nota per il farmacista?";
const MONTH = "In quale mese è iniziata la febbre?";
const MONTHS = [
  "Gennaio",
  "Febbraio",
  "Marzo",
  "Aprile",
  "Maggio",
  "Giugno",
  "Luglio",
  "Agosto",
  "Settembre",
  "Ottobre",
  "Novembre",
  "Dicembre",
];

/** The builder's editor of question `n` (1-based). */
const questionEditor = (page: Page, n: number): Locator => page.getByTestId("survey-question-editor").nth(n - 1);

async function fillOptions(editor: Locator, options: readonly string[]) {
  // A new question starts with two empty options.
  for (const [i, option] of options.entries()) {
    if (i >= 2) await editor.getByRole("button", { name: "Aggiungi un'opzione" }).click();
    await editor.getByLabel(`Opzione ${i + 1}`, { exact: true }).fill(option);
  }
}

/** Ticks a checkbox as a user does, on its label (the design kit draws the box on the label, over the input). */
async function tick(scope: Locator | Page, label: string) {
  await scope.locator("label", { hasText: label }).click();
  expect(await scope.getByLabel(label, { exact: true }).isChecked()).toBe(true);
}

/** The bytes of a download. */
async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("surveys journeys", () => {
  it("1. an operator builds a survey with a show-if, a select and buttons; a citizen fills it; the operator downloads PDF and XLS", async () => {
    // The operator: Screening, Questionari, a new survey.
    const operator = await newPage(browser);
    await signIn(operator, OPERATOR);
    await followMenu(operator, "Screening");
    await operator.waitForURL("**/operatore/attivita");
    await settled(operator);
    await operator
      .getByRole("navigation", { name: "Sezioni dello screening" })
      .getByRole("link", { name: "Questionari" })
      .click();
    await operator.waitForURL("**/operatore/attivita/questionari");
    await expect.poll(() => operator.getByTestId("surveys-table").isVisible()).toBe(true);
    await expectAccessible(operator);
    await operator.getByRole("link", { name: "Nuovo questionario" }).click();
    await operator.waitForURL("**/questionari/nuovo");
    await settled(operator);
    await expectAccessible(operator);

    await operator.getByLabel("Raccolta", { exact: true }).selectOption({ label: ACTIVITY });
    await operator.getByLabel("Nome del questionario").fill(SURVEY);
    await operator.getByLabel("Informativa (facoltativa)").fill(INFO);

    // 1: three options, required (buttons for the citizen).
    const first = questionEditor(operator, 1);
    await first.getByLabel("Testo della domanda").fill(FEVER);
    await tick(first, "Risposta obbligatoria");
    await fillOptions(first, FEVER_OPTIONS);

    // 2: free text, optional (the citizen skips it).
    await operator.getByRole("button", { name: "Aggiungi una domanda" }).click();
    const second = questionEditor(operator, 2);
    await second.getByLabel("Testo della domanda").fill(NOTES);
    await second.getByLabel("Tipo di risposta").selectOption("text");

    // 3: twelve options, required, shown only to whom had a fever (a select for the citizen).
    await operator.getByRole("button", { name: "Aggiungi una domanda" }).click();
    const third = questionEditor(operator, 3);
    await third.getByLabel("Testo della domanda").fill(MONTH);
    await tick(third, "Risposta obbligatoria");
    await fillOptions(third, MONTHS);
    const showIf = third.getByLabel("Mostra solo se: domanda");
    // Only the earlier question with options can be a condition.
    expect(await showIf.getByRole("option").allTextContents()).toEqual(["Nessuna condizione", `Domanda 1: ${FEVER}`]);
    await showIf.selectOption({ label: `Domanda 1: ${FEVER}` });
    await third.getByLabel("Mostra solo se: risposta").selectOption("Sì");
    // The live preview plays it as the citizen will see it: the consent first.
    await expect.poll(() => operator.getByTestId("survey-preview").getByTestId("survey-info").textContent()).toBe(INFO);
    await expectAccessible(operator);

    await operator.getByRole("button", { name: "Salva il questionario" }).click();
    await operator.waitForURL("**/operatore/attivita/questionari");
    const edit = operator.getByRole("link", { name: `Modifica ${SURVEY}`, exact: true });
    await expect.poll(() => edit.isVisible()).toBe(true);
    const row = operator.getByRole("row").filter({ has: edit });
    expect(await row.getByRole("cell").nth(1).textContent()).toBe(ACTIVITY);
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("3");
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("Attivo");
    await expectAccessible(operator);
    const hashid = /\/modifica\/([^/?#]+)$/.exec((await edit.getAttribute("href")) ?? "")?.[1];
    expect(hashid).toBeTruthy();

    // The citizen opens the survey's link: the consent first.
    const citizen = await newPage(browser);
    await signIn(citizen, CITIZEN);
    await citizen.goto(`/cittadino/questionario/compila/${hashid}`);
    await expect.poll(() => citizen.getByRole("heading", { level: 1 }).textContent()).toBe(SURVEY);
    await expect.poll(() => citizen.getByTestId("survey-info").textContent()).toBe(INFO);
    const start = citizen.getByRole("button", { name: "Inizia il questionario" });
    expect(await start.isDisabled()).toBe(true);
    await expectAccessible(citizen);
    await tick(citizen, "Ho letto l'informativa e acconsento alla compilazione del questionario");
    await start.click();

    // 1, required: Next disabled until answered, no Skip; three options are buttons (radios).
    const player = citizen.getByTestId("survey-player");
    const question = player.getByTestId("survey-question");
    const progress = player.getByRole("progressbar");
    const next = player.getByRole("button", { name: "Avanti" });
    const skip = player.getByRole("button", { name: "Salta" });
    await expect.poll(() => question.textContent()).toContain(FEVER);
    expect(await next.isDisabled()).toBe(true);
    expect(await skip.count()).toBe(0);
    const buttons = player.getByTestId("survey-option-buttons");
    expect(await buttons.getByRole("radio").count()).toBe(3);
    expect(await player.getByRole("combobox").count()).toBe(0);
    // Without a fever the month is not asked: two questions.
    expect(await progress.getAttribute("aria-valuetext")).toBe("Domanda 1 di 2");
    await expectAccessible(citizen);
    // The radio is drawn as a button: its label is what one clicks.
    await buttons.getByText("Sì", { exact: true }).click();
    expect(await buttons.getByRole("radio", { name: "Sì" }).isChecked()).toBe(true);
    // With one, the conditional question joins the survey.
    await expect.poll(() => progress.getAttribute("aria-valuetext")).toBe("Domanda 1 di 3");
    expect(await next.isDisabled()).toBe(false);
    await next.click();

    // 2, optional: Skip.
    await expect.poll(() => question.textContent()).toContain(NOTES);
    expect(await skip.isEnabled()).toBe(true);
    await expectAccessible(citizen);
    await skip.click();

    // 3, the conditional one, required, twelve options in a select; the last sends the fill.
    await expect.poll(() => question.textContent()).toContain(MONTH);
    expect(await progress.getAttribute("aria-valuetext")).toBe("Domanda 3 di 3");
    const send = player.getByRole("button", { name: "Invia il questionario" });
    expect(await send.isDisabled()).toBe(true);
    expect(await player.getByRole("radio").count()).toBe(0);
    const month = player.getByLabel("Scegli una risposta");
    expect(await month.getByRole("option").count()).toBe(13); // the placeholder and the twelve months
    await expectAccessible(citizen);
    await month.selectOption("Marzo");
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    const done = citizen.getByTestId("survey-done");
    await expect.poll(() => done.getByRole("heading", { name: "Questionario inviato" }).isVisible()).toBe(true);
    await expectAccessible(citizen);
    await citizen.context().close();

    // The operator: the survey's fills, one; its PDF and all of them as XLS.
    await operator.getByRole("link", { name: `Compilazioni di ${SURVEY}`, exact: true }).click();
    await operator.waitForURL(`**/questionari/compilazioni/${hashid}`);
    await expect
      .poll(() => operator.getByRole("heading", { level: 2 }).first().textContent())
      .toBe(`Compilazioni: ${SURVEY}`);
    const fills = operator.getByTestId("fills-table");
    await expect.poll(() => fills.getByRole("row").count()).toBe(2); // the header and Maria's fill
    const code = (await fills.getByRole("row").nth(1).getByRole("cell").nth(1).textContent())?.trim();
    await expectAccessible(operator);

    // The first PDF of the server loads pdfmake and its fonts: seconds on a busy machine.
    const [pdf] = await Promise.all([
      operator.waitForEvent("download", { timeout: 60_000 }),
      fills.getByRole("button", { name: /^Scarica PDF della compilazione del / }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^compilazione-[^/]+\.pdf$/);
    expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe("%PDF-");

    const [xls] = await Promise.all([
      operator.waitForEvent("download", { timeout: 60_000 }),
      operator.getByRole("button", { name: "Scarica tutte le compilazioni (XLS)" }).click(),
    ]);
    expect(xls.suggestedFilename()).toBe(`compilazioni-${hashid}.xlsx`);
    const workbook = await bytesOf(xls);
    expect(workbook.length).toBeGreaterThan(100);
    expect(workbook.subarray(0, 2).toString()).toBe("PK");
    // A row per fill, a column per question: the skipped note is empty, the conditional month answered.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(workbook as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Compilazioni");
    if (!sheet) throw new Error("the export has no Compilazioni sheet");
    const cells = (n: number) =>
      // row.values is sparse (an empty cell is a hole) and starts at 1.
      Array.from((sheet.getRow(n).values as unknown[]).slice(1), (v) => (v == null ? "" : String(v)));
    expect(sheet.rowCount).toBe(2);
    const headers = cells(1);
    expect(headers).toEqual(["Compilazione", "Utente", "Data", "Punteggio", FEVER, NOTES, MONTH]);
    const answers = cells(2);
    expect(answers[0]).toBe(code);
    expect(answers.slice(4)).toEqual(["Sì", "", "Marzo"]);
    await operator.context().close();
  }, 180_000);
});
