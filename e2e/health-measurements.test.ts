import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, followMenu, launchBrowser, newPage, settled, signIn } from "./browser.ts";

/**
 * Issue 11's journey 1: pressure readings; the operator's custom threshold with notes; the chart
 * shows the band. The demo world gives Maria Rossi 90 days of readings and links her to Farmacia San
 * Marco, whose operator Marco Galli opens her card.
 */

const CITIZEN = "maria.rossi@cura.demo";
const OPERATOR = "farmacia.operatore@cura.demo";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

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

async function chooseExam(page: Page, name: string): Promise<void> {
  await page.getByLabel("Parametro", { exact: true }).selectOption({ label: name });
  await settled(page);
}

/** The chart is drawn (ECharts' SVG in its box) with this many bands behind the line. */
async function expectChartWithBands(page: Page, bands: number): Promise<void> {
  const chart = page.getByTestId("history-chart");
  await expect.poll(() => chart.getAttribute("data-bands")).toBe(String(bands));
  await expect.poll(() => chart.locator("svg path").count()).toBeGreaterThan(bands);
  await expect
    .poll(() => page.getByRole("list", { name: "Fasce di rischio" }).getByRole("listitem").count())
    .toBe(bands);
}

describe("health measurements journey", () => {
  it("1. pressure readings; the operator's custom threshold with notes; the chart shows the band", async () => {
    // The citizen records a pressure reading on her own file.
    const citizen = await newPage(browser);
    await signIn(citizen, CITIZEN);
    await followMenu(citizen, "Profilo sanitario");
    await settled(citizen);
    await citizen
      .getByRole("navigation", { name: "Sezioni del profilo sanitario" })
      .getByRole("link", { name: "Parametri" })
      .click();
    await settled(citizen);
    await chooseExam(citizen, "Pressione diastolica (mmHg)");
    await expectChartWithBands(citizen, 6);
    await expectAccessible(citizen);

    await citizen.getByRole("button", { name: "Nuova misurazione" }).click();
    const dialog = citizen.getByRole("dialog");
    await dialog.getByLabel("Valore (mmHg)").fill("300");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect.poll(() => dialog.getByText("Valore non plausibile").count()).toBeGreaterThan(0);
    await expectAccessible(citizen);
    await dialog.getByLabel("Valore (mmHg)").fill("97");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect.poll(() => citizen.getByRole("dialog").count()).toBe(0);
    const table = citizen.getByRole("table");
    await expect.poll(() => table.getByRole("row").nth(1).textContent()).toContain("97 mmHg");
    // 97 mmHg falls in the default 90–99 band: medium risk.
    expect(await table.getByRole("row").nth(1).textContent()).toContain("medio");
    await expectAccessible(citizen);

    // The operator sets Maria's own diastolic bands, with the protocol notes.
    const operator = await newPage(browser);
    await signIn(operator, OPERATOR);
    const hash = await mariaHash(operator);
    await operator.goto(`/operatore/pazienti/scheda/${hash}`);
    await settled(operator);
    await operator
      .getByRole("navigation", { name: "Sezioni del profilo sanitario" })
      .getByRole("link", { name: "Parametri" })
      .click();
    await settled(operator);
    await chooseExam(operator, "Pressione diastolica (mmHg)");
    await expectAccessible(operator);
    const editor = operator.getByRole("region", { name: "Soglie di Pressione diastolica" });
    // Four bands instead of six: remove the last two, widen the third to the top of the range.
    await editor.getByRole("button", { name: "Rimuovi fascia 6" }).click();
    await editor.getByRole("button", { name: "Rimuovi fascia 5" }).click();
    await editor.getByLabel("Massimo fascia 3 (mmHg)").fill("94");
    await editor.getByLabel("Minimo fascia 4 (mmHg)").fill("94");
    await editor.getByLabel("Massimo fascia 4 (mmHg)").fill("160");
    await editor.getByLabel("Rischio fascia 4").selectOption({ label: "alto" });
    await editor.getByRole("button", { name: "Personalizza le soglie" }).click();
    // Touching bands overlap: the domain's rule answers under the band.
    await expect.poll(() => editor.getByText("Le fasce non possono sovrapporsi").count()).toBe(1);
    await editor.getByLabel("Minimo fascia 4 (mmHg)").fill("95");
    await editor.getByRole("button", { name: "Personalizza le soglie" }).click();
    await expect.poll(() => editor.getByText("Fasce personalizzate per questo paziente.").count()).toBe(1);
    await expectChartWithBands(operator, 4);

    // Notes need the diagnostic or the operational protocol.
    await editor.getByLabel("Note (facoltativo)").fill("Rivalutare dopo un mese");
    await editor.getByRole("button", { name: "Salva le note" }).click();
    await expect.poll(() => editor.getByText("Inserire il protocollo diagnostico o operativo").count()).toBe(1);
    await expectAccessible(operator);
    await editor.getByLabel("Protocollo operativo").fill("Oltre 95 mmHg due volte: chiamare la paziente");
    await editor.getByRole("button", { name: "Salva le note" }).click();
    await expect.poll(() => editor.getByText("Inserire il protocollo diagnostico o operativo").count()).toBe(0);
    await expect.poll(() => operator.getByText("Note salvate").count()).toBeGreaterThan(0);
    await expectAccessible(operator);

    // The other sections of this part: her questionnaire scores and her blood-pressure monitor.
    const sections = operator.getByRole("navigation", { name: "Sezioni del profilo sanitario" });
    await sections.getByRole("link", { name: "Questionari" }).click();
    await settled(operator);
    await expect.poll(() => operator.getByText("PHQ-9 (depressione)").count()).toBeGreaterThan(0);
    await expectAccessible(operator);
    await sections.getByRole("link", { name: "Dispositivi" }).click();
    await settled(operator);
    await expect.poll(() => operator.getByText("Codice prodotto BP200-0042-MR", { exact: false }).count()).toBe(1);
    await operator.getByRole("button", { name: "Richiedi aggiornamento di Sfigmomanometro da braccio BP-200" }).click();
    await expect.poll(() => operator.getByText("Misurazioni importate:").count()).toBeGreaterThan(0);
    await expectAccessible(operator);

    // The citizen's chart now draws her own four bands.
    await citizen.reload();
    await settled(citizen);
    await chooseExam(citizen, "Pressione diastolica (mmHg)");
    await expectChartWithBands(citizen, 4);
    await expect
      .poll(() => citizen.getByText("Fasce personalizzate dall'operatore per questo paziente").count())
      .toBe(1);
    await expectAccessible(citizen);
    await citizen.context().close();
    await operator.context().close();
  }, 240_000);
});
