import type { Browser, Locator, Page } from "playwright-core";
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
 * Issue 13's journeys 3 and 4's first half, on the survey sessions pages: an in-clear session refused
 * to an operator whose role it does not allow, run for a patient by one whose role it allows (two
 * surveys in order, then the signature), and not deletable once compiled; a pseudonym used twice in
 * a session refused. Each test makes its own session (a name no other journey uses); the demo world
 * gives the pharmacy's manager, a pharmacist and a nurse who administer surveys, and Maria Rossi as a
 * patient of the pharmacy with a tax code and a verified phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const MANAGER = "farmacia.admin@cura.demo";
const PHARMACIST = "farmacia.farmacista@cura.demo";
const NURSE = "farmacia.infermiere@cura.demo";
const ADMIN = "admin@cura.demo";
const CARDIO = "Screening cardiovascolare";
const PHQ9 = "PHQ-9";
const CONSENT = "Ho letto l'informativa e acconsento alla compilazione del questionario";
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A signed-in API client for the set-up that is not the journey's point. */
async function apiAs(page: Page, email: string) {
  const login = await page.request.post(`${baseUrl()}/api/v1/users/login`, {
    data: { email, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token as string}` };
  return async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown) => {
    const response = await page.request.fetch(`${baseUrl()}/api/v1/${path}`, { method, headers, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()).data;
  };
}

/** The demo surveys a session may hold, by name. */
async function demoSurveys(call: Awaited<ReturnType<typeof apiAs>>): Promise<Record<string, string>> {
  const list = (await call("GET", "survey-sessions/available-surveys?per_page=100")) as Array<{
    hashid: string;
    name: string;
  }>;
  return Object.fromEntries(list.map((s) => [s.name, s.hashid]));
}

/** Ticks a checkbox as a user does, on its label (the design kit draws the box on the label). */
async function tick(scope: Locator | Page, label: string) {
  await scope
    .locator("label")
    .filter({ hasText: new RegExp(`^(\\d+\\. )?${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) })
    .click();
}

/** Signs in and opens the operator's survey sessions from the menu. */
async function openSessions(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await followMenu(page, "Sessioni");
  await page.waitForURL("**/operatore/sessioni");
  await settled(page);
}

/** Picks a patient of the pharmacy in the new compilation's form by searching their surname. */
async function pickPatient(form: Locator, surname: string, name: string): Promise<void> {
  await form.getByLabel("Cerca il paziente (nome, cognome o codice fiscale)").fill(surname);
  const option = form.getByLabel("Paziente", { exact: true }).locator("option", { hasText: `${surname} ${name}` });
  await expect.poll(() => option.count()).toBe(1);
  await form.getByLabel("Paziente", { exact: true }).selectOption((await option.getAttribute("value")) as string);
}

/** Answers the question in view with the option of this text (the radio is drawn as a button: its label). */
async function answer(
  player: Locator,
  question: string,
  option: string,
  then: "Avanti" | "Salta" | "Invia il questionario",
) {
  await expect.poll(() => player.getByTestId("survey-question").textContent()).toContain(question);
  if (option) await player.getByTestId("survey-option-buttons").getByText(option, { exact: true }).click();
  await player.getByRole("button", { name: then }).click();
}

