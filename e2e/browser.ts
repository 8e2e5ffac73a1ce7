import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";

export const baseUrl = () => inject("baseUrl");
export const DEMO_PASSWORD = "Cura-Demo-2026!";

/** Debian's Chromium, headless, with no background traffic (this machine has no network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    // Bootstrap skips its fades under reduced motion, so axe never judges a half-faded modal.
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Fails on any serious or critical axe-core violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Fills and sends the login form, nothing more (the journeys about the gate and the throttle look at what follows). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail o nome utente").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
}

/** Signs a demo account in and waits for its home. */
export async function signIn(page: Page, email: string): Promise<void> {
  await submitLogin(page, email);
  await page.waitForURL("**/home");
}
