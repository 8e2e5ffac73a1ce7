import ExcelJS from "exceljs";
import type { Browser, Download, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_PASSWORD,
  expectAccessible,
  followMenu,
  launchBrowser,
  newPage,
  settled,
  signIn,
} from "./browser.ts";

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
  it("1 (and 4's second half). an operator builds a survey with a show-if, a select and buttons; a citizen fills it, resuming on another device; the operator downloads PDF and XLS", async () => {
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
    let citizen = await newPage(browser);
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
    let player = citizen.getByTestId("survey-player");
    let question = player.getByTestId("survey-question");
    let progress = player.getByRole("progressbar");
    let next = player.getByRole("button", { name: "Avanti" });
    let skip = player.getByRole("button", { name: "Salta" });
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
    // Next saves the draft on the server (save and resume).
    const draftSaved = citizen.waitForResponse(
      (r) => r.url().includes("/api/v1/activities/surveys/draft/") && r.request().method() === "PUT",
    );
    await next.click();
    expect((await draftSaved).status()).toBe(200);
    await expect.poll(() => question.textContent()).toContain(NOTES);

    // Journey 4's second half: the half-filled questionnaire resumes later, on another device (a new
    // sign-in), at the question after the last answered one, without asking the consent again.
    await citizen.context().close();
    citizen = await newPage(browser);
    await signIn(citizen, CITIZEN);
    await citizen.goto(`/cittadino/questionario/compila/${hashid}`);
    player = citizen.getByTestId("survey-player");
    question = player.getByTestId("survey-question");
    progress = player.getByRole("progressbar");
    next = player.getByRole("button", { name: "Avanti" });
    skip = player.getByRole("button", { name: "Salta" });
    await expect.poll(() => question.textContent()).toContain(NOTES);
    expect(await citizen.getByTestId("survey-resumed").isVisible()).toBe(true);
    expect(await citizen.getByRole("button", { name: "Inizia il questionario" }).count()).toBe(0);
    expect(await progress.getAttribute("aria-valuetext")).toBe("Domanda 2 di 3");

    // 2, optional: Skip.
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
    // The filler by name, then the fill's code.
    expect((await fills.getByRole("row").nth(1).getByRole("cell").nth(1).textContent())?.trim()).toBe("Rossi Maria");
    const code = (await fills.getByRole("row").nth(1).getByRole("cell").nth(2).textContent())?.trim();
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
    expect(headers).toEqual(["Compilazione", "Compilato per", "Data", "Punteggio", FEVER, NOTES, MONTH]);
    const answers = cells(2);
    expect(answers[0]).toBe(code);
    expect(answers[1]).toBe("Rossi Maria");
    expect(answers.slice(4)).toEqual(["Sì", "", "Marzo"]);
    await operator.context().close();
  }, 180_000);

  it("2. a quick teleconsult to a service with a mandatory survey: the modal, consent, fill, close; reopening says it is already filled", async () => {
    // The set-up through the API: a survey of the demo activity, a quick-teleconsult service of the
    // pharmacy asking for it as mandatory, and the pharmacy's quick service on.
    const setup = await newPage(browser);
    const tokenOf = async (email: string) => {
      const login = await setup.request.post(`${baseUrl()}/api/v1/users/login`, {
        data: { email, password: DEMO_PASSWORD },
      });
      return { authorization: `Bearer ${(await login.json()).data.token as string}` };
    };
    const operatorAuth = await tokenOf(OPERATOR);
    const citizenAuth = await tokenOf(CITIZEN);
    const api = async (
      method: "GET" | "POST" | "PATCH",
      path: string,
      headers: Record<string, string>,
      data?: unknown,
    ) => {
      const response = await setup.request.fetch(`${baseUrl()}/api/v1/${path}`, { method, headers, data });
      expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()).data;
    };
    const activities = await api("GET", `activities?q=${encodeURIComponent(ACTIVITY)}`, operatorAuth);
    const name = `Triage rapido ${Date.now().toString(36)}`;
    const survey = await api("POST", "activities/surveys/new", operatorAuth, {
      activity: activities[0].hashid,
      name,
      template: {
        nome: name,
        info: INFO,
        domande: [
          { q: FEVER, o: FEVER_OPTIONS, r: true },
          { q: NOTES, o: [] },
        ],
      },
    });
    const service = await api("POST", "healthservices", operatorAuth, {
      name: `Teleconsulto rapido con triage ${Date.now().toString(36)}`,
      slot_minutes: 30,
      position_ref: 10,
    });
    await api("POST", `healthservices/survey/attach/${service.hashid}`, operatorAuth, {
      survey: survey.hashid,
      mandatory: true,
    });
    await api("PATCH", "services/10/operator/status", operatorAuth, { status: true });

    const citizen = await newPage(browser);
    try {
      await signIn(citizen, CITIZEN);
      await citizen.goto("/cittadino/teleconsulti/nuovo/tcemergenza");
      const form = citizen.getByRole("form");
      await expect.poll(() => form.isVisible()).toBe(true);
      await citizen.getByLabel("Motivo della richiesta").fill("Febbre alta da ieri sera");
      await citizen.getByRole("button", { name: "Invia la richiesta" }).click();

      // The modal opens by itself: the consent first.
      const dialog = citizen.getByRole("dialog");
      await expect.poll(() => dialog.getByRole("heading", { name }).isVisible()).toBe(true);
      await expect.poll(() => dialog.getByTestId("survey-info").textContent()).toBe(INFO);
      await expectAccessible(citizen);
      await tick(dialog, "Ho letto l'informativa e acconsento alla compilazione del questionario");
      await dialog.getByRole("button", { name: "Inizia il questionario" }).click();
      const question = dialog.getByTestId("survey-question");
      await expect.poll(() => question.textContent()).toContain(FEVER);
      await dialog.getByTestId("survey-option-buttons").getByText("Sì", { exact: true }).click();
      await dialog.getByRole("button", { name: "Avanti" }).click();
      await expect.poll(() => question.textContent()).toContain(NOTES);
      await dialog.getByLabel("La tua risposta").fill("Ho preso un antipiretico");
      await expectAccessible(citizen);
      await dialog.getByRole("button", { name: "Invia il questionario" }).click();

      // Saved: the modal closes, the flag clears.
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => citizen.getByText("Questionario salvato: la richiesta prosegue.").isVisible()).toBe(true);
      const pending = await api("GET", "reservations/emergenza/pending", citizenAuth);
      expect(pending.reservation.suspended_survey).toBeNull();

      // Reopened, it says it is already filled, with the agenda's link.
      await citizen.getByRole("button", { name: "Apri il questionario" }).click();
      await expect.poll(() => dialog.getByText(/Hai già compilato questo questionario/).isVisible()).toBe(true);
      expect(await dialog.getByRole("link", { name: "Vai all'agenda" }).getAttribute("href")).toBe("/cittadino/agenda");
      await expectAccessible(citizen);
    } finally {
      // Leave the world as the other journeys expect it: the request withdrawn, the service off,
      // the survey detached (no other quick request is suspended by it).
      // The operator refuses it: a quick request starts when it is made, and a citizen cannot cancel
      // a booking whose start has passed.
      const left = await api("GET", "reservations/emergenza/pending", citizenAuth);
      if (left.reservation)
        await api("POST", `reservations/company/reject/${left.reservation.hashid}`, operatorAuth, { reason: 1 });
      await api("POST", `healthservices/survey/attach/${service.hashid}`, operatorAuth, { survey: null });
      await api("PATCH", "services/10/operator/status", operatorAuth, { status: false });
      // The request popped up for the pharmacy's operators, the refusal for Maria: seen, or they would
      // open over the next journey that signs either in (teleconsult.test.ts, on the same server).
      for (const auth of [operatorAuth, citizenAuth]) {
        const popups = (await api("GET", "popupnotifications?unseen=true", auth)) as Array<{ hashid: string }>;
        for (const popup of popups) await api("PATCH", `popupnotifications/${popup.hashid}/seen`, auth);
      }
      await citizen.context().close();
      await setup.context().close();
    }
  }, 180_000);

  it("the score questionnaire: a PHQ-9-like survey, half filled, resumes after a reload and ends with the score and its band", async () => {
    // The set-up through the API: a short scored survey of the pharmacy's PHQ-9 activity, this journey's own.
    const setup = await newPage(browser);
    const asManager = await apiAs(setup, OPERATOR);
    const [activity] = await asManager("GET", `activities?q=${encodeURIComponent("Benessere psicologico (PHQ-9)")}`);
    const name = `Umore in breve ${Date.now().toString(36)}`;
    const survey = await asManager("POST", "activities/surveys/new", {
      activity: activity.hashid,
      name,
      template: {
        nome: name,
        info: PHQ_INFO,
        domande: PHQ_QUESTIONS.map((q) => ({ q, o: PHQ_OPTIONS, r: true })),
        scoring: {
          method: "sum",
          points: Object.fromEntries(
            PHQ_QUESTIONS.map((_, i) => [String(i), Object.fromEntries(PHQ_OPTIONS.map((o, points) => [o, points]))]),
          ),
          bands: [
            { min: 0, max: 3, label: "Minima" },
            { min: 4, max: 7, label: "Lieve" },
            { min: 8, max: 12, label: "Moderata" },
          ],
        },
      },
    });
    await setup.context().close();

    const citizen = await newPage(browser);
    await signIn(citizen, "giuseppe.bianchi@cura.demo");
    await citizen.goto(`/cittadino/questionario/score/compila/${survey.hashid}`);
    await expect.poll(() => citizen.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    expect(await citizen.getByText("Al termine vedrai il tuo punteggio e la fascia in cui rientra.").isVisible()).toBe(
      true,
    );
    await expect.poll(() => citizen.getByTestId("survey-info").textContent()).toBe(PHQ_INFO);
    await expectAccessible(citizen);
    await tick(citizen, "Ho letto l'informativa e acconsento alla compilazione del questionario");
    await citizen.getByRole("button", { name: "Inizia il questionario" }).click();

    // Two answers, each saved as a draft by Next.
    const player = citizen.getByTestId("survey-player");
    const progress = player.getByRole("progressbar");
    for (const [i, option] of ["Quasi ogni giorno", "Più della metà dei giorni"].entries()) {
      await expect.poll(() => progress.getAttribute("aria-valuetext")).toBe(`Domanda ${i + 1} di 4`);
      expect(await player.getByTestId("survey-question").textContent()).toContain(PHQ_QUESTIONS[i]);
      await player.getByTestId("survey-option-buttons").getByText(option, { exact: true }).click();
      if (i === 0) await expectAccessible(citizen);
      const saved = citizen.waitForResponse(
        (r) => r.url().includes("/api/v1/activities/surveys/draft/") && r.request().method() === "PUT",
      );
      await player.getByRole("button", { name: "Avanti" }).click();
      expect((await saved).status()).toBe(200);
    }

    // Reloaded, it resumes at the third question, without the consent.
    await citizen.reload();
    await expect.poll(() => progress.getAttribute("aria-valuetext")).toBe("Domanda 3 di 4");
    expect(await citizen.getByTestId("survey-resumed").isVisible()).toBe(true);
    expect(await player.getByTestId("survey-question").textContent()).toContain(PHQ_QUESTIONS[2]);
    // The answers before are kept: Back shows the second one chosen.
    await player.getByRole("button", { name: "Indietro" }).click();
    await expect.poll(() => progress.getAttribute("aria-valuetext")).toBe("Domanda 2 di 4");
    expect(await player.getByRole("radio", { name: "Più della metà dei giorni" }).isChecked()).toBe(true);
    await player.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => progress.getAttribute("aria-valuetext")).toBe("Domanda 3 di 4");
    await player.getByTestId("survey-option-buttons").getByText("Alcuni giorni", { exact: true }).click();
    await player.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => progress.getAttribute("aria-valuetext")).toBe("Domanda 4 di 4");
    await player.getByTestId("survey-option-buttons").getByText("Mai", { exact: true }).click();
    await player.getByRole("button", { name: "Invia il questionario" }).click();

    // 3 + 2 + 1 + 0 = 6: "Lieve", marked among the bands.
    const score = citizen.getByTestId("survey-score");
    await expect.poll(() => score.isVisible()).toBe(true);
    expect(await score.locator("p").first().textContent()).toBe("Il tuo punteggio: 6 — Lieve");
    expect(await score.getByText("Il punteggio è la somma dei punti delle tue risposte.").isVisible()).toBe(true);
    const bands = score.getByRole("table", { name: "Fasce di punteggio" }).getByRole("row");
    expect(await bands.count()).toBe(4);
    expect(await bands.filter({ hasText: "La tua fascia" }).getByRole("cell").first().textContent()).toBe("da 4 a 7");
    await expectAccessible(citizen);
    await citizen.context().close();
  }, 120_000);

  it("the citizen's IRST reconciliation: a drug from the catalogue and another product added, one deleted, 'nessuna variazione' recorded", async () => {
    const product = `Vitamina D3 ${Date.now().toString(36)}`;
    const page = await newPage(browser);
    await signIn(page, "giulia.esposito@cura.demo");
    await followMenu(page, "Ricognizione terapie");
    await page.waitForURL("**/cittadino/irst");
    await expect.poll(() => page.getByTestId("irst-status").isVisible()).toBe(true);
    await expectAccessible(page);
    const drugs = page.getByRole("region", { name: "Farmaci", exact: true });
    const others = page.getByRole("region", { name: "Altri prodotti" });

    // A drug of the catalogue, found by name.
    await page.getByRole("button", { name: "Aggiungi farmaco" }).click();
    let dialog = page.getByRole("dialog", { name: "Aggiungi farmaco" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Cerca il farmaco").fill("Tachipirina");
    const found = dialog.getByRole("list", { name: "Farmaci trovati" }).getByRole("button");
    await expect.poll(() => found.count()).toBeGreaterThan(0);
    const drug = ((await found.first().textContent()) ?? "").trim();
    await found.first().click();
    await expect.poll(() => dialog.getByText(/^Scelto: Tachipirina/).isVisible()).toBe(true);
    await dialog.getByLabel("Dose (facoltativo)").fill("1 compressa da 500 mg");
    await dialog.getByLabel("Frequenza").selectOption({ label: "Al bisogno" });
    await dialog.getByLabel("Via di somministrazione").selectOption({ label: "Orale" });
    await dialog.getByLabel("Prescritto da").selectOption({ label: "Medico di medicina generale" });
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Aggiungi", exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const drugRow = drugs.getByRole("row").filter({ hasText: drug.split(" ")[0] as string });
    await expect.poll(() => drugRow.count()).toBeGreaterThan(0);
    expect(await drugRow.first().textContent()).toContain("Al bisogno");

    // Another product: an 'altro' item.
    await page.getByRole("button", { name: "Aggiungi altro prodotto" }).click();
    dialog = page.getByRole("dialog", { name: "Aggiungi altro prodotto" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Tipo di prodotto").selectOption({ label: "Vitamine o sali minerali" });
    await dialog.getByLabel("Nome del prodotto").fill(product);
    await dialog.getByLabel("Frequenza").selectOption({ label: "Una volta alla settimana" });
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Aggiungi", exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const productRow = others.getByRole("row").filter({ hasText: product });
    await expect.poll(() => productRow.count()).toBe(1);
    expect(await productRow.textContent()).toContain("Vitamine o sali minerali");
    await expectAccessible(page);

    // Deleted after a confirmation.
    await others.getByRole("button", { name: `Elimina ${product}` }).click();
    dialog = page.getByRole("dialog", { name: "Elimina voce" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Elimina", exact: true }).click();
    await expect.poll(() => productRow.count()).toBe(0);
    expect(await drugRow.count()).toBeGreaterThan(0);

    // Nothing else changed: 'nessuna variazione', recorded as the last compilation.
    await page.getByTestId("irst-status").getByRole("button", { name: "Nessuna variazione" }).click();
    dialog = page.getByRole("dialog", { name: "Nessuna variazione" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Confermo" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("irst-status").locator("p").textContent())
      .toMatch(/^Ultima compilazione: .+ \(nessuna variazione\)\.$/);
    await expectAccessible(page);
    await page.context().close();
  }, 120_000);
});

const PHQ_INFO = "Nelle ultime 2 settimane, con quale frequenza ti ha dato fastidio ciascuno di questi problemi?";
const PHQ_OPTIONS = ["Mai", "Alcuni giorni", "Più della metà dei giorni", "Quasi ogni giorno"];
const PHQ_QUESTIONS = [
  "Scarso interesse o piacere nel fare le cose",
  "Sentirsi giù, depresso/a o disperato/a",
  "Sentirsi stanco/a o avere poca energia",
  "Difficoltà a concentrarsi",
];

/** A signed-in API client, for the set-up that is not the journey's point. */
async function apiAs(page: Page, email: string) {
  const login = await page.request.post(`${baseUrl()}/api/v1/users/login`, {
    data: { email, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token as string}` };
  return async (method: "GET" | "POST", path: string, data?: unknown) => {
    const response = await page.request.fetch(`${baseUrl()}/api/v1/${path}`, { method, headers, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()).data;
  };
}
