/**
 * npm run bench:api — the API's hot routes under load, side by side with a bare server (issue 15).
 *
 * On PostgreSQL, with the data set of bench:search and bench:bookings (scripts/bench-data.ts; here
 * by default 10,000 companies, 50,000 health services, 10,000 citizens and 250,000 bookings, so that
 * seeding stays under three minutes on a busy machine: BENCH_BOOKINGS=1000000 for the full set), in
 * its own database (BENCH_DATABASE, default cura_bench_api):
 *   1. starts the API as `npm run serve` does (production mode, pool of BENCH_POOL_SIZE = 10) as a
 *      child process, signs a citizen, an operator and 20 more citizens in;
 *   2. runs each read once in this process on the same database with a hook on the driver, and keeps
 *      the SQL it sent (text, parameters, prepared statement name, which statements went together);
 *   3. starts the bare baseline (scripts/bench/baseline.ts: Fastify 5 + pg, same pool size) that
 *      answers each read with that SQL and nothing else;
 *   4. with autocannon over 127.0.0.1: each read at c=10 and c=50 on both sides, then each write at
 *      c=20 on the API, every run after a warm-up (3 s, then 10 s measured; median of 3 passes;
 *      `--quick`: 1 s and 3 s, one pass). CPU per request comes from inside each process
 *      (process.cpuUsage over IPC, scripts/bench/cpu-report.js), read before and after each run.
 * It prints requests/s, p50, p99 and CPU per request of both sides and their ratios, checks the goals
 * (reads ≥ 0.5× the baseline's requests/s with p99 ≤ 2×, writes p99 < 100 ms) and fails (exit 1) on
 * any error, time-out or 5xx. Goals missed are reported, not failed: the figures go to
 * docs/performance.md. It stops both servers and drops the database at the end, also on failure
 * (BENCH_KEEP=1 keeps the database, BENCH_REUSE=1 reuses a kept one). Not part of npm test.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../fault/common.ts";
import type { CapturedScenario, CapturedStatement } from "./baseline.ts";
import { spawnMeasured, stop, usageOf, waitFor } from "./processes.ts";

process.env.BENCH_DATABASE ??= "cura_bench_api";
process.env.BENCH_BOOKINGS ??= "250000";
const data = await import("../bench-data.ts");
const { addDays, isoWeekday, zonedDate } = await import("../../apps/api/src/platform/zoned-time.ts");

const QUICK = process.argv.includes("--quick");
/** `--only <regex>`: only the reads and writes whose name matches (a narrower run, e.g. to profile one route). */
const onlyIndex = process.argv.indexOf("--only");
const ONLY = onlyIndex >= 0 ? new RegExp(process.argv[onlyIndex + 1] ?? "", "i") : null;
/** BENCH_PROFILE=<dir>: the API writes a V8 CPU profile there when it stops (scripts/bench/profile-summary.ts reads it). */
const PROFILE_DIR = process.env.BENCH_PROFILE;
const WARMUP_S = QUICK ? 2 : 3;
const DURATION_S = QUICK ? 5 : 10;
const PASSES = QUICK ? 1 : 3;
const READ_CONNECTIONS = [10, 50];
const WRITE_CONNECTIONS = 20;
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const WRITERS = 20;
const _root = new URL("../..", import.meta.url).pathname;

interface Child {
  process: ChildProcess;
  base: string;
}

// ─── Fixtures ────────────────────────────────────────────────────────────────────────────────

/**
 * An operator with every permission string at the benchmark company with the most bookings (the
 * data set has none): the operator's reads need one. Same password as the citizens.
 */
