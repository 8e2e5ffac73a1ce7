/**
 * npm run fault:slow — the database turns slow, then stalls, then comes back, under c=50 (issue 15,
 * docs/reliability.md "Slow database").
 *
 * 1. Creates its own database on the PostgreSQL server at 127.0.0.1:5432 (FAULT_SLOW_TARGET; it only
 *    receives this run's traffic) and starts a TCP proxy in front of it (scripts/fault/slowproxy.ts).
 * 2. Starts the API (demo data) with DATABASE_URL pointing at the proxy: a pool of 10 and a queue
 *    limit of 100 (a profile read runs two queries at once, so 50 clients have up to 90 waiting
 *    when the database is merely slow, and none is shed); the other timeouts are the production defaults.
 * 3. Latency (50 ± 20 ms each way): 50 clients, each one request after the other (the profile and
 *    the latest bookings of a demo citizen). No 5xx; event-loop delay p99 < 50 ms (read from the
 *    API's development-only `GET dev/load`, which measures it with monitorEventLoopDelay).
 * 4. Stall (accepts, never answers): the 50 clients give up after 1 s and ask again, as impatient
 *    users and front proxies do (after a 503 they wait the 1 s of its Retry-After), so the server
 *    would pile up abandoned work without a bound. In-flight work stays
 *    bounded: no more than the queue limit ever waits for a connection, the rest is answered at once
 *    with 503 "Servizio momentaneamente sovraccarico"; a patient probe sees every request end by the
 *    query timeout (503 "Servizio temporaneamente non disponibile"); no other 5xx; event-loop p99 < 50 ms.
 * 5. Fast again: a request succeeds within 5 s, then 5 s of load at c=50 without a 5xx.
 * 6. Reset: every connection to the database is reset (RST) under load: no 5xx but 503, service
 *    back within 5 s.
 * Prints a report; exit 1 when a check fails. The proxy, the API, its database and its work folder are
 * removed at the end, also on failure or Ctrl-C. Every loop is bounded in count and time.
 *
 * Knobs: FAULT_SLOW_TARGET (postgresql://postgres@127.0.0.1:5432), FAULT_SLOW_DATABASE (the database
 * it creates and drops; default cura_fault_slow_<pid>). Not part of npm test.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { errorCatalogue } from "@cura/domain";
import pg from "pg";
import { type Answer, call, freePort, log, login, percentile, startApi, waitForApi } from "./fault/common.ts";
import { type ProxyMode, type SlowProxy, startSlowProxy } from "./fault/slowproxy.ts";

const CLIENTS = 50;
const POOL_SIZE = 10;
/** A profile read runs two queries at once: 50 clients may have up to 90 waiting on a healthy database. */
const QUEUE_LIMIT = 2 * CLIENTS;
const QUERY_TIMEOUT_MS = 12_000; // the production default of DATABASE_QUERY_TIMEOUT_MS
const REST_S = 5;
const LATENCY_S = 15;
/** Longer than the query timeout: the connections stuck at the stall's start have given up by its end. */
const STALL_S = 15;
const AFTER_S = 5;
const RESET_S = 5;
const IMPATIENT_MS = 1000;
const ELD_P99_GOAL_MS = 50;
/** Hard bound on requests per client and phase, whatever happens. */
const MAX_REQUESTS_PER_CLIENT = 5_000;
const OVERLOADED = errorCatalogue.overloaded.message;
const UNAVAILABLE = errorCatalogue.unavailable.message;
const CITIZENS = ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo", "giulia.esposito@cura.demo"];

const target = new URL(process.env.FAULT_SLOW_TARGET ?? "postgresql://postgres@127.0.0.1:5432");
const databaseName = process.env.FAULT_SLOW_DATABASE ?? `cura_fault_slow_${process.pid}`;
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`FAULT_SLOW_DATABASE: not a plain name: ${databaseName}`);
const adminUrl = (() => {
  const url = new URL(target);
  url.pathname = "/postgres";
  return url.toString();
})();

let api: ChildProcess | null = null;
let proxy: SlowProxy | null = null;
let databaseCreated = false;
let workDir = "";

