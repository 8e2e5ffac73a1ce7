import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  expectAccessible,
  followMenu,
  latestMessage,
  launchBrowser,
  newPage,
  settled,
  signIn,
  submitLogin,
} from "./browser.ts";
import { JOURNEY_CITIZENS } from "./journey-accounts.ts";

/**
 * Issue 14's journey 3: a user suspended until tomorrow sees the disabled page; the job (on a test
 * clock) lifts it. Then a suspension without an end, which only an administrator lifts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// A citizen of this journey's own (global-setup.ts): suspending her, and the password the welcome
// e-mail's link sets, touch no account another journey signs in with.
const CITIZEN = JOURNEY_CITIZENS.suspension.email;
const HER_PASSWORD = "Benvenuta-Sara-2026!";

describe("administrator's users", () => {
  it("3. an administrator suspends a citizen until tomorrow; she sees the disabled page; the job on a test clock lifts it", async () => {
    const admin = await newPage(browser);
    await signIn(admin, "admin@cura.demo");
    // The dashboard's figures.
    await expect.poll(() => admin.getByRole("heading", { level: 2, name: "Utenti" }).isVisible()).toBe(true);
    await expectAccessible(admin);

    await followMenu(admin, "Utenti");
    await admin.waitForURL("**/admin/utenti");
    await settled(admin);
    await admin.getByLabel("Nome, codice fiscale o e-mail").fill("marini");
    await admin.getByRole("button", { name: "Cerca", exact: true }).click();
    const row = admin.getByRole("row").filter({ hasText: CITIZEN });
    await expect.poll(() => row.count()).toBe(1);
    await expectAccessible(admin);
    const name = ((await row.getByRole("rowheader").textContent()) ?? "").trim();

    // The welcome e-mail, after a confirm: a link to choose a password (72 hours, once).
    await row.getByRole("button", { name: `E-mail di benvenuto a ${name}` }).click();
    const welcome = admin.getByRole("dialog", { name: `Inviare l'e-mail di benvenuto a ${name}?` });
    await welcome.getByRole("button", { name: "Sì, invia" }).click();
    const her = await newPage(browser);
    const mail = await latestMessage(her, CITIZEN, /account Cura[\s\S]*password\/reset/);
    const link = /(http\S+\/password\/reset\?\S+)/.exec(mail)?.[1] as string;
    await her.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await her.getByLabel("Nuova password").fill(HER_PASSWORD);
    await her.getByLabel("Conferma la password").fill(HER_PASSWORD);
    await her.getByRole("button", { name: "Reimposta la password" }).click();
    await her.waitForURL("**/login");

    await row.getByRole("button", { name: `Sospendi ${name}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Sospendere ${name}?` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Motivo della sospensione").fill("Verifica dei documenti");
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    await dialog
      .getByLabel("Sospeso fino al (facoltativo)")
      .fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:00`);
    await expectAccessible(admin);
    await dialog.getByRole("button", { name: "Sospendi", exact: true }).click();
    await expect.poll(() => row.getByText("Sospeso", { exact: true }).isVisible()).toBe(true);
    expect(await row.textContent()).toContain(`fino al ${pad(tomorrow.getDate())}/${pad(tomorrow.getMonth() + 1)}`);
    await expectAccessible(admin);

    // She cannot sign in: the disabled page.
    await submitLogin(her, CITIZEN, HER_PASSWORD);
    await her.waitForURL("**/disabled");
    await expect.poll(() => her.getByRole("heading", { level: 1 }).textContent()).toBe("Utenza disabilitata");
    await expectAccessible(her);

    // The job that lifts ended suspensions runs every minute; on a test clock (the development hook
    // runs the same job as if it were then) it leaves her out today and lets her in after the end.
    const token = await admin.evaluate(() => window.localStorage.getItem("token"));
    const runJob = async (now: Date) => {
      const response = await admin.request.post(`${baseUrl()}/api/v1/dev/suspensions/run`, {
        headers: { authorization: `Bearer ${token}` },
        data: { now: now.toISOString() },
      });
      expect(response.status()).toBe(200);
    };
    await runJob(new Date());
    await submitLogin(her, CITIZEN, HER_PASSWORD);
    await her.waitForURL("**/disabled");
    await runJob(new Date(Date.now() + 3 * 24 * 3600_000));
    await submitLogin(her, CITIZEN, HER_PASSWORD);
    await her.waitForURL("**/cittadino/**");
    // The administrator's list says so.
    await admin.reload();
    await settled(admin);
    await admin.getByLabel("Nome, codice fiscale o e-mail").fill("marini");
    await admin.getByRole("button", { name: "Cerca", exact: true }).click();
    await expect.poll(() => row.getByText("Attivo", { exact: true }).isVisible()).toBe(true);
    expect(await row.textContent()).not.toContain("fino al");
    await admin.close();
    await her.close();
  });

  it("an administrator suspends the same citizen with no end; the job leaves her out; he re-enables her by hand", async () => {
    // Her password is the one the journey above set through the welcome e-mail.
    const admin = await newPage(browser);
    await signIn(admin, "admin@cura.demo");
    await followMenu(admin, "Utenti");
    await admin.waitForURL("**/admin/utenti");
    await settled(admin);
    await admin.getByLabel("Nome, codice fiscale o e-mail").fill("marini");
    await admin.getByRole("button", { name: "Cerca", exact: true }).click();
    const row = admin.getByRole("row").filter({ hasText: CITIZEN });
    await expect.poll(() => row.count()).toBe(1);
    const name = ((await row.getByRole("rowheader").textContent()) ?? "").trim();

    await row.getByRole("button", { name: `Sospendi ${name}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Sospendere ${name}?` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Motivo della sospensione").fill("Segnalazione da verificare");
    await dialog.getByRole("button", { name: "Sospendi", exact: true }).click();
    await expect.poll(() => row.getByText("Sospeso", { exact: true }).isVisible()).toBe(true);
    expect(await row.textContent()).not.toContain("fino al");

    // A suspension without an end is not the job's: a week later she is still out.
    const token = await admin.evaluate(() => window.localStorage.getItem("token"));
    const run = await admin.request.post(`${baseUrl()}/api/v1/dev/suspensions/run`, {
      headers: { authorization: `Bearer ${token}` },
      data: { now: new Date(Date.now() + 7 * 24 * 3600_000).toISOString() },
    });
    expect(run.status()).toBe(200);
    const her = await newPage(browser);
    await submitLogin(her, CITIZEN, HER_PASSWORD);
    await her.waitForURL("**/disabled");

    // He re-enables her, after a confirm; she signs in again.
    await row.getByRole("button", { name: `Riabilita ${name}` }).click();
    const confirm = admin.getByRole("dialog", { name: `Riabilitare ${name}?` });
    await expectAccessible(admin);
    await confirm.getByRole("button", { name: "Sì, riabilita" }).click();
    await expect.poll(() => row.getByText("Attivo", { exact: true }).isVisible()).toBe(true);
    await submitLogin(her, CITIZEN, HER_PASSWORD);
    await her.waitForURL("**/cittadino/**");
    await admin.close();
    await her.close();
  });
});
