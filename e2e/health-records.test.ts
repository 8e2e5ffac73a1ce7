import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, followMenu, launchBrowser, newPage, settled, signIn } from "./browser.ts";

/**
 * Issue 11's journeys 3 (a hidden SOAP note is invisible to the citizen), 4 (a signed report with the
 * code from the outbox; the citizen downloads it; the operator sees 'scaricato') and 5 (the operator's
 * read shows under 'Chi ha consultato i miei dati'; the IPS downloads). The demo world links Maria
 * Rossi to Farmacia San Marco, whose operator Marco Galli (phone +393330000012) signs with a code.
 */

const CITIZEN = "maria.rossi@cura.demo";
const OPERATOR = "farmacia.operatore@cura.demo";
const OPERATOR_PHONE = "+393330000012";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Maria's hashid, from the operator's list of patients. */
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

async function openCardSection(page: Page, hash: string, tab: string): Promise<void> {
  await page.goto(`/operatore/pazienti/scheda/${hash}`);
  await settled(page);
  await page
    .getByRole("navigation", { name: "Sezioni del profilo sanitario" })
    .getByRole("link", { name: tab })
    .click();
  await settled(page);
}

async function openOwnSection(page: Page, tab: string): Promise<void> {
  await followMenu(page, "Profilo sanitario");
  await page.waitForURL("**/cittadino/profilosanitario");
  await settled(page);
  await page
    .getByRole("navigation", { name: "Sezioni del profilo sanitario" })
    .getByRole("link", { name: tab })
    .click();
  await settled(page);
}

async function latestCode(page: Page, to: string, after: number): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const response = await page.request.get(`${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()).data as Array<{ text: string }>;
      if (messages.length <= after) return "";
      code = /\b(\d{6})\b/.exec(messages[0]?.text ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function outboxCount(page: Page, to: string): Promise<number> {
  const response = await page.request.get(`${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()).data as unknown[]).length;
}