async function dropDatabase(): Promise<void> {
  if (!databaseCreated) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    databaseCreated = false;
  } finally {
    await admin.end();
  }
}

async function cleanUp(): Promise<void> {
  if (api && api.exitCode === null && api.signalCode === null) api.kill("SIGKILL");
  api = null;
  await proxy?.close();
  proxy = null;
  await dropDatabase().catch((error) => console.error(`could not drop ${databaseName}: ${error}`));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = "";
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

interface LoadFigures {
  [key: string]: unknown;
  event_loop_delay_ms: { p50: number; p99: number; max: number; samples: number };
  pool: { waiting: number; peak_waiting: number; shed: number; queue_limit: number | null; total: number } | null;
}

async function loadFigures(base: string, reset = false): Promise<LoadFigures> {
  const answer = await call(base, "GET", `dev/load${reset ? "?reset=true" : ""}`);
  if (answer.status !== 200) throw new Error(`dev/load: ${answer.status}`);
  return answer.body?.data as unknown as LoadFigures;
}

class Phase {
  readonly statuses = new Map<string, number>();
  readonly times: number[] = [];
  aborted = 0;
  serverErrors = 0;
  record(answer: Answer): void {
    if (answer.status === 0) {
      this.aborted++;
      return;
    }
    const overloaded = answer.status === 503 && answer.body?.message === OVERLOADED;
    const unavailable = answer.status === 503 && answer.body?.message === UNAVAILABLE;
    const key = overloaded ? "503 sovraccarico" : unavailable ? "503 non disponibile" : String(answer.status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    this.times.push(answer.ms);
    if (answer.status >= 500 && !overloaded && !unavailable) this.serverErrors++;
  }
  count(key: string): number {
    return this.statuses.get(key) ?? 0;
  }
  summary(): string {
    const answers = [...this.statuses].map(([k, v]) => `${k}: ${v}`).join(", ");
    const p = (q: number) => Math.round(percentile(this.times, q));
    return `${answers}${this.aborted ? `, given up by the client: ${this.aborted}` : ""}; answered in p50 ${p(50)} ms, p99 ${p(99)} ms`;
  }
}

/** `CLIENTS` clients, each one request after the other, for `seconds`. */
async function drive(
  base: string,
  tokens: string[],
  seconds: number,
  phase: Phase,
  timeoutMs: number,
  retryAfterMs = 0,
): Promise<void> {
  const ends = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, n) => {
      const token = tokens[n % tokens.length] as string;
      for (let i = 0; i < MAX_REQUESTS_PER_CLIENT && Date.now() < ends; i++) {
        const path = i % 2 === 0 ? "users/fresh/me" : "users/own/reservations/latest";
        const answer = await call(base, "GET", path, token, undefined, timeoutMs);
        phase.record(answer);
        if (retryAfterMs && answer.status === 503) await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
      }
    }),
  );
}

