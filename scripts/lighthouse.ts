/**
 * npm run lighthouse — Lighthouse scores of the built web app (issue 15).
 *
 * Expects `npm run build` (builds nothing itself; serves CURA_WEB_DIST when set, as the server does,
 * else apps/web/dist). Starts the API as `npm start` serves it (node
 * apps/api/src/main.ts on a fresh PGlite data dir with the demo data, on a free 127.0.0.1 port, as a
 * child process), signs the demo citizen and the demo pharmacy operator in through the API, and runs
 * Lighthouse (user-flow API, puppeteer-core driving Debian's Chromium, headless, no sandbox) on the
 * public home (/, which sends a visitor to /login), /login, the citizen home and the operator home,
 * mobile and desktop, three times each. A signed-in page starts with the token and the user already
 * in local storage, as the web app keeps them after a sign-in (apps/web/src/lib/storage.ts); every
 * load is cold (Lighthouse clears the HTTP cache, not local storage). Prints the median of each
 * category per page and form factor, the metrics of the median run, and for each goal missed the
 * audits Lighthouse ranks first; writes the table into docs/performance.md between the
 * `lighthouse:begin` and `lighthouse:end` markers. Exit code 1 when a goal is missed.
 *
 * Goals: performance ≥ 90 on login and the citizen home; accessibility 100 on public pages, ≥ 95
 * elsewhere; best practices ≥ 90 everywhere.
 *
 *   npm run lighthouse                  the full run (about 10 minutes on two shared cores)
 *   npm run lighthouse -- --ci          one pass on login and the citizen home, mobile, failing 5
 *                                       points under the goals; writes nothing
 *   npm run lighthouse -- --runs 1      fewer runs per page; --no-write leaves the docs alone
 *   npm run lighthouse -- --only citizen-home,login   some pages only (ids: public-home, login,
 *                                       citizen-home, operator-home)
 *   npm run lighthouse -- --save DIR    also writes each run's full Lighthouse result (JSON) in DIR,
 *                                       to read its diagnostics (LCP element, critical chains, main thread)
 *
 * CHROME_PATH (or CHROMIUM_PATH, as the journeys use) names the browser; default /usr/bin/chromium.
 * Not part of npm test.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startFlow } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer, { type Browser } from "puppeteer-core";
import { signedInStorage, startDemoServer, stopServer, waitForServer } from "./demo-server.ts";
import { freePort } from "./fault/common.ts";

const ROOT = new URL("..", import.meta.url).pathname;
/** The build to serve: CURA_WEB_DIST as the build and the server read it (parallel work trees), else apps/web/dist. */
const WEB_DIST = process.env.CURA_WEB_DIST ?? join(ROOT, "apps/web/dist");
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The journeys' flags (e2e/browser.ts): this machine has no network, so no background traffic. */
const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const DOC = join(ROOT, "docs/performance.md");
const BEGIN = "<!-- lighthouse:begin -->";
const END = "<!-- lighthouse:end -->";
/** A run that takes longer than this is a hung browser or server, not a slow page. */
const RUN_TIMEOUT_MS = 180_000;
const SERVER_START_TIMEOUT_MS = 180_000;
/** Repeats of a run whose trace Lighthouse could not read (see lighthouseRunWithRetry). */
const MAX_RETRIES = 2;
/** How far under the goals `--ci` still passes: one run on a shared machine varies by a few points. */
const CI_MARGIN = 5;

type FormFactor = "mobile" | "desktop";
type Category = "performance" | "accessibility" | "best-practices" | "seo";
const CATEGORIES: readonly Category[] = ["performance", "accessibility", "best-practices", "seo"];
const CATEGORY_LABEL: Record<Category, string> = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
};

interface Target {
  id: string;
  label: string;
  path: string;
  /** The page a visitor ends on (the public home sends anonymous visitors to /login). */
  landsOn: string;
  /** Signed in as this demo account; none for a public page. */
  account?: string;
  goals: Partial<Record<Category, number>>;
}

const PUBLIC_GOALS = { accessibility: 100, "best-practices": 90 };
const SIGNED_IN_GOALS = { accessibility: 95, "best-practices": 90 };
const TARGETS: readonly Target[] = [
  { id: "public-home", label: "public home `/`", path: "/", landsOn: "/login", goals: PUBLIC_GOALS },
  {
    id: "login",
    label: "login `/login`",
    path: "/login",
    landsOn: "/login",
    goals: { ...PUBLIC_GOALS, performance: 90 },
  },
  {
    id: "citizen-home",
    label: "citizen home `/cittadino/home`",
    path: "/cittadino/home",
    landsOn: "/cittadino/home",
    account: "maria.rossi@cura.demo",
    goals: { ...SIGNED_IN_GOALS, performance: 90 },
  },
  {
    id: "operator-home",
    label: "operator home `/operatore/home`",
    path: "/operatore/home",
    landsOn: "/operatore/home",
    account: "farmacia.operatore@cura.demo",
    goals: SIGNED_IN_GOALS,
  },
];

