/**
 * npm run screens — screenshots of the pages issue 16 asks to look at together, at 1366×768 and 390×844,
 * into docs/screens/ (PNG): the booking wizard, a provider's detail, the operator's worklist and the
 * company settings (services). Shows whether they look like one product, on a desktop and on a phone.
 *
 * Expects `npm run build` (serves CURA_WEB_DIST when set, as the server does, else apps/web/dist).
 * Starts the API as `npm start` does (apps/api/src/main.ts, a fresh PGlite data dir with the demo data,
 * a free loopback port) and signs the demo accounts in through the login page, in Debian's Chromium
 * (CHROMIUM_PATH). Each shot is the page from its top, at most 2400 px tall.
 *
 *   npm run screens              write docs/screens/*.png
 *   npm run screens -- --check   also run the journeys' page checks (e2e/page-checks.ts) on these pages
 *                                and a few more operator pages, and print what they find; exit 1 if any
 *   npm run screens -- --no-write  take nothing (with --check: only the checks)
 * Not part of npm test.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "playwright-core";
import { DEMO_PASSWORD } from "../apps/api/src/db/seed.ts";
import { englishProblems, fieldProblems, missingKeyProblems, overflowProblems } from "../e2e/page-checks.ts";
import { startDemoServer, waitForServer } from "./demo-server.ts";
import { freePort } from "./fault/common.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const WEB_DIST = process.env.CURA_WEB_DIST ?? join(ROOT, "apps/web/dist");
const OUT = join(ROOT, "docs/screens");
const SIZES = [
  { name: "desktop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
] as const;

interface Shot {
  name: string;
  account: string;
  /** Opens the page and waits until it shows what it is for. */
  open: (page: Page) => Promise<void>;
  /** Checked with --check, not photographed. */
  checkOnly?: boolean;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).first().waitFor();

const SHOTS: Shot[] = [
  {
    name: "wizard",
    account: "maria.rossi@cura.demo",
    open: async (page) => {
      await page.goto("/cittadino/appuntamenti/nuovo/prestazione");
      await heading(page);
      await page.getByRole("button", { name: "Avanti" }).first().waitFor();
    },
  },
  {
    name: "provider-detail",
    account: "maria.rossi@cura.demo",
    open: async (page) => {
      await page.goto("/cittadino/ricerca?regione=Lombardia&provincia=MI&comune=Milano");
      await page.getByRole("link", { name: "Farmacia Brera" }).click();
      await page.getByRole("heading", { level: 1, name: "Farmacia Brera" }).waitFor();
      await page.waitForLoadState("networkidle");
    },
  },
  {
    name: "operator-worklist",
    account: "farmacia.admin@cura.demo",
    open: async (page) => {
      await page.goto("/operatore/prenotazioni");
      await page
        .getByRole("link", { name: /^Dettaglio/ })
        .first()
        .waitFor();
    },
  },
  {
    name: "operator-settings",
    account: "farmacia.admin@cura.demo",
    open: async (page) => {
      await page.goto("/operatore/impostazioni/servizi");
      await page.getByTestId("health-services").waitFor();
    },
  },
  ...(
    [
      ["operator-tools", "/operatore/prenotazioni/strumenti", "link"],
      ["operator-operators", "/operatore/impostazioni/operatori", "operators"],
      ["operator-company-data", "/operatore/impostazioni/anagrafica", null],
      ["operator-analytics", "/operatore/analitiche", "table"],
      ["operator-archive", "/operatore/archivio", null],
    ] as const
  ).map(
    ([name, path, wait]): Shot => ({
      name,
      account: "farmacia.admin@cura.demo",
      checkOnly: true,
      open: async (page) => {
        await page.goto(path);
        await heading(page);
        if (wait === "link")
          await page
            .getByRole("link", { name: /^Dettaglio/ })
            .first()
            .waitFor();
        else if (wait === "table") await page.locator("main table").first().waitFor();
        else if (wait) await page.getByTestId(wait).waitFor();
        await page.waitForLoadState("networkidle");
      },
    }),
  ),
];

const popupQuestionLater = (page: Page) =>
  page.getByRole("dialog").getByRole("button", { name: "Più tardi", exact: true });

async function signedInPage(browser: Browser, base: string, account: string, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({
    baseURL: base,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto("/login");
  await page.getByLabel("E-mail o nome utente").fill(account);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await page.waitForURL("**/home");
  // The demo's pop-up questions ask the citizen on every load; the journeys switch them off in their
  // database (e2e/global-setup.ts), this script answers "Più tardi" whenever one covers the page.
  await page.addLocatorHandler(popupQuestionLater(page), (later) => later.click());
  return page;
}

async function main() {
  const { values } = parseArgs({ options: { check: { type: "boolean" }, "no-write": { type: "boolean" } } });
  if (!existsSync(join(WEB_DIST, "index.html"))) throw new Error(`no build in ${WEB_DIST}: run npm run build first`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "cura-screens-"));
  const server = startDemoServer({ port, dataDir, webDist: WEB_DIST, output: "inherit" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--lang=it-IT"],
  });
  let problems = 0;
  try {
    await waitForServer(base, server, 120_000);
    if (!values["no-write"]) mkdirSync(OUT, { recursive: true });
    for (const size of SIZES) {
      const pages = new Map<string, Page>();
      for (const shot of SHOTS) {
        if (shot.checkOnly && !values.check) continue;
        let page = pages.get(shot.account);
        if (!page) {
          page = await signedInPage(browser, base, shot.account, size);
          pages.set(shot.account, page);
        }
        await shot.open(page);
        // A screenshot is not an action: the handler above does not run for it.
        if (await popupQuestionLater(page).isVisible()) await popupQuestionLater(page).click();
        if (!shot.checkOnly && !values["no-write"]) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          const file = join(OUT, `${shot.name}-${size.name}.png`);
          await page.screenshot({
            path: file,
            fullPage: true,
            clip: { x: 0, y: 0, width: size.width, height: Math.min(height, 2400) },
          });
          console.log(`✓ ${file.replace(ROOT, "")}`);
        }
        if (values.check) {
          const found = [
            ...(await overflowProblems(page)),
            ...(await fieldProblems(page)),
            ...(await missingKeyProblems(page)),
            ...(await englishProblems(page)),
          ];
          problems += found.length;
          console.log(`${found.length ? "✗" : "✓"} checks of ${shot.name} at ${size.width} px`);
          for (const problem of found) console.log(`    - ${problem}`);
        }
      }
      for (const page of pages.values()) await page.context().close();
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (problems) process.exitCode = 1;
}

await main();