describe("health records journeys", () => {
  let hash: string;

  it("3. a hidden SOAP note is invisible to the citizen; a visible one reaches her", async () => {
    const operator = await newPage(browser);
    await signIn(operator, OPERATOR);
    hash = await mariaHash(operator);
    await openCardSection(operator, hash, "Note e anamnesi");
    await expectAccessible(operator);

    const form = operator.getByRole("form", { name: "Scrivi una nota" });
    await form.locator("label", { hasText: /^SOAP$/ }).click();
    await form.getByLabel("Soggettivo").fill("Vertigini al risveglio (nota riservata)");
    await form.getByLabel("Valutazione").fill("Possibile ipotensione ortostatica");
    await form.locator("label", { hasText: /^Non visibile al paziente$/ }).click();
    await form.getByRole("button", { name: "Salva la nota" }).click();
    const notes = operator.getByTestId("health-note");
    await expect.poll(() => notes.filter({ hasText: "Vertigini al risveglio" }).count()).toBe(1);
    await form.locator("label", { hasText: /^Semplice$/ }).click();
    await form.getByLabel("Testo", { exact: true }).fill("Bere almeno due litri d'acqua al giorno.");
    await form.locator("label", { hasText: /^Visibile al paziente$/ }).click();
    await form.getByRole("button", { name: "Salva la nota" }).click();
    await expect.poll(() => notes.filter({ hasText: "Bere almeno due litri" }).count()).toBe(1);
    await expectAccessible(operator);

    const citizen = await newPage(browser);
    await signIn(citizen, CITIZEN);
    await openOwnSection(citizen, "Note e anamnesi");
    const own = citizen.getByTestId("health-note");
    await expect.poll(() => own.filter({ hasText: "Bere almeno due litri" }).count()).toBe(1);
    expect(await citizen.getByText("Vertigini al risveglio").count()).toBe(0);
    // The demo's hidden SOAP note is not there either, nor its count.
    expect(await citizen.getByText("Riferisce stanchezza").count()).toBe(0);
    await expectAccessible(citizen);
    await operator.context().close();
    await citizen.context().close();
  });

  it("4. the operator signs a report with the code from the outbox; the citizen downloads it; the operator sees 'scaricato'", async () => {
    const operator = await newPage(browser);
    await signIn(operator, OPERATOR);
    hash ||= await mariaHash(operator);
    await openCardSection(operator, hash, "Referti");
    const form = operator.getByRole("form", { name: "Scrivi e firma un referto" });
    await form.getByLabel("Titolo", { exact: true }).fill("Referto controllo pressorio");
    await form.getByLabel("Numero di iscrizione all'albo").fill("Ordine Farmacisti Roma 4521");
    await form.getByLabel("Testo del referto").fill("Valori pressori nella norma nelle ultime due settimane.");
    const before = await outboxCount(operator, OPERATOR_PHONE);
    await form.getByRole("button", { name: "Invia il codice" }).click();
    const code = await latestCode(operator, OPERATOR_PHONE, before);
    await form.getByLabel("Codice ricevuto (6 cifre)").fill(code);
    await expectAccessible(operator);
    await form.getByRole("button", { name: "Firma il referto" }).click();
    const report = operator.getByTestId("clinical-report").filter({ hasText: "Referto controllo pressorio" });
    await expect.poll(() => report.count()).toBe(1);
    await expect.poll(() => report.getByTestId("download-state").textContent()).toBe("non ancora scaricato");
    await expectAccessible(operator);

    const citizen = await newPage(browser);
    await signIn(citizen, CITIZEN);
    await openOwnSection(citizen, "Referti");
    const mine = citizen.getByTestId("clinical-report").filter({ hasText: "Referto controllo pressorio" });
    await expect.poll(() => mine.count()).toBe(1);
    await expectAccessible(citizen);
    const [download] = await Promise.all([
      citizen.waitForEvent("download"),
      mine.getByRole("button", { name: "Scarica Referto controllo pressorio" }).click(),
    ]);
    const path = await download.path();
    expect((await readFile(path)).subarray(0, 5).toString()).toBe("%PDF-");

    await operator.reload();
    await settled(operator);
    await expect.poll(() => report.getByTestId("download-state").textContent()).toBe("scaricato");
    await operator.context().close();
    await citizen.context().close();
  });

  it("5. the operator's read shows under 'Chi ha consultato i miei dati'; the IPS downloads", async () => {
    const operator = await newPage(browser);
    await signIn(operator, OPERATOR);
    hash ||= await mariaHash(operator);
    await openCardSection(operator, hash, "Note e anamnesi");
    await expect.poll(() => operator.getByTestId("anamnesis-entries").isVisible()).toBe(true);

    const citizen = await newPage(browser);
    await signIn(citizen, CITIZEN);
    await openOwnSection(citizen, "Chi ha consultato i miei dati");
    await citizen.getByLabel("Sezione").selectOption("anamnesi");
    const rows = citizen.getByTestId("health-read").filter({ hasText: "Farmacia San Marco" });
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(1);
    expect(await rows.first().textContent()).toContain("Operatore");
    await expectAccessible(citizen);

    await citizen
      .getByRole("navigation", { name: "Sezioni del profilo sanitario" })
      .getByRole("link", { name: "Archivio" })
      .click();
    await settled(citizen);
    const [download] = await Promise.all([
      citizen.waitForEvent("download"),
      citizen.getByRole("button", { name: "Scarica il riepilogo sanitario (FHIR IPS)" }).click(),
    ]);
    const bundle = JSON.parse(await readFile(await download.path(), "utf8"));
    expect(bundle).toMatchObject({ resourceType: "Bundle", type: "document" });
    expect(bundle.entry[0].resource.resourceType).toBe("Composition");
    await expectAccessible(citizen);
    await operator.context().close();
    await citizen.context().close();
  });
});