/** The parts of a Lighthouse result this script reads. */
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number | undefined>;
}
interface Lhr {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }>;
  audits: Record<string, Audit>;
  /** The host's CPU power as Lighthouse measures it before each load (docs/throttling.md). */
  environment?: { benchmarkIndex?: number };
}

interface Measurement {
  target: Target;
  formFactor: FormFactor;
  /** Median of the runs, per category (0–100; null when Lighthouse could not score it). */
  scores: Record<Category, number | null>;
  /** The run whose performance score is the median: its metrics and causes are the ones shown. */
  median: Lhr;
  runs: number;
}

const { values: options } = parseArgs({
  options: {
    ci: { type: "boolean", default: false },
    runs: { type: "string" },
    "no-write": { type: "boolean", default: false },
    save: { type: "string" },
    only: { type: "string" },
  },
});
const ci = options.ci;
const runs = options.runs ? Number(options.runs) : ci ? 1 : 3;
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error("--runs takes a whole number from 1 to 9");
  process.exit(2);
}
const write = !ci && !options["no-write"];
const only = options.only?.split(",");
const targets = TARGETS.filter((t) =>
  only ? only.includes(t.id) : !ci || t.id === "login" || t.id === "citizen-home",
);
if (targets.length === 0) {
  console.error(`--only takes page ids among ${TARGETS.map((t) => t.id).join(", ")}`);
  process.exit(2);
}
const formFactors: readonly FormFactor[] = ci ? ["mobile"] : ["mobile", "desktop"];
const margin = ci ? CI_MARGIN : 0;
const saveDir = options.save;
if (saveDir) mkdirSync(saveDir, { recursive: true });

/** Everything to undo, also when a run fails or the script is interrupted. */
const cleanup = {
  server: null as ChildProcess | null,
  browsers: new Set<Browser>(),
  dataDir: null as string | null,
};

