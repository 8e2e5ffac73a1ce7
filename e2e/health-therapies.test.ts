import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, followMenu, launchBrowser, newPage, settled, signIn } from "./browser.ts";

/**
 * Issue 11's journey 2 (an "ogni 8 ore" therapy refuses two moments, saves with one, is suspended and
 * resumed; intakes marked; the weekly recap downloads) and the private-pathology part of journey 3
 * (the citizen's private pathology is invisible to the operator). The demo world links Maria Rossi
 * to Farmacia San Marco, whose operator Marco Galli opens her card.
 */

const CITIZEN = "maria.rossi@cura.demo";
const OPERATOR = "farmacia.operatore@cura.demo";
const DRUG = "Amoxicillina 1 g";
const PRIVATE_PATHOLOGY = "Patologia riservata del percorso";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A day in Rome, `days` from today, as an input of type date wants it. */
function romeDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function openSection(page: Page, name: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Sezioni del profilo sanitario" })
    .getByRole("link", { name, exact: true })
    .click();
  await settled(page);
}

async function mariaHash(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const response = await page.request.get(`${baseUrl()}/api/v1/companies/own/patients?q=rossi`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (await response.json()).data as Array<{ hashid: string; surname: string; name: string }>;
  const maria = list.find((p) => p.surname === "Rossi" && p.name === "Maria");
  if (!maria) throw new Error("Maria is not a patient of the demo pharmacy");
  return maria.hashid;
}

describe("health therapies journey", () => {
  it("2. an 'ogni 8 ore' therapy refuses two moments, saves with one, is suspended and resumed; intakes marked; the weekly recap downloads", async () => {
    const page = await newPage(browser);
    await signIn(page, CITIZEN);
    await followMenu(page, "Profilo sanitario");
    await settled(page);
    await openSection(page, "Terapie");
    // The demo world's therapies, with their adherence badges.
    await expect.poll(() => page.getByText("Ramipril 5 mg").count()).toBeGreaterThan(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Nuova terapia" }).click();
    await settled(page);
    // Bootstrap Italia draws the radio and the checkboxes under their labels: the label is what a user clicks.
    await page.getByText("Non in elenco (scritto a mano)", { exact: true }).click();
    await page.getByLabel("Nome del farmaco").fill(DRUG);
    await page.getByLabel("Dosaggio").fill("1");
    await page.getByLabel("Unità").selectOption("compressa");
    await page.getByLabel("Via di somministrazione").selectOption("orale");
    await page.getByLabel("Frequenza", { exact: true }).selectOption("ogni_n_ore");
    await page.getByLabel("Ogni (N)").fill("8");
    await page.getByText("Mattina", { exact: true }).click();
    await page.getByText("Sera", { exact: true }).click();
    // Started yesterday, so some of its intakes are already due.
    await page.getByLabel("Data di inizio").fill(romeDay(-1));
    await page.getByLabel("Data di fine").fill(romeDay(6));
    await page.getByLabel("Prescrittore").fill("Dott.ssa Anna Neri");
    await page.getByLabel("Fonte dell'informazione").selectOption("medico_di_base");
    await page.getByRole("button", { name: "Salva" }).click();
    await expect
      .poll(() => page.getByText("Con questa frequenza è possibile indicare un solo momento di assunzione").count())
      .toBeGreaterThan(0);
    await expectAccessible(page);

    await page.getByText("Sera", { exact: true }).click();
    expect(await page.getByLabel("Sera", { exact: true }).isChecked()).toBe(false);
    await page.getByRole("button", { name: "Salva" }).click();
    await expect.poll(() => page.getByRole("heading", { name: DRUG }).count()).toBe(1);
    await settled(page);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: DRUG }) });
    expect(await card.textContent()).toContain("Attiva");
    await expectAccessible(page);

    // Suspend, after the confirmation.
    await card.getByRole("button", { name: `Sospendi ${DRUG}` }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByText("Sospendere la terapia?").count()).toBe(1);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Conferma" }).click();
    await expect.poll(() => card.getByText("Sospesa", { exact: true }).count()).toBe(1);
    // And resume it.
    await card.getByRole("button", { name: `Riprendi ${DRUG}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Conferma" }).click();
    await expect.poll(() => card.getByText("Attiva", { exact: true }).count()).toBe(1);
    await settled(page);

    // The intakes: the first one due is marked 'Assunta'.
    await card.getByRole("button", { name: `Assunzioni ${DRUG}` }).click();
    const intakes = card.getByRole("list", { name: `Assunzioni di ${DRUG}` });
    await expect.poll(() => intakes.getByRole("listitem").count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await intakes
      .getByRole("button", { name: /^Segna come assunta/ })
      .first()
      .click();
    await expect.poll(() => intakes.getByText("Assunta", { exact: true }).count()).toBe(1);

    // The weekly recap, Monday to Sunday by intake moment.
    // The first PDF of the server loads pdfmake and its fonts: seconds on a busy machine.
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.getByRole("button", { name: "Riepilogo settimanale (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("terapie-settimana.pdf");
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");
    await page.context().close();
  }, 180_000);

  it("3. the citizen's private pathology is invisible to the operator", async () => {
    const citizen = await newPage(browser);
    await signIn(citizen, CITIZEN);
    await followMenu(citizen, "Profilo sanitario");
    await settled(citizen);
    await openSection(citizen, "Patologie");
    await expectAccessible(citizen);
    await citizen.getByRole("button", { name: "Aggiungi patologia" }).click();
    const dialog = citizen.getByRole("dialog");
    await dialog.getByLabel("Nome", { exact: true }).fill(PRIVATE_PATHOLOGY);
    await dialog.getByLabel("Tipo").selectOption("acuta");
    await dialog.getByLabel("Cerca il codice ICD-10 (codice o parole)").fill("emicrania");
    await dialog.getByRole("button", { name: /^G43/ }).click();
    await dialog.getByText("Visibile solo a me", { exact: true }).click();
    await expectAccessible(citizen);
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect.poll(() => citizen.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => citizen.locator("tbody th").getByText(PRIVATE_PATHOLOGY).count()).toBe(1);
    await expectAccessible(citizen);
    await citizen.context().close();

    const operator = await newPage(browser);
    await signIn(operator, OPERATOR);
    const hash = await mariaHash(operator);
    await operator.goto(`/operatore/pazienti/scheda/${hash}?sezione=patologie`);
    await settled(operator);
    // Her shared pathologies show (each row headed by its name: a stacked card on a phone); her
    // private ones (the demo's and the new one) do not.
    await expect
      .poll(() => operator.locator("tbody th").getByText("Ipertensione essenziale", { exact: true }).count())
      .toBe(1);
    expect(await operator.getByText(PRIVATE_PATHOLOGY).count()).toBe(0);
    expect(await operator.getByText("Emicrania").count()).toBe(0);
    await expectAccessible(operator);
    await operator.context().close();
  }, 180_000);
});
