import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DEMO_PASSWORD, expectAccessible, launchBrowser, newPage } from "./browser.ts";
import { chooseOption, keyboardSignIn, skipToContent, tabTo, walkPage } from "./keyboard.ts";

/**
 * Issue 15's keyboard-only journey through issue 13's questionnaire: a citizen gives the consent,
 * answers a question shown as buttons, skips an optional one, answers one shown as a select and
 * sends the questionnaire, with Tab, Shift+Tab, Enter, Space and typing only (no clicks, no `fill`).
 * As in keyboard.test.ts: a visible focus on every stop, the skip link first and leading to the
 * content, Tab round every page and back (no trap). The survey is this journey's own, made through
 * the API by the pharmacy's manager.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const INFO = "Acconsento al trattamento dei miei dati per il questionario sulle allergie.";
const CONSENT = "Ho letto l'informativa e acconsento alla compilazione del questionario";
const SEASONAL = "Soffri di allergie stagionali?";
const NOTES = "Vuoi descrivere i sintomi?";
const MONTH = "In quale mese i sintomi sono più forti?";
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

/** The survey, through the API: 3 options (buttons), optional free text, 12 options (a select). */
async function makeSurvey(): Promise<{ hashid: string; name: string }> {
  const page = await newPage(browser);
  const login = await page.request.post(`${baseUrl()}/api/v1/users/login`, {
    data: { email: "farmacia.admin@cura.demo", password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token as string}` };
  const call = async (method: "GET" | "POST", path: string, data?: unknown) => {
    const response = await page.request.fetch(`${baseUrl()}/api/v1/${path}`, { method, headers, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()).data;
  };
  const [activity] = await call("GET", `activities?q=${encodeURIComponent("Screening cardiovascolare 2026")}`);
  const name = `Allergie da tastiera ${Date.now().toString(36)}`;
  const survey = await call("POST", "activities/surveys/new", {
    activity: activity.hashid,
    name,
    template: {
      nome: name,
      info: INFO,
      domande: [
        { q: SEASONAL, o: ["Sì", "No", "Non so"], r: true },
        { q: NOTES, o: [] },
        { q: MONTH, o: MONTHS, r: true },
      ],
    },
  });
  await page.context().close();
  return { hashid: survey.hashid, name };
}

describe("keyboard-only questionnaire", () => {
  it("a citizen gives the consent, answers buttons and a select, skips an optional question and sends the questionnaire, with the keyboard only", async () => {
    const survey = await makeSurvey();
    const page = await newPage(browser);
    await keyboardSignIn(page, "giulia.esposito@cura.demo");

    // The survey's link, as the citizen receives it: the consent first.
    await page.goto(`/cittadino/questionario/compila/${survey.hashid}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(survey.name);
    await expect.poll(() => page.getByTestId("survey-info").textContent()).toBe(INFO);
    await walkPage(page);
    await skipToContent(page);
    await expectAccessible(page);
    const start = page.getByRole("button", { name: "Inizia il questionario" });
    expect(await start.isDisabled()).toBe(true);
    await tabTo(page, CONSENT);
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByLabel(CONSENT).isChecked()).toBe(true);
    await tabTo(page, "Inizia il questionario");
    await page.keyboard.press("Enter");

    // 1: three options drawn as buttons, one radio group: Tab reaches it, Space chooses, an arrow moves on.
    const player = page.getByTestId("survey-player");
    const question = player.getByTestId("survey-question");
    await expect.poll(() => question.textContent()).toContain(SEASONAL);
    // The focus went to the question's heading, so the keyboard starts from it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("survey-question");
    expect(await player.getByRole("button", { name: "Avanti" }).isDisabled()).toBe(true);
    await tabTo(page, (stop) => stop.type === "radio", { max: 3 });
    await page.keyboard.press("Space");
    await expect.poll(() => player.getByRole("radio", { name: "Sì", exact: true }).isChecked()).toBe(true);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => player.getByRole("radio", { name: "No", exact: true }).isChecked()).toBe(true);
    await expectAccessible(page);
    await walkPage(page);
    // Nothing in the page was changed by going round it.
    expect(await player.getByRole("radio", { name: "No", exact: true }).isChecked()).toBe(true);
    await skipToContent(page);
    const saved = page.waitForResponse(
      (r) => r.url().includes("/api/v1/activities/surveys/draft/") && r.request().method() === "PUT",
    );
    await tabTo(page, "Avanti");
    await page.keyboard.press("Enter");
    expect((await saved).status()).toBe(200);

    // 2: optional, skipped.
    await expect.poll(() => question.textContent()).toContain(NOTES);
    await tabTo(page, "Salta");
    await page.keyboard.press("Enter");

    // 3: twelve options in a select, chosen by typing; back with Shift+Tab to check the answer held.
    await expect.poll(() => question.textContent()).toContain(MONTH);
    expect(await player.getByRole("button", { name: "Invia il questionario" }).isDisabled()).toBe(true);
    await chooseOption(page, "Scegli una risposta", "Marzo");
    await expectAccessible(page);
    await tabTo(page, "Invia il questionario");
    await tabTo(page, "Scegli una risposta", { back: true, max: 4 });
    expect(await player.getByLabel("Scegli una risposta").inputValue()).toBe("Marzo");
    await tabTo(page, "Invia il questionario");
    await page.keyboard.press("Enter");

    // Sent: the confirmation takes the focus; its actions are reached by Tab.
    const done = page.getByTestId("survey-done");
    await expect.poll(() => done.getByRole("heading", { name: "Questionario inviato" }).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("fill-done-title");
    await tabTo(page, "Scarica le tue risposte (PDF)", { max: 1 });
    await tabTo(page, "Torna alla home", { max: 1 });
    await walkPage(page);
    await expectAccessible(page);
    await page.close();
  }, 120_000);
});