async function addOperator(sql: pg.Client): Promise<string> {
  const email = "operatore@bench.cura";
  await sql.query(
    `with company as (
       select company_id as id from bookings group by company_id order by count(*) desc, company_id limit 1
     ),
     person as (
       insert into users (email, username, password_hash, type, i_am, email_verified_at, number_verified_at,
         data_consense, share_consense, charge_consense)
       select $1, 'bench.operatore', password_hash, 1, 'operatore', now(), now(), true, true, true
       from users where email = $2
       on conflict do nothing
       returning id
     ),
     record as (
       insert into anagrafiche (user_id, name, surname, tel_number)
       select id, 'Operatore', 'Bench', '3300000000' from person
     )
     insert into operators (user_id, company_id, role, permissions)
     select person.id, company.id, 'amministratore', $3::text[] from person, company`,
    [email, data.benchCitizenEmail(1), Object.values((await import("@cura/domain")).OPERATOR_PERMISSIONS)],
  );
  return email;
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: data.DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

interface Read {
  name: string;
  /** Path under /api/v1, with its query. */
  path: string;
  token: string;
}

// ─── Capture of the routes' SQL ──────────────────────────────────────────────────────────────

/**
 * Runs each read once more in this process, through the real app on the same database, with a hook
 * on the driver, and keeps the statements it sent. Writes (the access log, a session's last use) are
 * left out: the baseline has no audit. Statements sent while another was still running form a group,
 * which the baseline sends together too.
 */
async function captureReads(databaseUrl: string, reads: Read[]): Promise<Record<string, CapturedScenario>> {
  const { buildApp } = await import("../../apps/api/src/app.ts");
  const { loadConfig } = await import("../../apps/api/src/config.ts");
  const { openDatabase } = await import("../../apps/api/src/db/client.ts");
  const { hashToken } = await import("../../apps/api/src/platform/auth/tokens.ts");
  const storageDir = mkdtempSync(join(tmpdir(), "cura-bench-api-capture-"));
  const database = await openDatabase({ databaseUrl, poolSize: POOL_SIZE });
  const pool = database.pool as pg.Pool;
  let log: Array<CapturedStatement & { group: number }> = [];
  let inFlight = 0;
  let group = 0;
  const wrapped = new WeakSet<object>();
  pool.on("acquire", (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string; values?: unknown[]; name?: string; rowMode?: "array" };
      const config = typeof first === "string" ? { text: first } : first;
      const values = (Array.isArray(args[1]) ? args[1] : config.values) ?? [];
      if (inFlight === 0) group += 1;
      inFlight += 1;
      log.push({
        text: config.text,
        values,
        ...(config.name ? { name: config.name } : {}),
        ...(config.rowMode ? { rowMode: config.rowMode } : {}),
        group,
      });
      const done = () => {
        inFlight -= 1;
      };
      const last = args[args.length - 1];
      if (typeof last === "function") {
        args[args.length - 1] = (...result: unknown[]) => {
          done();
          return (last as (...a: unknown[]) => unknown)(...result);
        };
        return original.apply(client, args);
      }
      const result = original.apply(client, args);
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result;
    };
  });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir, LOG_LEVEL: "warn" }),
    database,
  });
  const captured: Record<string, CapturedScenario> = {};
  try {
    await app.ready();
    for (const read of reads) {
      const call = () =>
        app.inject({ method: "GET", url: `/api/v1${read.path}`, headers: { authorization: `Bearer ${read.token}` } });
      await call(); // a session's last use, first-time caches: not part of the route's steady state
      log = [];
      const response = await call();
      if (response.statusCode !== 200) throw new Error(`capture ${read.name}: ${response.statusCode} ${response.body}`);
      const tokenHash = hashToken(read.token);
      const groups = new Map<number, CapturedStatement[]>();
      for (const { group: g, ...statement } of log) {
        if (/^\s*(insert|update|delete|begin|commit|rollback)\b/i.test(statement.text)) continue;
        const tokenParam = statement.values.indexOf(tokenHash);
        const list = groups.get(g) ?? [];
        list.push(tokenParam >= 0 ? { ...statement, tokenParam } : statement);
        groups.set(g, list);
      }
      captured[read.name] = [...groups.values()];
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(storageDir, { recursive: true, force: true });
  }
  return captured;
}

// ─── Load ────────────────────────────────────────────────────────────────────────────────────

interface Run {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequest: number;
  requests: number;
  errors: number;
  serverErrors: number;
  non2xx: number;
}

type Setup = (request: autocannon.Request) => autocannon.Request;