async function main(): Promise<number> {
  const started = Date.now();
  const failures: string[] = [];
  workDir = mkdtempSync(join(tmpdir(), "cura-fault-slow-"));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
    databaseCreated = true;
  } finally {
    await admin.end();
  }
  proxy = await startSlowProxy({ target: { host: target.hostname, port: Number(target.port || 5432) } });
  const databaseUrl = `postgresql://${target.username || "postgres"}@127.0.0.1:${proxy.port}/${databaseName}`;
  const apiPort = await freePort();
  const base = `http://127.0.0.1:${apiPort}/api/v1`;
  api = startApi({
    databaseUrl,
    port: apiPort,
    workDir,
    env: { DATABASE_POOL_SIZE: String(POOL_SIZE), DATABASE_QUEUE_LIMIT: String(QUEUE_LIMIT) },
  });
  const apiPid = api.pid;
  let apiExit: string | null = null;
  api.once("exit", (code, signal) => {
    apiExit = `code ${code} signal ${signal}`;
  });
  await waitForApi(base, api);
  log(`API up on ${base} (pid ${apiPid}) through the proxy on 127.0.0.1:${proxy.port} → ${target.host}`);
  const tokens = await Promise.all(CITIZENS.map((email) => login(base, email)));
  const setMode = (mode: ProxyMode) => {
    if (proxy) proxy.mode = mode;
    log(`proxy: ${mode}`);
  };

  // 0. At rest, for comparison: on a shared machine the loop's delay is partly other processes' CPU.
  await loadFigures(base, true);
  await new Promise((resolve) => setTimeout(resolve, REST_S * 1000));
  const restLoad = await loadFigures(base, true);
  log(`at rest: event-loop delay ${JSON.stringify(restLoad.event_loop_delay_ms)}`);

  // 1. Latency.
  setMode("latency");
  await loadFigures(base, true);
  const latency = new Phase();
  await drive(base, tokens, LATENCY_S, latency, 15_000);
  const latencyLoad = await loadFigures(base, true);
  log(`latency: ${latency.summary()}`);
  if (latency.serverErrors + latency.count("503 sovraccarico") + latency.count("503 non disponibile") > 0)
    failures.push(`latency: 5xx answers (${latency.summary()})`);
  if (latency.aborted > 0) failures.push(`latency: ${latency.aborted} requests without an answer within 15 s`);
  if (latencyLoad.event_loop_delay_ms.p99 >= ELD_P99_GOAL_MS)
    failures.push(
      `latency: event-loop delay p99 ${latencyLoad.event_loop_delay_ms.p99} ms (goal < ${ELD_P99_GOAL_MS})`,
    );

  // 2. Stall: impatient clients, and one patient probe.
  setMode("stall");
  const stall = new Phase();
  const probe = new Phase();
  const stallEnds = Date.now() + STALL_S * 1000;
  const probing = (async () => {
    for (let i = 0; i < 100 && Date.now() < stallEnds; i++) {
      probe.record(await call(base, "GET", "users/fresh/me", tokens[0], undefined, QUERY_TIMEOUT_MS + 5000));
    }
  })();
  // The clients honour the shed answer's Retry-After (1 s), so that it does not turn into a busy loop.
  await drive(base, tokens, STALL_S, stall, IMPATIENT_MS, 1000);
  await probing;
  const stallLoad = await loadFigures(base, true);
  const probeSlowest = Math.round(Math.max(0, ...probe.times));
  log(`stall: ${stall.summary()}`);
  log(`stall probe: ${probe.summary()}`);
  log(`stall pool: ${JSON.stringify(stallLoad.pool)}, event-loop ${JSON.stringify(stallLoad.event_loop_delay_ms)}`);
  if (stall.serverErrors + probe.serverErrors > 0)
    failures.push(`stall: 5xx other than 503 (${stall.summary()}; probe ${probe.summary()})`);
  if ((stallLoad.pool?.peak_waiting ?? Number.POSITIVE_INFINITY) > QUEUE_LIMIT)
    failures.push(`stall: ${stallLoad.pool?.peak_waiting} waited for a connection (limit ${QUEUE_LIMIT})`);
  if (stall.count("503 sovraccarico") === 0) failures.push("stall: no request was shed with 503 sovraccarico");
  if (probe.aborted > 0 || probeSlowest > QUERY_TIMEOUT_MS + 2000)
    failures.push(`stall: a patient request took ${probeSlowest} ms (query timeout ${QUERY_TIMEOUT_MS} ms)`);
  if (stallLoad.event_loop_delay_ms.p99 >= ELD_P99_GOAL_MS)
    failures.push(`stall: event-loop delay p99 ${stallLoad.event_loop_delay_ms.p99} ms (goal < ${ELD_P99_GOAL_MS})`);

  // 3. Fast again.
  setMode("fast");
  const fastAt = Date.now();
  let recoveredMs: number | null = null;
  for (let i = 0; i < 200 && Date.now() - fastAt < 15_000; i++) {
    const answer = await call(base, "GET", "users/fresh/me", tokens[0], undefined, 5000);
    if (answer.status === 200) {
      recoveredMs = Date.now() - fastAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(`fast again: a request succeeds ${recoveredMs ?? "never"} ms after the proxy went fast`);
  if (recoveredMs === null || recoveredMs > 5000)
    failures.push(`fast again: no success within 5 s (${recoveredMs ?? "never"} ms)`);
  const after = new Phase();
  await drive(base, tokens, AFTER_S, after, 15_000);
  log(`after: ${after.summary()}`);
  if (after.serverErrors + after.count("503 sovraccarico") + after.count("503 non disponibile") > 0)
    failures.push(`after the stall: 5xx answers (${after.summary()})`);

  // 4. Reset every connection under load.
  const resetPhase = new Phase();
  const resetLoad = drive(base, tokens, RESET_S, resetPhase, 15_000);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const resetAt = Date.now();
  const reset = proxy.reset();
  log(`reset: ${reset} connections reset`);
  let backMs: number | null = null;
  for (let i = 0; i < 200 && Date.now() - resetAt < 10_000; i++) {
    if ((await call(base, "GET", "users/fresh/me", tokens[1], undefined, 5000)).status === 200) {
      backMs = Date.now() - resetAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await resetLoad;
  log(`reset: ${resetPhase.summary()}; a request succeeds ${backMs ?? "never"} ms after the reset`);
  if (resetPhase.serverErrors > 0) failures.push(`reset: 5xx other than 503 (${resetPhase.summary()})`);
  if (backMs === null || backMs > 5000) failures.push(`reset: no success within 5 s (${backMs ?? "never"} ms)`);

  const alive = api.exitCode === null && api.signalCode === null && apiExit === null;
  if (!alive) failures.push(`the API process exited (${apiExit})`);
  const apiLog = readFileSync(join(workDir, "api.log"), "utf8");
  const queryTimeouts = (apiLog.match(/Query read timeout/g) ?? []).length;
  const connectTimeouts = (apiLog.match(/timeout exceeded when trying to connect/g) ?? []).length;
  const unexpected = (apiLog.match(/unexpected error/g) ?? []).length;
  if (unexpected > 0) failures.push(`${unexpected} "unexpected error" lines in the API's log`);
  const stats = proxy.stats();
  const eld = (figures: LoadFigures) =>
    `p50 ${figures.event_loop_delay_ms.p50} ms, p99 ${figures.event_loop_delay_ms.p99} ms, max ${figures.event_loop_delay_ms.max} ms`;

  console.log(`
Slow database under c=${CLIENTS} (pool ${POOL_SIZE}, queue limit ${QUEUE_LIMIT}, query timeout ${QUERY_TIMEOUT_MS} ms)
  at rest, ${REST_S} s: event-loop delay ${eld(restLoad)}; machine load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on ${cpus().length} cores
  latency 50 ± 20 ms each way, ${LATENCY_S} s
    answers                 ${latency.summary()}
    requests a second       ${(latency.times.length / LATENCY_S).toFixed(1)}
    event-loop delay        ${eld(latencyLoad)}
    most waiting for a connection  ${latencyLoad.pool?.peak_waiting}
  stall (accepts, never answers), ${STALL_S} s, clients giving up after ${IMPATIENT_MS} ms
    answers                 ${stall.summary()}
    patient probe           ${probe.summary()}; slowest ${probeSlowest} ms
    most waiting for a connection  ${stallLoad.pool?.peak_waiting} (limit ${QUEUE_LIMIT}); shed ${stallLoad.pool?.shed}
    event-loop delay        ${eld(stallLoad)}
    API log                 ${queryTimeouts} query timeouts, ${connectTimeouts} connect timeouts
  fast again: success after ${recoveredMs ?? "never"} ms; ${AFTER_S} s of load: ${after.summary()}
  reset of ${reset} connections under load: ${resetPhase.summary()}; success after ${backMs ?? "never"} ms
  proxy: ${stats.accepted} connections accepted, ${stats.stalled} stalled
  API process ${alive ? `still running (pid ${apiPid})` : `exited (${apiExit})`}; "unexpected error" lines: ${unexpected}
  total ${((Date.now() - started) / 1000).toFixed(1)} s
${failures.length === 0 ? "PASS" : `FAIL\n  - ${failures.join("\n  - ")}`}`);
  return failures.length === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
  if (workDir) {
    try {
      console.error(`--- API log (tail) ---\n${readFileSync(join(workDir, "api.log"), "utf8").slice(-3000)}`);
    } catch {
      // No log yet.
    }
  }
} finally {
  await cleanUp();
}
process.exit(code);
