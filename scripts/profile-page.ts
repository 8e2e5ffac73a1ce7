/**
 * npm run profile:page — where a page's first load spends the main thread (issue 15's Lighthouse work).
 *
 *   npm run profile:page -- /cittadino/home            the citizen home, signed in as the demo citizen
 *   npm run profile:page -- /operatore/home --as farmacia.operatore@cura.demo --runs 3
 *   npm run profile:page -- /login --as none --cpu 1
 *
 * Serves the current build (CURA_WEB_DIST when set, else apps/web/dist: run `npm run build -w
 * @cura/web` first) with the API as `npm start` runs it (a fresh PGlite data folder with the demo
 * data, on a loopback port), opens the page cold in Debian's Chromium with the CPU slowed as
 * Lighthouse's phone is (4× by default) and the session in local storage, and records a Chrome trace
 * and a V8 CPU profile of the load. It prints the long tasks (over 50 ms: when, how long, what they
 * hold: module evaluation, script, layout, style) with the observed total blocking time, then the CPU
 * time by source file and by function, mapped through the build's source maps to the app's sources.
 * Lighthouse's score is a simulation over these tasks: this shows which code makes them long.
 * PROFILE_OUT=file.cpuprofile also writes the CPU profile (for DevTools or speedscope).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { type Browser, chromium } from "playwright-core";
import { signedInStorage, startDemoServer, stopServer, waitForServer } from "./demo-server.ts";
import { freePort } from "./fault/common.ts";

const ROOT = join(import.meta.dirname, "..");
const WEB_DIST = process.env.CURA_WEB_DIST ?? join(ROOT, "apps/web/dist");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    as: { type: "string", default: "maria.rossi@cura.demo" },
    runs: { type: "string", default: "1" },
    cpu: { type: "string", default: "4" },
  },
});
const path = positionals[0] ?? "/cittadino/home";
const account = options.as === "none" ? null : options.as;
const runs = Number(options.runs);
const cpuSlowdown = Number(options.cpu);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  timeDeltas: number[];
}

/** What a long task's time went to: the trace events worth naming, summed. */
const TASK_PARTS = [
  "v8.evaluateModule",
  "EvaluateScript",
  "FunctionCall",
  "TimerFire",
  "FireAnimationFrame",
  "RunMicrotasks",
  "Layout",
  "UpdateLayoutTree",
  "ParseHTML",
  "Paint",
  "MinorGC",
  "MajorGC",
];

function longTasks(events: TraceEvent[]): void {
  // The renderer's main thread is the one that parsed the page (the last page parsed: the one loaded).
  const parse = events.findLast((e) => e.name === "ParseHTML");
  if (!parse) throw new Error("the trace has no ParseHTML event");
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X");
  const start = Math.min(...main.map((e) => e.ts));
  let blocking = 0;
  for (const task of main.filter((e) => e.name === "RunTask" && (e.dur ?? 0) > 50_000)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const parts = new Map<string, number>();
    for (const e of inside) {
      if (TASK_PARTS.includes(e.name)) parts.set(e.name, (parts.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const url = inside.find((e) => e.args?.data?.url)?.args?.data?.url?.replace(/^https?:\/\/[^/]+/, "") ?? "";
    const held = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(", ");
    const ms = (task.dur ?? 0) / 1000;
    blocking += ms - 50;
    console.log(
      `  at ${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms  ${ms.toFixed(0).padStart(4)} ms  ${url}  (${held})`,
    );
  }
  console.log(`  observed total blocking time: ${blocking.toFixed(0)} ms`);
}

/** Self time by source (the app's file, or a package) and by function, through the build's source maps. */
function cpuTime(profile: CpuProfile, origin: string): void {
  const maps = new Map<string, TraceMap | null>();
  const source = (frame: CallFrame): { file: string; name: string } => {
    const asset = /\/assets\/([^/?#]+\.js)$/.exec(frame.url)?.[1];
    const fallback = { file: frame.url.replace(origin, "") || "(native)", name: frame.functionName || "(anonymous)" };
    if (!asset) return fallback;
    const mapFile = join(WEB_DIST, "assets", `${asset}.map`);
    if (!maps.has(mapFile)) maps.set(mapFile, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, "utf8")) : null);
    const map = maps.get(mapFile);
    const original = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
    if (!original?.source) return fallback;
    const file = original.source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1").replace(/^.*\/src\//, "src/");
    return { file, name: `${original.name ?? fallback.name} ${file}:${original.line}` };
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const micros = self.get(node.id) ?? 0;
    if (micros === 0 || node.callFrame.functionName === "(idle)") continue;
    const { file, name } = source(node.callFrame);
    byFile.set(file, (byFile.get(file) ?? 0) + micros);
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const top = (totals: Map<string, number>, count: number) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, micros]) => `  ${(micros / 1000).toFixed(1).padStart(7)} ms  ${key}`)
      .join("\n");
  console.log(`CPU time by source (self):\n${top(byFile, 20)}`);
  console.log(`CPU time by function (self):\n${top(byFunction, 25)}`);
}

async function profileLoad(browser: Browser, base: string, storage: [string, string][]): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    if (storage.length > 0) {
      await page.goto(`${base}/api/v1/health`);
      await page.evaluate((entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, storage);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute", "loading"],
    });
    await cdp.send("Profiler.start");
    await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
    console.log(`Long tasks (CPU ${cpuSlowdown}× slower), ${path}:`);
    longTasks(trace.traceEvents);
    cpuTime(profile, base);
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "cura-profile-page-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startDemoServer({ port, dataDir, webDist: WEB_DIST, output: "ignore" });
let browser: Browser | undefined;
try {
  await waitForServer(base, server);
  const storage = account ? await signedInStorage(base, account) : [];
  browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  for (let run = 1; run <= runs; run++) {
    if (runs > 1) console.log(`\n== run ${run} of ${runs}`);
    await profileLoad(browser, base, storage);
  }
} finally {
  await browser?.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