async function cleanUp(): Promise<void> {
  for (const browser of cleanup.browsers) {
    browser.process()?.kill("SIGKILL");
  }
  cleanup.browsers.clear();
  if (cleanup.server) await stopServer(cleanup.server);
  cleanup.server = null;
  if (cleanup.dataDir) rmSync(cleanup.dataDir, { recursive: true, force: true });
  cleanup.dataDir = null;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and the browsers`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The browser globals the storage step uses (the scripts' TypeScript has no DOM library). */
interface BrowserGlobals {
  localStorage: { setItem(key: string, value: string): void };
}

/** One cold Lighthouse navigation in a browser of its own. */
async function lighthouseRun(base: string, target: Target, formFactor: FormFactor, storage: [string, string][]) {
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: CHROME_ARGS,
    // Lighthouse sets the viewport of each form factor itself.
    defaultViewport: null,
  });
  cleanup.browsers.add(browser);
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = async (): Promise<Lhr> => {
      const page = await browser.newPage();
      if (storage.length > 0) {
        // Any page of the origin will do for writing its storage: the health check is the smallest.
        await page.goto(`${base}/api/v1/health`);
        await page.evaluate((entries: [string, string][]) => {
          const { localStorage } = globalThis as unknown as BrowserGlobals;
          for (const [key, value] of entries) localStorage.setItem(key, value);
        }, storage);
      }
      const flow = await startFlow(page, {
        config: formFactor === "desktop" ? desktopConfig : undefined,
        flags: { logLevel: "error", onlyCategories: [...CATEGORIES] },
      });
      // The first navigation of a flow resets storage: the HTTP cache and service workers, never local storage.
      await flow.navigate(`${base}${target.path}`, { name: `${target.id} ${formFactor}` });
      const result = await flow.createFlowResult();
      const lhr = result.steps[0]?.lhr as unknown as Lhr | undefined;
      if (!lhr) throw new Error("Lighthouse returned no result");
      return lhr;
    };
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no result within ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS);
    });
    const lhr = await Promise.race([run(), timeout]);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== target.landsOn) {
      throw new Error(`${target.path} ended on ${landed}, not ${target.landsOn} (sign-in state not taken?)`);
    }
    return lhr;
  } finally {
    clearTimeout(timer);
    cleanup.browsers.delete(browser);
    await browser.close().catch(() => browser.process()?.kill("SIGKILL"));
  }
}

const scoreOf = (lhr: Lhr, category: Category): number | null => {
  const score = lhr.categories[category]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, "Please run
 * Lighthouse again"): such a run is repeated, at most twice; any other failure stops the script.
 */
async function lighthouseRunWithRetry(
  base: string,
  target: Target,
  formFactor: FormFactor,
  storage: [string, string][],
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(base, target, formFactor, storage);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt > MAX_RETRIES || !message.startsWith("Lighthouse: ")) throw error;
      console.log(`  ${target.id} ${formFactor}: ${message}; running it again`);
    }
  }
}

/**
 * The server lists the built files when it starts: a build during the run (another terminal, the
 * test suite) leaves it serving an index.html whose assets it does not know, and the scores would
 * mix two builds. Checked before every run.
 */
/** Every run's benchmark index, for the report: a host far under Lighthouse's expected range would need its CPU slowdown calibrated. */
const benchmarkIndexes: number[] = [];

const builtIndex = () => readFileSync(join(WEB_DIST, "index.html"), "utf8");
let servedIndex = "";

async function measure(base: string, target: Target, formFactor: FormFactor, storage: [string, string][]) {
  const lhrs: Lhr[] = [];
  for (let run = 1; run <= runs; run++) {
    if (builtIndex() !== servedIndex) {
      throw new Error(`${WEB_DIST} was rebuilt during the run: run \`npm run lighthouse\` again after the build.`);
    }
    const started = Date.now();
    const lhr = await lighthouseRunWithRetry(base, target, formFactor, storage);
    lhrs.push(lhr);
    if (lhr.environment?.benchmarkIndex !== undefined)
      benchmarkIndexes.push(Math.round(lhr.environment.benchmarkIndex));
    if (saveDir) writeFileSync(join(saveDir, `${target.id}-${formFactor}-${run}.json`), JSON.stringify(lhr));
    const line = CATEGORIES.map((c) => `${CATEGORY_LABEL[c]} ${scoreOf(lhr, c) ?? "–"}`).join(", ");
    console.log(
      `  ${target.id} ${formFactor} run ${run}/${runs}: ${line}; benchmark index ${lhr.environment?.benchmarkIndex ?? "–"} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const values = lhrs.map((lhr) => scoreOf(lhr, category)).filter((v): v is number => v !== null);
      return [category, values.length === lhrs.length ? median(values) : null];
    }),
  ) as Record<Category, number | null>;
  const byPerformance = [...lhrs].sort((a, b) => (scoreOf(a, "performance") ?? -1) - (scoreOf(b, "performance") ?? -1));
  const medianRun = byPerformance[Math.floor(byPerformance.length / 2)] as Lhr;
  return { target, formFactor, scores, median: medianRun, runs } satisfies Measurement;
}

/** The goal a category must reach on this page (minus the `--ci` margin), or null when it has none. */
function goalOf(m: Measurement, category: Category): number | null {
  const goal = m.target.goals[category];
  return goal === undefined ? null : goal - margin;
}

function misses(m: Measurement): Category[] {
  return CATEGORIES.filter((category) => {
    const goal = goalOf(m, category);
    const score = m.scores[category];
    return goal !== null && (score === null || score < goal);
  });
}

const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
] as const;

function metricText(lhr: Lhr, id: string): string {
  const audit = lhr.audits[id];
  if (!audit || audit.numericValue === undefined) return "–";
  if (id === "cumulative-layout-shift") return audit.numericValue.toFixed(2);
  return audit.numericValue >= 1000
    ? `${(audit.numericValue / 1000).toFixed(1)} s`
    : `${Math.round(audit.numericValue)} ms`;
}

/**
 * What Lighthouse ranks first for a category under its goal. Performance: the failing diagnostics
 * and insights by the time they would save on LCP and FCP (and any layout shift they cause), as the
 * report orders them; the other categories: the failing audits by their weight in the score.
 */
function causes(lhr: Lhr, category: Category, count = 3): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const failing = (audit: Audit | undefined): audit is Audit =>
    audit !== undefined &&
    audit.score !== null &&
    audit.score < (category === "performance" ? 0.9 : 1) &&
    !["notApplicable", "informative", "manual", "error"].includes(audit.scoreDisplayMode);
  if (category === "performance") {
    const savings = (audit: Audit) =>
      (audit.metricSavings?.LCP ?? 0) + (audit.metricSavings?.FCP ?? 0) + (audit.metricSavings?.CLS ?? 0) * 10_000;
    return refs
      .filter((ref) => ref.group !== "metrics")
      .map((ref) => lhr.audits[ref.id])
      .filter(failing)
      .sort((a, b) => savings(b) - savings(a))
      .slice(0, count)
      .map((audit) => (audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title));
  }
  return refs
    .filter((ref) => ref.weight > 0 && failing(lhr.audits[ref.id]))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, count)
    .map((ref) => lhr.audits[ref.id]?.title ?? ref.id);
}

function cell(m: Measurement, category: Category): string {
  const score = m.scores[category];
  const goal = goalOf(m, category);
  const text = score === null ? "–" : String(score);
  if (goal === null) return text;
  return score !== null && score >= goal ? `${text} ✓` : `**${text}** ✗ (≥ ${goal})`;
}

function report(measurements: Measurement[], context: string): string {
  const lines = [
    context,
    "",
    `| page | form factor | ${CATEGORIES.map((c) => CATEGORY_LABEL[c]).join(" | ")} | ${METRICS.map(([, n]) => n).join(" | ")} |`,
    `| --- | --- | ${CATEGORIES.map(() => "---").join(" | ")} | ${METRICS.map(() => "---").join(" | ")} |`,
  ];
  for (const m of measurements) {
    lines.push(
      `| ${m.target.label} | ${m.formFactor} | ${CATEGORIES.map((c) => cell(m, c)).join(" | ")} | ${METRICS.map(([id]) => metricText(m.median, id)).join(" | ")} |`,
    );
  }
  const missed = measurements.filter((m) => misses(m).length > 0);
  lines.push("");
  if (missed.length === 0) {
    lines.push("**Every goal met.**");
  } else {
    lines.push("Goals missed, with the causes Lighthouse ranks first (median run):", "");
    for (const m of missed) {
      for (const category of misses(m)) {
        const list = causes(m.median, category);
        lines.push(
          `- ${m.target.label}, ${m.formFactor}, ${CATEGORY_LABEL[category]} ${m.scores[category] ?? "–"} (goal ${goalOf(m, category)}): ${list.length > 0 ? list.join("; ") : "no single failing audit (the metrics themselves)"}.`,
        );
      }
    }
  }
  return lines.join("\n");
}

function writeDoc(section: string): void {
  const doc = readFileSync(DOC, "utf8");
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) {
    console.error(`docs/performance.md has no ${BEGIN} … ${END} block: the table was not written.`);
    return;
  }
  // Read and written at once: other sections of the file belong to other scripts and people.
  writeFileSync(DOC, `${doc.slice(0, begin + BEGIN.length)}\n${section}\n${doc.slice(end)}`);
  console.log("Written to docs/performance.md (Lighthouse section).");
}

function commitOf(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    return dirty.trim() ? `${head} with uncommitted changes` : head;
  } catch {
    return "unknown commit";
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!existsSync(join(WEB_DIST, "index.html"))) {
    throw new Error(`The web app is not built in ${WEB_DIST}: run \`npm run build\` first.`);
  }
  if (!existsSync(CHROME)) {
    throw new Error(`No browser at ${CHROME}: install Debian's chromium or set CHROME_PATH.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "cura-lighthouse-"));
  cleanup.dataDir = dataDir;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverLog: string[] = [];
  servedIndex = builtIndex();
  const server = startDemoServer({ port, dataDir, webDist: WEB_DIST, output: "pipe" });
  const keep = (chunk: Buffer) => {
    serverLog.push(chunk.toString());
    if (serverLog.length > 200) serverLog.shift();
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  cleanup.server = server;
  try {
    await waitForServer(base, server, SERVER_START_TIMEOUT_MS);
  } catch (error) {
    console.error(serverLog.join("").split("\n").slice(-20).join("\n"));
    throw error;
  }
  console.log(`Server up on ${base} (PGlite, demo data) in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const storageOf = new Map<string, [string, string][]>();
  for (const target of targets) {
    if (target.account && !storageOf.has(target.account)) {
      storageOf.set(target.account, await signedInStorage(base, target.account));
    }
  }

  const load = loadavg()[0]?.toFixed(1);
  const measurements: Measurement[] = [];
  for (const formFactor of formFactors) {
    for (const target of targets) {
      measurements.push(
        await measure(base, target, formFactor, target.account ? (storageOf.get(target.account) ?? []) : []),
      );
    }
  }
  const version = measurements[0]?.median.lighthouseVersion ?? "?";
  const chromium = execFileSync(CHROME, ["--version"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const context =
    `${ci ? "`npm run lighthouse -- --ci`" : "`npm run lighthouse`"}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ` +
    `${commitOf()}; Lighthouse ${version}, ${chromium}; ${runs === 1 ? "one run" : `median of ${runs} runs`} per page and form factor ` +
    `(metrics of the median run by performance); load average ${load} at the start, ${minutes} min in all; ` +
    `benchmark index ${benchmarkIndexes.length > 0 ? `${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)}` : "–"} ` +
    "(Lighthouse's default 4× CPU slowdown expects a host above 1000, docs/throttling.md)." +
    (ci ? ` Goals lowered by ${CI_MARGIN} points (one run).` : "");
  const table = report(measurements, context);
  console.log(`\n${table}\n`);
  if (write) writeDoc(table);
  console.log(`Done in ${minutes} min.`);
  if (measurements.some((m) => misses(m).length > 0)) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