async function load(
  target: Child,
  url: string,
  connections: number,
  headers: Record<string, string>,
  setup?: Setup,
): Promise<Run> {
  const options = (duration: number): autocannon.Options => ({
    url,
    connections,
    duration,
    headers,
    timeout: 30,
    ...(setup ? { requests: [{ setupRequest: setup }] } : {}),
  });
  await autocannon(options(WARMUP_S));
  const before = (await usageOf(target.process)).cpuMs;
  const result = await autocannon(options(DURATION_S));
  const after = (await usageOf(target.process)).cpuMs;
  const requests = result.requests.total;
  return {
    rps: requests / DURATION_S,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: (after - before) / Math.max(1, requests),
    requests,
    errors: result.errors + result.timeouts,
    serverErrors: result["5xx"],
    non2xx: result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The median of each figure over the passes; failures are summed. */
function summarise(runs: Run[]): Run {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpuPerRequest: median(runs.map((r) => r.cpuPerRequest)),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    serverErrors: runs.reduce((sum, r) => sum + r.serverErrors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), "cura-bench-api-"));
  let api: ChildProcess | null = null;
  let baseline: ChildProcess | null = null;
  let failed = false;
  let sql: pg.Client | null = null;
  let cleaned: Promise<void> | null = null;
  // Once, from the end of the run or from an interruption: servers stopped, database dropped, files removed.
  const cleanup = () => {
    cleaned ??= (async () => {
      await Promise.all([stop(api), stop(baseline)]);
      if (failed) {
        for (const name of ["api.log", "baseline.log"]) {
          const text = (() => {
            try {
              return readFileSync(join(workDir, name), "utf8").trim();
            } catch {
              return "";
            }
          })();
          if (text) console.log(`${name} (last lines):\n${text.split("\n").slice(-20).join("\n")}`);
        }
      }
      await sql?.end().catch(() => {});
      await data.dropBenchDatabase();
      rmSync(workDir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  const interrupted = () => {
    failed = true;
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    const prepared = await data.prepareBenchDatabase({ poolSize: 2 });
    const { databaseUrl, counts, seconds } = prepared;
    await prepared.database.close();
    console.log(`Seeded in ${seconds} s:`, counts);
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    const operatorEmail = await addOperator(sql);
    const lastSeeded = (await sql.query<{ id: number }>("select max(id)::int as id from bookings")).rows[0]?.id ?? 0;

    const apiPort = await freePort();
    const base = `http://127.0.0.1:${apiPort}/api/v1`;
    api = spawnMeasured(
      "apps/api/src/main.ts",
      {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(apiPort),
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        DATA_DIR: workDir,
        STORAGE_DIR: join(workDir, "files"),
        APP_SECRET: randomBytes(32).toString("hex"),
        FILES_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
      },
      join(workDir, "api.log"),
      PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
    await waitFor(`${base}/health`, api, 90_000);

    const citizen = await signIn(base, data.benchCitizenEmail(1));
    const operator = await signIn(base, operatorEmail);
    const writers: string[] = [];
    for (let n = 2; n < 2 + WRITERS; n++) writers.push(await signIn(base, data.benchCitizenEmail(n)));

    // A week of slots of a service a citizen finds in Milano, as the search returns it.
    const found = await getJson<Array<{ health_services: Array<{ hashid: string }> }>>(
      `${base}/healthservices/search/companies?comune=Milano&per_page=100`,
      citizen,
    );
    const services = found.flatMap((c) => c.health_services.map((s) => s.hashid));
    const today = zonedDate(Date.now(), "Europe/Rome");
    const monday = addDays(today, 8 - isoWeekday(today));
    const reads: Read[] = [
      { name: "GET users/fresh/me (citizen)", path: "/users/fresh/me", token: citizen },
      { name: "GET users/fresh/me (operator)", path: "/users/fresh/me", token: operator },
      { name: "GET users/own/reservations/latest", path: "/users/own/reservations/latest", token: citizen },
      {
        name: "GET healthservices/slots/array (week)",
        path: `/healthservices/slots/array/${services[0]}?from=${monday}&to=${addDays(monday, 6)}`,
        token: citizen,
      },
      {
        name: "GET companies/compact/search (comune)",
        path: "/companies/compact/search?comune=Milano&per_page=20",
        token: citizen,
      },
      { name: "GET companies/own/reservations", path: "/companies/own/reservations", token: operator },
      {
        name: "GET reservations/company/own?awaiting=any",
        path: "/reservations/company/own?awaiting=any",
        token: operator,
      },
      { name: "GET popupnotifications", path: "/popupnotifications", token: citizen },
    ];

    if (ONLY) reads.splice(0, reads.length, ...reads.filter((read) => ONLY.test(read.name)));
    const captured = await captureReads(databaseUrl, reads);
    const scenariosFile = join(workDir, "scenarios.json");
    const keyed = Object.fromEntries(reads.map((read, i) => [`s${i}`, captured[read.name] as CapturedScenario]));
    writeFileSync(scenariosFile, JSON.stringify(keyed));
    console.log("\nSQL per read (statements, in round trips):");
    for (const read of reads) {
      const groups = captured[read.name] ?? [];
      console.log(
        `  ${read.name.padEnd(44)} ${groups.flat().length} statements in ${groups.length} round trips, ${groups.flat().filter((s) => s.name).length} prepared`,
      );
    }

    const baselinePort = await freePort();
    const baselineBase = `http://127.0.0.1:${baselinePort}/baseline`;
    baseline = spawnMeasured(
      "scripts/bench/baseline.ts",
      {
        BASELINE_PORT: String(baselinePort),
        BASELINE_DATABASE_URL: databaseUrl,
        BASELINE_POOL_SIZE: String(POOL_SIZE),
        BASELINE_SCENARIOS: scenariosFile,
      },
      join(workDir, "baseline.log"),
    );
    await waitFor(`${baselineBase}/none`, baseline, 90_000);
    const apiChild: Child = { process: api, base };
    const baselineChild: Child = { process: baseline, base: baselineBase };

    const loadBefore = loadavg()[0] ?? 0;
    const readResults: Array<{ read: Read; connections: number; api: Run; baseline: Run }> = [];
    for (const [i, read] of reads.entries()) {
      for (const connections of READ_CONNECTIONS) {
        const apiRuns: Run[] = [];
        const baselineRuns: Run[] = [];
        // Passes alternate the two sides, so that both see the same neighbours on the shared machine.
        for (let pass = 0; pass < PASSES; pass++) {
          const headers = { authorization: `Bearer ${read.token}` };
          apiRuns.push(await load(apiChild, `${base}${read.path}`, connections, headers));
          baselineRuns.push(await load(baselineChild, `${baselineBase}/s${i}`, connections, headers));
        }
        const result = { read, connections, api: summarise(apiRuns), baseline: summarise(baselineRuns) };
        readResults.push(result);
        console.log(
          `  ${read.name} c=${connections}: API ${fixed(result.api.rps, 0)}/s p99 ${result.api.p99} ms, baseline ${fixed(result.baseline.rps, 0)}/s p99 ${result.baseline.p99} ms`,
        );
      }
    }

    // Writes: each request its own free slot (bookings), or a writer's own booking (notes, messages).
    const slotQueue: Array<{ service: string; start: string }> = [];
    for (const service of services.slice(0, 40)) {
      for (let week = 0; week < 4; week++) {
        const from = addDays(monday, 7 * week);
        const slots = await getJson<{ days: Array<{ slots: Array<{ start: string }> }> }>(
          `${base}/healthservices/slots/array/${service}?from=${from}&to=${addDays(from, 6)}`,
          citizen,
        );
        for (const slot of slots.days.flatMap((d) => d.slots)) slotQueue.push({ service, start: slot.start });
      }
    }
    // Spread consecutive requests over services, so that they do not all queue on one service's lock.
    slotQueue.sort((a, b) => a.start.localeCompare(b.start) || a.service.localeCompare(b.service));
    const ownBookings: Array<{ token: string; hashid: string }> = [];
    for (const token of writers) {
      const latest = await getJson<Array<{ hashid: string; status: string; start: string | null }>>(
        `${base}/users/own/reservations/latest`,
        token,
      );
      const future = latest.find(
        (b) => b.start && b.start > new Date(Date.now() + 86_400_000).toISOString() && b.status !== "annullato",
      );
      if (future) ownBookings.push({ token, hashid: future.hashid });
    }
    if (ownBookings.length === 0) throw new Error("no future booking of the writers to write notes and messages on");
    let nextSlot = 0;
    let nextWriter = 0;
    const json = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
    const writes: Array<{ name: string; path: string; setup: Setup }> = [
      {
        name: "POST reservations",
        path: "/reservations",
        setup: (request) => {
          const slot = slotQueue[nextSlot++ % slotQueue.length] as { service: string; start: string };
          const token = writers[nextWriter++ % writers.length] as string;
          return {
            ...request,
            method: "POST",
            path: "/api/v1/reservations",
            headers: json(token),
            body: JSON.stringify({ health_service: slot.service, start: slot.start }),
          };
        },
      },
      {
        name: "PATCH reservations/notes/{id}",
        path: "/reservations/notes",
        setup: (request) => {
          const own = ownBookings[nextWriter++ % ownBookings.length] as { token: string; hashid: string };
          return {
            ...request,
            method: "PATCH",
            path: `/api/v1/reservations/notes/${own.hashid}`,
            headers: json(own.token),
            body: JSON.stringify({ notes: `Nota ${nextWriter}` }),
          };
        },
      },
      {
        name: "POST reservations/message/{id}",
        path: "/reservations/message",
        setup: (request) => {
          const own = ownBookings[nextWriter++ % ownBookings.length] as { token: string; hashid: string };
          return {
            ...request,
            method: "POST",
            path: `/api/v1/reservations/message/${own.hashid}`,
            headers: json(own.token),
            body: JSON.stringify({ body: `Messaggio ${nextWriter}` }),
          };
        },
      },
    ];
    const writeResults: Array<{ name: string; run: Run }> = [];
    for (const write of writes) {
      if (ONLY && !ONLY.test(write.name)) continue;
      const runs: Run[] = [];
      for (let pass = 0; pass < PASSES; pass++)
        runs.push(await load(apiChild, `${base}${write.path}`, WRITE_CONNECTIONS, {}, write.setup));
      writeResults.push({ name: write.name, run: summarise(runs) });
    }
    const loadAfter = loadavg()[0] ?? 0;
    const created = await sql.query<{ n: number }>("select count(*)::int as n from bookings where id > $1", [
      lastSeeded,
    ]);

    console.log(
      `\n${counts.companies} companies, ${counts.health_services} health services, ${counts.bookings} bookings; pool ${POOL_SIZE}; ` +
        `${QUICK ? "quick: one pass" : `median of ${PASSES} passes`}, ${WARMUP_S} s warm-up + ${DURATION_S} s; load average ${fixed(loadBefore)} → ${fixed(loadAfter)}`,
    );
    console.log(
      "\n| read | c | API req/s | baseline req/s | ratio | API p50 / p99 ms | baseline p50 / p99 ms | p99 ratio | CPU/request API / baseline ms | goal |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    const missed: string[] = [];
    for (const r of readResults) {
      const ratio = r.api.rps / Math.max(1e-9, r.baseline.rps);
      const p99Ratio = r.api.p99 / Math.max(1e-9, r.baseline.p99);
      const met = ratio >= 0.5 && p99Ratio <= 2;
      if (!met) missed.push(`${r.read.name} c=${r.connections}`);
      console.log(
        `| ${r.read.name} | ${r.connections} | ${fixed(r.api.rps, 0)} | ${fixed(r.baseline.rps, 0)} | ${fixed(ratio, 2)}× | ${r.api.p50} / ${r.api.p99} | ${r.baseline.p50} / ${r.baseline.p99} | ${fixed(p99Ratio, 1)}× | ${fixed(r.api.cpuPerRequest, 2)} / ${fixed(r.baseline.cpuPerRequest, 2)} (${fixed(r.api.cpuPerRequest / Math.max(1e-9, r.baseline.cpuPerRequest), 1)}×) | ${met ? "met" : "missed"} |`,
      );
    }
    console.log("\n| write (c=20) | req/s | p50 ms | p99 ms | CPU/request ms | non-2xx | goal |");
    console.log("| --- | --- | --- | --- | --- | --- | --- |");
    for (const w of writeResults) {
      const met = w.run.p99 < 100;
      if (!met) missed.push(`${w.name} p99 ${w.run.p99} ms`);
      console.log(
        `| ${w.name} | ${fixed(w.run.rps, 0)} | ${w.run.p50} | ${w.run.p99} | ${fixed(w.run.cpuPerRequest, 2)} | ${w.run.non2xx} | ${met ? "met" : "missed"} |`,
      );
    }
    console.log(`\nBookings created: ${created.rows[0]?.n}`);

    const all = [...readResults.flatMap((r) => [r.api, r.baseline]), ...writeResults.map((w) => w.run)];
    const checks = {
      "zero errors and time-outs": all.every((r) => r.errors === 0),
      "zero 5xx": all.every((r) => r.serverErrors === 0),
      "reads all 2xx": readResults.every((r) => r.api.non2xx === 0 && r.baseline.non2xx === 0),
    };
    for (const [name, ok] of Object.entries(checks)) console.log(`${ok ? "PASS" : "FAIL"}  ${name}`);
    if (missed.length > 0) console.log(`Goals missed: ${missed.join("; ")}`);
    failed = Object.values(checks).some((ok) => !ok);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await cleanup();
  }
  if (failed) process.exitCode = 1;
}

await main();
