/**
 * npm run bench:bookings — concurrent booking against one real API instance on PostgreSQL (issue 5).
 *
 * Prepares the search benchmark's data set (scripts/bench-data.ts: 10,000 companies, 50,000 health
 * services, 10,000 citizens with a verified phone, 1,000,000 bookings) in its own database
 * cura_bench, starts the API as `npm run serve` does (node apps/api/src/main.ts, NODE_ENV=production,
 * DATABASE_URL) on a loopback port, signs 200 citizens in, then for 30 seconds each of the 200
 * clients, one request after the other:
 *   1. reads a week of slots of one of 40 health services in Milano (GET healthservices/slots/array/{hash}),
 *   2. books one of the first free slots (POST reservations): 201, or 409 when another client took it,
 *   3. reads its agenda (GET users/own/reservations/calendar) and today's list (…/today).
 * The clients aim at few services and the first free slots on purpose, so that they race for the
 * same slots. It prints throughput and p50/p95/p99 per call, then checks in SQL that no slot holds
 * more active bookings than its capacity and that every 201 is one booking, and fails (exit 1) on
 * any 5xx, network error or double booking. Then it stops the server and drops the database
 * (BENCH_KEEP=1 keeps it). Not part of npm test.
 *
 * Knobs: BENCH_CLIENTS (200), BENCH_SECONDS (30), BENCH_SERVICES (40), BENCH_DATABASE_URL (the
 * server; default postgresql://postgres@127.0.0.1:5432/test, whose database is not touched),
 * BENCH_POOL_SIZE (the API's DATABASE_POOL_SIZE, default 10 as in production's default).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { addDays, isoWeekday, zonedDate } from "../apps/api/src/platform/zoned-time.ts";
import {
  BOOKINGS,
  backendCpu,
  backendCpuBetween,
  benchCitizenEmail,
  cpuMs,
  DEMO_PASSWORD,
  dropBenchDatabase,
  prepareBenchDatabase,
  seededRandom,
} from "./bench-data.ts";
import { freePort } from "./fault/common.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 30) * 1000;
const SERVICES = Number(process.env.BENCH_SERVICES ?? 40);
const POOL_SIZE = process.env.BENCH_POOL_SIZE ?? "10";
/** Booking weeks: the next four, starting next Monday. */
const WEEKS = 4;
/** A client picks among the first free slots of a week: that is where clients collide. */
const FIRST_SLOTS = 5;
/** One request never waits longer than this (a hung server must not hang the benchmark). */
const REQUEST_TIMEOUT_MS = 60_000;

type Call = "slots" | "book" | "calendar" | "today";

class Stats {
  readonly times = new Map<Call, number[]>();
  readonly statuses = new Map<string, number>();
  networkErrors = 0;
  booked = 0;
  conflicts = 0;
  serverErrors: string[] = [];

  record(call: Call, ms: number, status: number): void {
    const list = this.times.get(call) ?? [];
    list.push(ms);
    this.times.set(call, list);
    const key = `${call} ${status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** The API as `npm run serve` starts it, on the benchmark database, in production mode. */
function startServer(databaseUrl: string, port: number, workDir: string): ChildProcess {
  const log = createWriteStream(join(workDir, "server.log"));
  // BENCH_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, "apps/api/src/main.ts"], {
    cwd: new URL("..", import.meta.url).pathname,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: POOL_SIZE,
      DATA_DIR: workDir,
      STORAGE_DIR: join(workDir, "files"),
      APP_SECRET: randomBytes(32).toString("hex"),
      FILES_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /health within 60 s");
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A few at a time: each sign-in verifies an argon2 hash, which is CPU work on the server. */
async function signIn(base: string, count: number): Promise<string[]> {
  const tokens: string[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const response = await fetch(`${base}/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: benchCitizenEmail(n + 1), password: DEMO_PASSWORD }),
      });
      if (response.status !== 200) throw new Error(`login ${n + 1}: ${response.status} ${await response.text()}`);
      tokens[n] = ((await response.json()) as { data: { token: string } }).data.token;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return tokens;
}

/**
 * CPU used by the API process, by the PostgreSQL backends of the benchmark database and by this
 * load generator: what one request costs whatever else the machine is doing (the wall-clock
 * figures depend on how many other processes share the two cores).
 */
