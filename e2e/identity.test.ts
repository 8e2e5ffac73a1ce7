import { taxCodeCheckChar } from "@cura/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_PASSWORD,
  expectAccessible,
  latestMessage,
  launchBrowser,
  newPage,
  submitLogin,
} from "./browser.ts";
import { JOURNEY_CITIZENS } from "./journey-accounts.ts";

/** Issue 3's journeys: registration to home, throttling, recovery, temporary password, idle session. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Registered by journey 1 and throttled by journey 2: no other journey signs in with it. */
const NEW_CITIZEN = { email: "chiara.neri@example.it", password: "Salute-Milano-2026!" };

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

describe("identity journeys", () => {
  it("1. a new citizen registers, confirms e-mail and phone, and reaches home", async () => {
    const page = await newPage(browser);
    const { email, password } = NEW_CITIZEN;
    const cf15 = "NRECHR92D45F205";
    const cf = cf15 + taxCodeCheckChar(cf15);

    await page.goto("/login");
    await page.getByRole("link", { name: "Registrati" }).click();
    await page.waitForURL("**/register");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Registrati come cittadino" }).click();

    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Dati anagrafici" }).isVisible()).toBe(true);
    await page.getByLabel("Nome", { exact: true }).fill("Chiara");
    await page.getByLabel("Cognome", { exact: true }).fill("Neri");
    await page.getByLabel("Codice fiscale", { exact: true }).fill(cf);
    // The tax code fills gender and birth date.
    await expect.poll(() => page.getByLabel("Data di nascita").inputValue()).toBe("1992-04-05");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Residenza" }).isVisible()).toBe(true);
    await page.getByLabel("Regione").selectOption({ label: "Lombardia" });
    await expect.poll(() => page.getByLabel("Provincia").locator("option[value='MI']").count()).toBe(1);
    await page.getByLabel("Provincia").selectOption("MI");
    await expect
      .poll(() =>
        page
          .getByLabel("Comune")
          .locator("option", { hasText: /^Milano$/ })
          .count(),
      )
      .toBe(1);
    await page.getByLabel("Comune").selectOption({ label: "Milano" });
    await page.getByLabel("Indirizzo").fill("Via Padova 10");
    await page.getByLabel("CAP").fill("20127");
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Contatti" }).isVisible()).toBe(true);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Numero di cellulare").fill("3471112233");
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Password" }).isVisible()).toBe(true);
    await page.getByLabel("Nuova password").fill(password);
    await page.getByLabel("Conferma la password").fill(password);
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Termini e consensi" }).isVisible()).toBe(true);
    const complete = page.getByRole("button", { name: "Completa" });
    expect(await complete.isDisabled()).toBe(true);
    await page.getByText(/^Accetto i termini/).click();
    await page.getByText(/^Acconsento al trattamento/).click();
    await page.getByText(/^Acconsento alla condivisione/).click();
    await expectAccessible(page);
    await complete.click();

    // The gate asks for the phone first.
    await page.waitForURL("**/number/verify");
    await expect.poll(() => heading(page)).toBe("Verifica il numero di telefono");
    await page.getByRole("button", { name: "Invia il codice" }).click();
    await expect.poll(() => page.getByTestId("otp-number").textContent()).toContain("3*******33");
    const sms = await latestMessage(page, "+393471112233", /è \d{6}/);
    const code = /è (\d{6})/.exec(sms)?.[1] as string;
    await page.getByLabel("Cifra 1 di 6").fill(code);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Verifica" }).click();

    // Then the e-mail: the link in the message confirms it.
    await page.waitForURL("**/email/verify/invalid");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectAccessible(page);
    const mail = await latestMessage(page, email, /email\/verify\//);
    const link = /(http\S+\/api\/v1\/email\/verify\/\S+)/.exec(mail)?.[1] as string;
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await page.waitForURL("**/cittadino/home");
    await expect.poll(() => heading(page)).toMatch(/Chiara$/);
    await expect.poll(() => page.getByTestId("home-alert").count()).toBe(0);
    await expectAccessible(page);
    await page.close();
  });

  it("2. after three wrong passwords even the right one is throttled", async () => {
    // The account journey 1 registered: a demo account throttled here would refuse the sign-in of
    // any journey that runs in the next five minutes.
    const page = await newPage(browser);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await submitLogin(page, NEW_CITIZEN.email, `Sbagliata-${attempt}!x`);
      await expect.poll(() => page.getByTestId("login-error").textContent()).toContain("Credenziali errate.");
    }
    await submitLogin(page, NEW_CITIZEN.email, NEW_CITIZEN.password);
    await expect
      .poll(() => page.getByTestId("login-error").textContent())
      .toContain("Troppe richieste errate. Richiedi il recupero password oppure contatta l'assistenza");
    expect(page.url()).toContain("/login");
    await page.close();
  });

  it("3. recovers the password by e-mail, resets it through the link and signs in with it", async () => {
    const page = await newPage(browser);
    await page.goto("/login");
    await page.getByRole("link", { name: "Password dimenticata?" }).click();
    await page.waitForURL("**/password/recovery");
    await page.getByLabel("Indirizzo e-mail").fill(JOURNEY_CITIZENS.passwordRecovery.email);
    await page.getByRole("button", { name: "Invia" }).click();
    await expect.poll(() => page.getByTestId("recovery-sent").textContent()).toContain("Ti abbiamo inviato una mail");
    await expectAccessible(page);

    const mail = await latestMessage(page, JOURNEY_CITIZENS.passwordRecovery.email, /password\/reset/);
    const link = /(http\S+\/password\/reset\?\S+)/.exec(mail)?.[1] as string;
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await expect.poll(() => heading(page)).toBe("Reimposta la password");
    await expectAccessible(page);
    await page.getByLabel("Nuova password").fill("Nuova-Chiave-2026!");
    await page.getByLabel("Conferma la password").fill("Nuova-Chiave-2026!");
    await page.getByRole("button", { name: "Reimposta la password" }).click();
    await page.waitForURL("**/login");

    await submitLogin(page, JOURNEY_CITIZENS.passwordRecovery.email, "Nuova-Chiave-2026!");
    await page.waitForURL("**/cittadino/home");
    await page.close();
  });

  it("4. an operator with a temporary password must change it before going anywhere", async () => {
    const page = await newPage(browser);
    await submitLogin(page, "monitoraggio.operatore@cura.demo");
    await page.waitForURL("**/operatore/profilo?scope=temporary");
    await expect.poll(() => page.getByTestId("password-scope").isVisible()).toBe(true);
    await expectAccessible(page);

    await page.goto("/operatore/home");
    await page.waitForURL("**/operatore/profilo?scope=temporary");

    await page.getByLabel("Password attuale").fill(DEMO_PASSWORD);
    await page.getByLabel("Nuova password").fill("Turno-Notte-2026!");
    await page.getByLabel("Conferma la password").fill("Turno-Notte-2026!");
    await page.getByRole("button", { name: "Cambia password" }).click();
    await expect.poll(() => page.getByTestId("password-scope").count()).toBe(0);
    await page.goto("/operatore/home");
    await page.waitForURL("**/operatore/home");
    await page.close();
  });

  it("5. a citizen idle past their session timeout sees 'Sessione Scaduta' and is signed out", async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await submitLogin(page, "maria.rossi@cura.demo");
    await page.waitForURL("**/cittadino/home");
    // Five minutes, the shortest timeout, set through the API as the settings page does.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const me = await (
      await page.request.get(`${baseUrl()}/api/v1/users/fresh/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const update = await page.request.put(`${baseUrl()}/api/v1/users/${me.data.hashid}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { session_timeout_minutes: 5 },
    });
    expect(update.status()).toBe(200);
    await page.reload();
    await expect.poll(() => heading(page)).toMatch(/Maria$/);

    await page.clock.fastForward("05:30");
    const dialog = page.getByRole("dialog", { name: "Sessione Scaduta" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The page's timers run on the fake clock: let the modal's own timers finish before judging it.
    await page.clock.runFor(1000);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Accedi" }).click();
    await page.waitForURL("**/login");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    // Put the demo citizen back as she was, for any journey after this one.
    await page.request.put(`${baseUrl()}/api/v1/users/${me.data.hashid}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { session_timeout_minutes: 0 },
    });
    await page.close();
  });
});
