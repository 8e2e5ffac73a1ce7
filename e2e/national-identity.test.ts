import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, launchBrowser, newPage } from "./browser.ts";

/**
 * Issue 3, journey 6: SPID and CIE through the embedded test identity provider. The journeys start
 * at the API's start of the flow; once the login page carries the buttons they start there.
 */

/** The pages are lazy chunks and the machine may be busy: wait up to 10 s, not expect.poll's 1 s. */
const PATIENCE = { timeout: 10_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("SPID and CIE journeys", () => {
  it("completes the registration of a SPID identity without an account and lands on e-mail verification", async () => {
    const page = await newPage(browser);
    await page.goto("/login");
    await page.getByRole("link", { name: "Entra con SPID" }).click();

    // The test provider's page: choose an identity.
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), PATIENCE)
      .toBe("Accesso con SPID di prova");
    await expectAccessible(page);
    await page.getByLabel("Luca Ferrari").check();
    await page.getByRole("button", { name: "Entra con questa identità" }).click();

    // Back in the app: no account has this tax code, so the completion form, pre-filled.
    await page.waitForURL("**/login/spid?token=*");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), PATIENCE)
      .toBe("Completa la registrazione");
    const identity = page.getByTestId("national-identity-data");
    for (const text of ["Luca", "Ferrari", "FRRLCU80A01H501K", "Maschile", "01/01/1980"]) {
      expect(await identity.textContent()).toContain(text);
    }
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe("luca.ferrari@example.it");
    await expectAccessible(page);

    // Step 1 checks its fields before moving on.
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => page.getByText("Campo obbligatorio").count(), PATIENCE).toBeGreaterThan(0);

    await page.getByLabel("Regione", { exact: true }).selectOption("Lazio");
    await page.getByLabel("Provincia", { exact: true }).selectOption("RM");
    await page.getByLabel("Comune", { exact: true }).selectOption("Roma");
    await page.getByLabel("Indirizzo", { exact: true }).fill("Via Nazionale 10");
    await page.getByLabel("CAP", { exact: true }).fill("00184");
    await page.getByLabel("Numero di cellulare").fill("347 123 4567");
    expect(await page.getByLabel("Numero di cellulare").inputValue()).toBe("3471234567");
    await page.getByRole("button", { name: "Avanti" }).click();

    // Step 2: consents, with the express acceptance of the articles; Back keeps step 1's data.
    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Consensi" }).isVisible(), PATIENCE).toBe(true);
    await page.getByRole("button", { name: "Indietro" }).click();
    expect(await page.getByLabel("Indirizzo", { exact: true }).inputValue()).toBe("Via Nazionale 10");
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Consensi" }).isVisible(), PATIENCE).toBe(true);
    await expectAccessible(page);

    // Bootstrap Italia draws the box on the label, which takes the click.
    const tick = (label: string) => page.getByLabel(label).check({ force: true });
    await tick("Accetto i termini e le condizioni del servizio");
    await tick("Acconsento al trattamento dei miei dati personali");
    await tick("Acconsento alla condivisione dei miei dati");
    await page.getByRole("button", { name: "Completa la registrazione" }).click();
    // Without the articles' acceptance the form does not go.
    const refusal = page.getByText("I termini e le condizioni e l'informativa sulla privacy devono essere accettati");
    await expect.poll(() => refusal.count(), PATIENCE).toBeGreaterThan(0);
    await tick("Dichiaro di approvare espressamente gli articoli 2, 7, 8, 10 e 12");
    await page.getByRole("button", { name: "Completa la registrazione" }).click();

    // Signed in, and sent to confirm the e-mail (spec 000 §2.5).
    await page.waitForURL("**/email/verify/invalid");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null"));
    expect(user).toMatchObject({ email: "luca.ferrari@example.it", anagrafica: { cf: "FRRLCU80A01H501K" } });
    const outbox = await page.request.get(`${baseUrl()}/api/v1/dev/outbox?to=luca.ferrari@example.it`);
    expect((await outbox.json()).data[0].subject).toBe("Conferma il tuo indirizzo e-mail");
    await page.close();
  });

  it("signs Maria Rossi in with CIE", async () => {
    const page = await newPage(browser);
    await page.goto("/login");
    await page.getByRole("link", { name: "Entra con CIE" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), PATIENCE)
      .toBe("Accesso con CIE di prova");
    await page.getByLabel("Maria Rossi").check();
    await page.getByRole("button", { name: "Entra con questa identità" }).click();
    await page.waitForURL("**/cittadino/home");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), PATIENCE)
      .toMatch(/(Buongiorno|Buon pomeriggio|Buonasera), Maria/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    await page.close();
  });

  it("shows the provider's refusal and goes back to the login page after 5 seconds", async () => {
    const page = await newPage(browser);
    await page.goto("/api/v1/auth/spid/start");
    await page.getByRole("button", { name: "Annulla" }).click();
    await page.waitForURL("**/login/spid?error=*");
    await expect
      .poll(() => page.getByTestId("national-identity-return-error").textContent(), PATIENCE)
      .toBe("Accesso annullato.");
    await expectAccessible(page);
    await page.waitForURL("**/login", { timeout: 8_000 });
    await page.close();
  });
});
