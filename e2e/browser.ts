import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { AxeResults, Result, RunOptions } from "axe-core";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { englishProblems, fieldProblems, missingKeyProblems, overflowProblems } from "./page-checks.ts";
import { checked, trackVisits } from "./visits.ts";

export const baseUrl = () => inject("baseUrl");
export const DEMO_PASSWORD = "Cura-Demo-2026!";

/** The newest message of the dev outbox to an address whose text matches, waiting for it. */
export async function latestMessage(page: Page, to: string, matching: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = ((await response.json()) as { data: { text: string }[] }).data;
      found = messages.find((m) => matching.test(m.text))?.text;
      return found !== undefined;
    })
    .toBe(true);
  return found as string;
}

/** Debian's Chromium, headless, with no background traffic (this machine has no network). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
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
      // Italian formats in the browser's own widgets (a date field shows gg/mm/aaaa), as an Italian user's.
      "--lang=it-IT",
      // A journey's own flags (the teleconsultation's fake camera and microphone).
      ...extraArgs,
    ],
  });
}

/**
 * The window every journey runs in: 1366×768 by default, or the size CURA_VIEWPORT names ("390x844":
 * the e2e-phone project runs every journey again on a phone). A journey that is about one size passes it.
 */
export const VIEWPORT = (() => {
  const [width, height] = (process.env.CURA_VIEWPORT ?? "1366x768").split("x").map(Number);
  return { width: width || 1366, height: height || 768 };
})();
export const isPhone = () => VIEWPORT.width < 576;

export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: { width: options.width ?? VIEWPORT.width, height: options.height ?? VIEWPORT.height },
    // Bootstrap skips its fades under reduced motion, so axe never judges a half-faded modal.
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  trackVisits(page);
  return page;
}

/**
 * Every page a journey shows passes the checks of issue 16, at the size the journey runs at:
 * axe-core (WCAG 2.1 A and AA) with no violation of any impact, no horizontal overflow, every field
 * with a visible boundary and a label, no missing translation key, no English in the Italian
 * interface (e2e/page-checks.ts). Journeys call it at each step that shows something new.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  const problems = [
    ...violations.map(
      (v) => `axe ${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
    ...(await overflowProblems(page)),
    ...(await fieldProblems(page)),
    ...(await missingKeyProblems(page)),
    ...(await englishProblems(page)),
  ];
  checked(page);
  const where = `checks on ${page.url()} at ${page.viewportSize()?.width ?? "?"} px`;
  // CURA_CHECKS_SURVEY=<file> lists every problem of every step in that file and lets the journey go
  // on: a survey of all the pages at once, when fixing many of them.
  const survey = process.env.CURA_CHECKS_SURVEY;
  if (survey) {
    if (problems.length) appendFileSync(survey, `${where}\n${problems.map((p) => `  - ${p}\n`).join("")}`);
    return;
  }
  expect(problems, where).toEqual([]);
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** Only the violations are judged: axe need not describe every node that passes. */
const AXE_OPTIONS: RunOptions = { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] };
/** The source of the axe-core that @axe-core/playwright itself injects (its own dependency, its version). */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as { source: string }
).source;

/**
 * axe-core's violations on the page as it is now, with the rules of AXE_TAGS. A page without frames
 * (all of ours but a few) gets axe once per document, run where it is: AxeBuilder injected its 1.4 MB
 * source on every call and merged the results in a new tab. A page with frames keeps AxeBuilder,
 * which runs axe in each frame.
 */
async function axeViolations(page: Page): Promise<Result[]> {
  if (page.frames().length > 1) {
    return (
      await new AxeBuilder({ page })
        .options({ resultTypes: ["violations"] })
        .withTags(AXE_TAGS)
        .analyze()
    ).violations;
  }
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe
        .run(document, options)
        .then((results) => results.violations),
    AXE_OPTIONS,
  );
}