async function cpuSnapshot(sql: pg.Client, serverPid: number) {
  const usage = process.cpuUsage();
  return { api: cpuMs(serverPid), postgres: await backendCpu(sql), client: (usage.user + usage.system) / 1000 };
}

interface Slot {
  start: string;
  available: number | null;
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), "cura-bench-bookings-"));
  const prepared = await prepareBenchDatabase({ poolSize: 2 });
  const { databaseUrl, counts, seconds } = prepared;
  await prepared.database.close();
  console.log(`Seeded in ${seconds} s:`, counts);
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const lastSeeded = (await sql.query<{ id: number }>("select max(id)::int as id from bookings")).rows[0]?.id ?? 0;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const server = startServer(databaseUrl, port, workDir);
  let failed = false;
  try {
    await waitForServer(base, server);
    const tokens = await signIn(base, CLIENTS);
    console.log(`Server up on ${base} (DATABASE_POOL_SIZE=${POOL_SIZE}); ${tokens.length} citizens signed in`);

    // The services the clients race for: bookable services of Milano's providers, as a client finds them.
    const found = (await (
      await fetch(`${base}/healthservices/search/companies?comune=Milano&per_page=100`, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      })
    ).json()) as { data: Array<{ health_services: Array<{ hashid: string }> }> };
    const services = found.data.flatMap((c) => c.health_services.map((s) => s.hashid)).slice(0, SERVICES);
    if (services.length === 0) throw new Error("no health service found in Milano");

    const today = zonedDate(Date.now(), "Europe/Rome");
    const monday = addDays(today, 8 - isoWeekday(today));
    const agendaTo = addDays(today, 7 * (WEEKS + 1));
    const stats = new Stats();
    const cpuBefore = await cpuSnapshot(sql, server.pid ?? 0);
    const started = performance.now();
    const loadBefore = loadavg()[0] ?? 0;

    const timed = async (call: Call, token: string, url: string, init: RequestInit = {}) => {
      const t0 = performance.now();
      try {
        const response = await fetch(url, {
          ...init,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = await response.text();
        stats.record(call, performance.now() - t0, response.status);
        if (response.status >= 500) stats.serverErrors.push(`${call} ${response.status} ${body.slice(0, 200)}`);
        return { status: response.status, body };
      } catch (error) {
        stats.networkErrors += 1;
        stats.serverErrors.push(`${call} network: ${(error as Error).message}`);
        return { status: 0, body: "" };
      }
    };

    const client = async (index: number) => {
      const token = tokens[index] as string;
      const random = seededRandom(1000 + index);
      while (performance.now() - started < DURATION_MS) {
        const service = services[Math.floor(random() * services.length)] as string;
        const from = addDays(monday, 7 * Math.floor(random() * WEEKS));
        const slots = await timed(
          "slots",
          token,
          `${base}/healthservices/slots/array/${service}?from=${from}&to=${addDays(from, 6)}`,
        );
        if (slots.status === 200) {
          const { days } = (JSON.parse(slots.body) as { data: { days: Array<{ slots: Slot[] }> } }).data;
          const free = days.flatMap((d) => d.slots).slice(0, FIRST_SLOTS);
          const slot = free[Math.floor(random() * free.length)];
          if (slot) {
            const booking = await timed("book", token, `${base}/reservations`, {
              method: "POST",
              body: JSON.stringify({ health_service: service, start: slot.start }),
            });
            if (booking.status === 201) stats.booked += 1;
            else if (booking.status === 409) stats.conflicts += 1;
          }
        }
        if (performance.now() - started >= DURATION_MS) break;
        await timed("calendar", token, `${base}/users/own/reservations/calendar?from=${today}&to=${agendaTo}`);
        await timed("today", token, `${base}/users/own/reservations/today`);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    const elapsed = (performance.now() - started) / 1000;
    const loadAfter = loadavg()[0] ?? 0;
    const cpuAfter = await cpuSnapshot(sql, server.pid ?? 0);
    const cpu = {
      api: cpuAfter.api - cpuBefore.api,
      postgres: backendCpuBetween(cpuBefore.postgres, cpuAfter.postgres),
      client: cpuAfter.client - cpuBefore.client,
    };

    // The database's word: no slot over its capacity (one booking when the company does not allow
    // overlap; the service's capacity, if any, when it does), no two overlapping active bookings
    // of one service where overlap is off, and as many new bookings as 201 answers.
    const overbooked = await sql.query<{ n: number }>(
      `select count(*)::int as n from (
         select b.health_service_id, b.start_at
         from bookings b
         join health_services h on h.id = b.health_service_id
         join companies c on c.id = b.company_id
         where b.status in ('ricevuto', 'in_attesa', 'confermato') and b.start_at is not null
         group by b.health_service_id, b.start_at, c.allow_overlap, h.capacity
         having count(*) > case when c.allow_overlap then coalesce(h.capacity, 2147483647) else 1 end
       ) as over`,
    );
    const overlapping = await sql.query<{ n: number }>(
      `select count(*)::int as n
       from bookings b
       join companies c on c.id = b.company_id and not c.allow_overlap
       where b.id > $1 and b.status in ('ricevuto', 'in_attesa', 'confermato')
         and exists (
           select 1 from bookings o
           where o.health_service_id = b.health_service_id and o.id <> b.id
             and o.status in ('ricevuto', 'in_attesa', 'confermato')
             and o.start_at < b.end_at and o.end_at > b.start_at
         )`,
      [lastSeeded],
    );
    const created = await sql.query<{ n: number }>("select count(*)::int as n from bookings where id > $1", [
      lastSeeded,
    ]);

    const all = [...stats.times.values()].flat().sort((a, b) => a - b);
    const total = all.length;
    const fiveXX = [...stats.statuses.entries()]
      .filter(([key]) => Number(key.split(" ")[1]) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `\n${CLIENTS} clients for ${round(elapsed)} s against one API instance; ${BOOKINGS} bookings seeded; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    console.log(`${"call".padEnd(40)}requests      /s   p50 ms   p95 ms   p99 ms`);
    const line = (name: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `${name.padEnd(40)}${String(times.length).padStart(8)}${String(round(times.length / elapsed)).padStart(8)}${String(round(percentile(sorted, 50))).padStart(9)}${String(round(percentile(sorted, 95))).padStart(9)}${String(round(percentile(sorted, 99))).padStart(9)}`,
      );
    };
    const names: Record<Call, string> = {
      slots: "GET healthservices/slots/array (week)",
      book: "POST reservations",
      calendar: "GET users/own/reservations/calendar",
      today: "GET users/own/reservations/today",
    };
    for (const call of ["slots", "book", "calendar", "today"] as const) line(names[call], stats.times.get(call) ?? []);
    line("all calls", all);
    console.log(
      `\nStatus counts: ${[...stats.statuses.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, n]) => `${key}: ${n}`)
        .join(", ")}`,
    );
    const perRequest = (ms: number) => round(ms / Math.max(1, total));
    console.log(
      `CPU per request: API ${perRequest(cpu.api)} ms, PostgreSQL ${perRequest(cpu.postgres)} ms, load generator ${perRequest(cpu.client)} ms` +
        ` (API process ${round(cpu.api / 1000)} s of CPU in ${round(elapsed)} s: ${Math.round(cpu.api / 10 / elapsed)}% of one core)`,
    );
    console.log(
      `Booked ${stats.booked} (${round(stats.booked / elapsed)}/s), refused as taken (409) ${stats.conflicts}; new rows ${created.rows[0]?.n}`,
    );
    const checks = {
      "zero 5xx": fiveXX === 0,
      "zero network errors": stats.networkErrors === 0,
      "no slot over capacity": overbooked.rows[0]?.n === 0,
      "no overlapping active bookings of a service without overlap": overlapping.rows[0]?.n === 0,
      "one booking per 201": created.rows[0]?.n === stats.booked,
      "requests made": total > 0 && stats.booked > 0,
    };
    for (const [name, ok] of Object.entries(checks)) console.log(`${ok ? "PASS" : "FAIL"}  ${name}`);
    if (stats.serverErrors.length > 0) console.log("First errors:", stats.serverErrors.slice(0, 5));
    failed = Object.values(checks).some((ok) => !ok);
  } finally {
    await stopServer(server);
    const serverLog = readFileSync(join(workDir, "server.log"), "utf8").trim();
    if (failed && serverLog) console.log(`Server log (last lines):\n${serverLog.split("\n").slice(-20).join("\n")}`);
    await sql.end();
    await dropBenchDatabase();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