describe("survey sessions journeys", () => {
  it("3. an in-clear session: a nurse is refused ('Permesso somministrazione mancante'); a pharmacist runs its two surveys in order for a patient and signs; deleting the session is refused", async () => {
    const name = `Valutazione in chiaro ${stamp()}`;

    // The manager creates the session in the pages: in clear, pharmacists only, two surveys, signature.
    const manager = await newPage(browser);
    await openSessions(manager, MANAGER);
    await expect.poll(() => manager.getByRole("table").first().isVisible()).toBe(true);
    await expectAccessible(manager);
    await manager.getByRole("link", { name: "Nuova sessione" }).click();
    await manager.waitForURL("**/operatore/sessioni/nuova");
    await expect.poll(() => manager.getByLabel(CARDIO, { exact: true }).count()).toBe(1);
    await expectAccessible(manager);
    await manager.getByLabel("Nome", { exact: true }).fill(name);
    await manager.getByLabel("Descrizione").fill("Rischio cardiovascolare e umore, con firma del farmacista");
    await manager.getByLabel("Tipo", { exact: true }).selectOption({ label: "In chiaro" });
    await tick(manager, "Farmacista");
    // Picked in the wrong order on purpose: the session's page puts them right.
    await tick(manager, PHQ9);
    await tick(manager, CARDIO);
    expect(await manager.getByLabel(`2. ${CARDIO}`).isChecked()).toBe(true);
    await tick(manager, "Firma dell'operatore richiesta");
    expect(await manager.getByLabel("Giorni per firmare (da 1 a 15)").inputValue()).toBe("3");
    await manager.getByRole("button", { name: "Crea la sessione" }).click();
    await manager.waitForURL("**/operatore/sessioni/dettaglio/**");
    const sessionHash = manager.url().split("/").pop() as string;
    await expect.poll(() => manager.getByRole("heading", { level: 2, name }).isVisible()).toBe(true);
    const order = manager.getByRole("region", { name, exact: true }).locator("ol > li");
    expect(await order.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^${PHQ9}`)),
      expect.stringMatching(new RegExp(`^${CARDIO}`)),
    ]);
    await manager.getByRole("button", { name: `Sposta su ${CARDIO}` }).click();
    await expect.poll(async () => (await order.first().textContent()) ?? "").toMatch(new RegExp(`^${CARDIO}`));
    expect(await manager.getByRole("main").getByText("Richiesta, entro 3 giorni").isVisible()).toBe(true);
    await expectAccessible(manager);

    // A nurse administers surveys, but the session does not allow her role: refused, with the roles it allows.
    const nurse = await newPage(browser);
    await openSessions(nurse, NURSE);
    await nurse.getByRole("link", { name, exact: true }).click();
    await nurse.waitForURL(`**/operatore/sessioni/dettaglio/${sessionHash}`);
    let form = nurse.getByRole("form", { name: "Nuova compilazione" });
    await pickPatient(form, "Rossi", "Maria");
    // Neither a manager's buttons nor a reorder for whom only administers.
    expect(await nurse.getByRole("button", { name: "Elimina la sessione" }).count()).toBe(0);
    await form.getByRole("button", { name: "Avvia la compilazione" }).click();
    await expect
      .poll(() => form.locator(".alert").first().textContent())
      .toContain("Permesso somministrazione mancante: farmacista");
    expect(nurse.url()).toContain(`/dettaglio/${sessionHash}`);
    await expectAccessible(nurse);
    await nurse.context().close();

    // The pharmacist runs it for Maria: the screening first, then PHQ-9.
    const pharmacist = await newPage(browser);
    await openSessions(pharmacist, PHARMACIST);
    await pharmacist.getByRole("link", { name, exact: true }).click();
    await pharmacist.waitForURL(`**/operatore/sessioni/dettaglio/${sessionHash}`);
    await expect.poll(() => pharmacist.getByText("Nessuna compilazione").isVisible()).toBe(true);
    await expectAccessible(pharmacist);
    form = pharmacist.getByRole("form", { name: "Nuova compilazione" });
    await pickPatient(form, "Rossi", "Maria");
    await form.getByRole("button", { name: "Avvia la compilazione" }).click();
    await pharmacist.waitForURL("**/operatore/sessioni/compila/**");
    await expect.poll(() => pharmacist.getByText("Questionari inviati: 0 di 2").isVisible()).toBe(true);
    let player = pharmacist.getByRole("main");
    await expect.poll(() => player.getByTestId("survey-info").textContent()).toContain("screening cardiovascolare");
    await expectAccessible(pharmacist);
    await tick(player, CONSENT);
    await player.getByRole("button", { name: "Inizia il questionario" }).click();
    await answer(player, "Fumi?", "No", "Avanti");
    // Not a smoker: the cigarettes are not asked.
    await answer(player, "Hai familiari con malattie cardiovascolari?", "Sì", "Avanti");
    await answer(player, "Quali di questi disturbi", "", "Salta");
    await answer(player, "Ultima misurazione della pressione", "", "Salta");
    await expectAccessible(pharmacist);
    await answer(player, "Allega un referto recente", "", "Invia il questionario");
    await expect.poll(() => pharmacist.getByText("Questionari inviati: 1 di 2").isVisible()).toBe(true);

    // The compilation picks up where it was, after a reload: the second survey, its consent first.
    await pharmacist.reload();
    player = pharmacist.getByRole("main");
    await expect.poll(() => player.getByText("Questionari inviati: 1 di 2").isVisible()).toBe(true);
    await expect.poll(() => player.getByTestId("survey-info").textContent()).toContain("Nelle ultime 2 settimane");
    await tick(player, CONSENT);
    await player.getByRole("button", { name: "Inizia il questionario" }).click();
    await answer(player, "Scarso interesse", "Alcuni giorni", "Avanti");
    await expectAccessible(pharmacist);
    for (let i = 2; i <= 8; i++) {
      await expect
        .poll(() => player.getByRole("progressbar").last().getAttribute("aria-valuetext"))
        .toBe(`Domanda ${i} di 9`);
      await answer(player, "", "Mai", "Avanti");
    }
    await answer(player, "Pensare che sarebbe meglio morire", "Mai", "Invia il questionario");

    // Completed: the score of both (2 + 1), then the signature.
    await expect.poll(() => player.getByText("Compilazione completata").isVisible()).toBe(true);
    expect(await player.getByText("Questionari inviati: 2 di 2").isVisible()).toBe(true);
    expect(await player.getByText("Punteggio totale: 3").isVisible()).toBe(true);
    expect(
      await player.getByText(/^Da firmare entro il \d{1,2}\/\d{1,2}\/\d{4}, poi viene eliminata$/).isVisible(),
    ).toBe(true);
    await expectAccessible(pharmacist);
    await player.getByRole("button", { name: "Firma la compilazione" }).click();
    await expect.poll(() => player.getByText("Compilazione firmata", { exact: true }).first().isVisible()).toBe(true);
    expect(await player.getByRole("button", { name: "Firma la compilazione" }).count()).toBe(0);
    await expectAccessible(pharmacist);
    await pharmacist.context().close();

    // The manager sees it completed and signed, and cannot delete the session.
    await manager.goto(`/operatore/sessioni/dettaglio/${sessionHash}`);
    const rows = manager.getByRole("table").getByRole("row");
    await expect.poll(() => rows.count()).toBe(2);
    const cells = await rows.nth(1).getByRole("cell").allTextContents();
    expect(cells[0]).toContain("Rossi");
    expect(cells.slice(1)).toEqual(["Completata", "2/2", "Sì"]);
    expect(await manager.getByRole("main").locator("dd").allTextContents()).toContain("In corso");
    // With a compilation the surveys' order is fixed.
    expect(await manager.getByRole("button", { name: /^Sposta / }).count()).toBe(0);
    await expectAccessible(manager);
    await manager.getByRole("button", { name: "Elimina la sessione" }).click();
    const dialog = manager.getByRole("dialog", { name: "Eliminare la sessione?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(manager);
    await dialog.getByRole("button", { name: "Elimina la sessione" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() =>
        manager
          .getByRole("alert")
          .filter({ hasText: "Impossibile eliminare: esiste almeno una compilazione per questa sessione" })
          .count(),
      )
      .toBe(1);
    expect(manager.url()).toContain(`/dettaglio/${sessionHash}`);
    expect(await manager.getByRole("heading", { level: 2, name }).isVisible()).toBe(true);
    await manager.context().close();

    // Maria finds the compilation in her health file: both surveys, signed.
    const maria = await newPage(browser);
    await signIn(maria, "maria.rossi@cura.demo");
    await maria.goto("/cittadino/profilosanitario/sessioni");
    const own = maria.getByTestId("own-compilation").filter({ hasText: name });
    await expect.poll(() => own.count(), { timeout: 15_000 }).toBe(1);
    expect(await own.getByText("2 di 2").isVisible()).toBe(true);
    expect(await own.getByText("Completata").isVisible()).toBe(true);
    expect(await own.getByText("Non ancora firmata").count()).toBe(0);
    // Each questionnaire's answers as PDF (her own fill's).
    const pdfs = own.getByRole("button", { name: new RegExp(`^PDF del questionario .+ della sessione ${name}$`) });
    expect(await pdfs.count()).toBe(2);
    const [pdf] = await Promise.all([maria.waitForEvent("download"), pdfs.last().click()]);
    expect(pdf.suggestedFilename()).toMatch(/^questionario-\w+\.pdf$/);
    await expectAccessible(maria);
    await maria.context().close();
  }, 240_000);

  it("4 (first half). a pseudonym already used in the session is refused", async () => {
    const setup = await newPage(browser);
    const asManager = await apiAs(setup, MANAGER);
    const surveys = await demoSurveys(asManager);
    const name = `Umore pseudonimizzata ${stamp()}`;
    const session = await asManager("POST", "survey-sessions", {
      name,
      description: null,
      type: "pseudonimizzata",
      allowed_roles: ["amministratore"],
      surveys: [surveys[PHQ9]],
      signature_required: false,
      days_to_sign: 3,
    });
    await setup.context().close();
    const pseudonym = `PZ-${stamp()}`;

    const page = await newPage(browser);
    await signIn(page, MANAGER);
    await page.goto(`/operatore/sessioni/dettaglio/${session.hashid}`);
    const form = page.getByRole("form", { name: "Nuova compilazione" });
    await form.getByLabel("Pseudonimo del paziente").fill(pseudonym);
    await expectAccessible(page);
    await form.getByRole("button", { name: "Avvia la compilazione" }).click();
    await page.waitForURL("**/operatore/sessioni/compila/**");
    await expect.poll(() => page.getByRole("main").getByText(pseudonym).first().isVisible()).toBe(true);

    // Back to the session: the same pseudonym again is refused, and nothing starts.
    await page.getByRole("link", { name: "Torna alle sessioni" }).click();
    await page.waitForURL(`**/operatore/sessioni/dettaglio/${session.hashid}`);
    const rows = page.getByRole("table").getByRole("row");
    await expect.poll(() => rows.count()).toBe(2);
    await form.getByLabel("Pseudonimo del paziente").fill(pseudonym);
    await form.getByRole("button", { name: "Avvia la compilazione" }).click();
    await expect
      .poll(() => form.locator(".alert").first().textContent())
      .toContain("Pseudonimo già usato in questa sessione");
    expect(page.url()).toContain(`/dettaglio/${session.hashid}`);
    await expectAccessible(page);
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    await page.context().close();
  }, 120_000);

  it("an administrator lists every session and enables a platform session for a company", async () => {
    const setup = await newPage(browser);
    const asAdmin = await apiAs(setup, ADMIN);
    const asManager = await apiAs(setup, MANAGER);
    const surveys = await demoSurveys(asManager);
    const name = `Sessione regionale ${stamp()}`;
    const session = await asAdmin("POST", "survey-sessions", {
      name,
      description: "Una sessione della piattaforma",
      type: "anonima",
      allowed_roles: ["amministratore", "farmacista"],
      surveys: [surveys[CARDIO]],
      signature_required: false,
      days_to_sign: 3,
    });

    const page = await newPage(browser);
    await signIn(page, ADMIN);
    await followMenu(page, "Sessioni");
    await page.waitForURL("**/admin/sessioni");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole("cell").allTextContents()).toEqual([name, "Anonima", "In attesa", CARDIO, "0"]);
    await expectAccessible(page);
    await page.getByLabel("Sessione", { exact: true }).selectOption({ label: name });
    await page.getByLabel("Cerca l'azienda (almeno 3 caratteri)").fill("San Marco");
    const company = page.getByLabel("Azienda", { exact: true });
    await expect.poll(() => company.locator("option", { hasText: "Farmacia San Marco" }).count()).toBe(1);
    await company.selectOption({ label: "Farmacia San Marco" });
    await page.getByRole("button", { name: "Salva", exact: true }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Abilitazione salvata" }).count()).toBe(1);
    await expectAccessible(page);

    // The pharmacy's operators now see it among theirs.
    const own = (await asManager("GET", "companies/own/survey-sessions?per_page=100")) as Array<{ hashid: string }>;
    expect(own.map((s) => s.hashid)).toContain(session.hashid);
    await page.context().close();
    await setup.context().close();
  }, 120_000);
});
