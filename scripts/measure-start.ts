/**
 * npm run measure:start [-- --only <name,…>] [-- --idle <seconds>] — how long the API takes to answer
 * GET /api/v1/health and how much memory it holds once idle (issue 15, docs/performance.md "Start and
 * memory"). A script, never a test: the figures depend on the machine.
 *
 * Each scenario starts a server as a child process on a free loopback port, polls /api/v1/health
 * every 20 ms from the spawn until it answers 200 (the time to healthy, and the CPU time the process
 * used until then, which depends far less on what else the machine runs), waits `--idle` seconds
 * (default 10) and reads the process's resident memory (VmRSS, and its peak VmHWM) from
 * /proc/<pid>/status, then stops it (SIGTERM). Scenarios:
 *
 * - bare: Fastify + pg answering the health check with `select 1` (scripts/start/bare-server.ts);
 * - the API on PostgreSQL: a new database (migrations and demo data), then that database again;
 * - the API on PGlite: a new data folder, then that folder again;
 * each for the sources (`node apps/api/src/main.ts`, as `npm run dev:api`) and for what `npm run serve`
 * runs (read from package.json: the bundle, built first if it is stale).
 *
 * Environment: MEASURE_DATABASE_URL (a PostgreSQL server; default postgresql://postgres@127.0.0.1:5432/postgres;
 * only the server is used), MEASURE_DATABASE (the database it creates and drops, default cura_measure_start).
 * The PostgreSQL scenarios are skipped when the server does not answer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./fault/common.ts";

const root = new URL("..", import.meta.url).pathname;
const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const IDLE_S = Number(argument("idle") ?? 10);
const ONLY = argument("only")?.split(",");
/** `--steps`: also print when each step of the API's start ended (CURA_START_TIMING). */
const STEPS = process.argv.includes("--steps");
const SERVER_URL = process.env.MEASURE_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DATABASE = process.env.MEASURE_DATABASE ?? "cura_measure_start";

/** What `npm run serve` runs, without npm (whose own start is not the server's). */
function serveArgs(): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const [node, ...args] = (scripts.serve ?? "").split(/\s+/);
  if (node !== "node") throw new Error(`npm run serve is not "node …": ${scripts.serve}`);
  return args;
}

const workDir = mkdtempSync(join(tmpdir(), "cura-measure-start-"));
let child: ChildProcess | null = null;

function cleanUp(): void {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = null;
  rmSync(workDir, { recursive: true, force: true });
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** CPU seconds (user + system, every thread) the process has used: unlike wall time, hardly load-dependent. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function status(pid: number): { rss: number; peak: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

interface Result {
  name: string;
  healthyMs: number | null;
  cpuS: number;
  rssMb: number;
  peakMb: number;
}

async function measure(name: string, args: string[], env: Record<string, string>): Promise<Result> {
  const port = await freePort();
  const logFile = join(workDir, `${name.replace(/\W+/g, "-")}.log`);
  const output: Buffer[] = [];
  const started = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      CURA_START_TIMING: "1",
      ...(process.env.CURA_WEB_DIST ? { CURA_WEB_DIST: process.env.CURA_WEB_DIST } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  proc.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  proc.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  let healthyMs: number | null = null;
  let cpuS = Number.NaN;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && proc.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) {
        healthyMs = performance.now() - started;
        cpuS = cpuSeconds(proc.pid as number);
        break;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (healthyMs === null) {
    proc.kill("SIGKILL");
    throw new Error(`${name}: not healthy within 120 s\n${Buffer.concat(output).toString().slice(-3000)} (${logFile})`);
  }
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const memory = status(proc.pid as number);
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  child = null;
  const result = { name, healthyMs, cpuS, rssMb: memory.rss, peakMb: memory.peak };
  const steps = Buffer.concat(output)
    .toString()
    .split("\n")
    .filter((line) => line.startsWith("start: "))
    .map((line) => line.slice(7));
  console.log(
    `  ${name.padEnd(52)} healthy ${(healthyMs / 1000).toFixed(2).padStart(6)} s (CPU ${cpuS.toFixed(2).padStart(5)} s)   idle RSS ${memory.rss.toFixed(0).padStart(4)} MB   peak ${memory.peak.toFixed(0).padStart(4)} MB`,
  );
  if (STEPS && steps.length > 0) console.log(`      ${steps.join(", ")}`);
  return result;
}

async function main(): Promise<void> {
  let postgres = true;
  try {
    await admin(async (client) => {
      await client.query(`drop database if exists ${DATABASE} with (force)`);
    });
  } catch (error) {
    postgres = false;
    console.log(`PostgreSQL at ${SERVER_URL} does not answer (${(error as Error).message}): its scenarios are skipped`);
  }
  const databaseUrl = withDatabase(SERVER_URL, DATABASE);
  const entries = [
    { kind: "sources", args: ["apps/api/src/main.ts"] },
    { kind: "npm run serve", args: serveArgs() },
  ];
  const scenarios: Array<{ name: string; run: () => Promise<Result> }> = [];
  if (postgres) {
    scenarios.push({
      name: "bare",
      run: () =>
        measure("bare Fastify + pg", ["scripts/start/bare-server.ts"], {
          BARE_DATABASE_URL: withDatabase(SERVER_URL, "postgres"),
        }),
    });
  }
  for (const entry of entries) {
    if (postgres) {
      scenarios.push({
        name: `pg-new-${entry.kind}`,
        run: async () => {
          await admin(async (client) => {
            await client.query(`drop database if exists ${DATABASE} with (force)`);
            await client.query(`create database ${DATABASE}`);
          });
          return measure(`PostgreSQL, new database, ${entry.kind}`, entry.args, { DATABASE_URL: databaseUrl });
        },
      });
      scenarios.push({
        name: `pg-existing-${entry.kind}`,
        run: () => measure(`PostgreSQL, existing database, ${entry.kind}`, entry.args, { DATABASE_URL: databaseUrl }),
      });
    }
    const dataDir = join(workDir, `data-${entry.kind.replace(/\W+/g, "-")}`);
    scenarios.push({
      name: `pglite-first-${entry.kind}`,
      run: () => {
        // An empty cache: the first start on this checkout, which builds the migrated template.
        rmSync(dataDir, { recursive: true, force: true });
        return measure(`PGlite, new data folder, no template yet, ${entry.kind}`, entry.args, {
          DATA_DIR: dataDir,
          CURA_CACHE_DIR: join(workDir, `cache-${Date.now()}`),
        });
      },
    });
    scenarios.push({
      name: `pglite-new-${entry.kind}`,
      run: () => {
        rmSync(dataDir, { recursive: true, force: true });
        return measure(`PGlite, new data folder, ${entry.kind}`, entry.args, { DATA_DIR: dataDir });
      },
    });
    scenarios.push({
      name: `pglite-existing-${entry.kind}`,
      run: () => measure(`PGlite, existing data folder, ${entry.kind}`, entry.args, { DATA_DIR: dataDir }),
    });
  }
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(
    `Start and memory (${new Date().toISOString().slice(0, 16)} UTC, Node ${process.versions.node}, load average ${load}, idle ${IDLE_S} s before reading RSS)`,
  );
  console.log(`npm run serve: node ${serveArgs().join(" ")}`);
  for (const scenario of scenarios) {
    if (ONLY && !ONLY.some((name) => scenario.name.startsWith(name))) continue;
    await scenario.run();
  }
  if (postgres) await admin((client) => client.query(`drop database if exists ${DATABASE} with (force)`));
}

try {
  await main();
} finally {
  cleanUp();
}