/**
 * Waits until the app has taken the page over: /login first shows its prerendered copy, inert (no
 * focus, no clicks: apps/web/vite-plugins/prerender.ts). Playwright's clicks and fills wait for it by
 * themselves; a journey that presses keys must wait for it first, as a person pressing Tab on the
 * copy would find nothing to focus until then.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator("#root:not([inert]) h1").first().waitFor();
}

/** Fills and sends the login form, nothing more (the journeys about the gate and the throttle look at what follows). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail o nome utente").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
}

/**
 * Signs a demo account in and waits for its home. The session is started as the login page leaves it
 * (the token and the user in local storage, apps/web/src/lib/session.ts) from the API's answer, and
 * the app opens on it: the login form is the journeys' own subject where it matters (identity,
 * platform, the keyboard journeys with keyboardSignIn), and filling it at the start of every other
 * journey cost a page load and a form each time.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post(`${baseUrl()}/api/v1/users/login`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), `signing ${email} in: ${await response.text()}`).toBe(200);
  const { data } = (await response.json()) as { data: { token: string; user: { company?: unknown } } };
  const entries: [string, string][] = [
    ["token", data.token],
    ["user", JSON.stringify(data.user)],
  ];
  if (data.user.company) entries.push(["company", JSON.stringify(data.user.company)]);
  // Local storage is the origin's: any page of it will do for writing it, the health check is the smallest.
  await page.goto("/api/v1/health");
  await page.evaluate((items) => {
    for (const [key, value] of items) window.localStorage.setItem(key, value);
  }, entries);
  await page.goto("/");
  await page.waitForURL("**/home");
  await areaShown(page);
}

/**
 * Waits for the signed-in area's shell (its menu: rendered once the session is checked) and for the
 * page to settle. After a sign-in the address is the home's at once, while the area's code is still
 * on its way: the login page stays on screen a moment (RootLayout), then a bare loader may show, and
 * only then the area. A journey that acts on the address alone acts on a page that is going away.
 */
export async function areaShown(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: /^Menu dell'Area/, includeHidden: true }).waitFor({ state: "attached" });
  await settled(page);
}

/**
 * Waits until the page has stopped changing: the session checked (no page loader) and the DOM the
 * same over 200 ms. A click on the header while the shell still checks the session can land on a
 * control that the next render replaces.
 */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator(".cura-page-loader").count()).toBe(0);
  const snapshot = () => page.evaluate(() => `${location.pathname} ${document.body.innerHTML.length}`);
  await expect
    .poll(async () => {
      const before = await snapshot();
      await page.waitForTimeout(200);
      return before === (await snapshot());
    })
    .toBe(true);
}

/**
 * The area's menu (the sidebar), opened first when it hides behind "Apri il menu", as on a phone: a
 * journey goes through the menu the same way at both sizes.
 */
export async function openMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole("navigation", { name: /^Menu dell'Area/ });
  const toggle = page.getByRole("button", { name: "Apri il menu" });
  await expect.poll(async () => (await toggle.isVisible()) || (await menu.getByRole("link").count()) > 0).toBe(true);
  if (await toggle.isVisible()) await toggle.click();
  return menu;
}

/** Follows the entry of the area's menu with this name, opening the menu first on a phone. */
export async function followMenu(page: Page, name: string): Promise<void> {
  await (await openMenu(page)).getByRole("link", { name, exact: true }).click();
}

/**
 * The agenda opens on the day's list on a phone and on the month on a larger screen: a journey that
 * looks at the month chooses it first at both sizes.
 */
export async function showAgendaMonth(page: Page): Promise<void> {
  const calendar = page.getByTestId("agenda-calendar");
  const month = calendar.getByRole("button", { name: /^Mese$/ });
  await month.waitFor();
  if ((await calendar.locator(".fc-dayGridMonth-view").count()) === 0) await month.click();
  await calendar.locator(".fc-dayGridMonth-view").waitFor();
}
