/**
 * npm run bench:search — provider search and slots over the HTTP API on PostgreSQL (issue 4).
 *
 * Creates its own database (cura_bench) on the PostgreSQL server of BENCH_DATABASE_URL (default
 * postgresql://postgres@127.0.0.1:5432/test, whose server is used, not its database), migrates it,
 * seeds the demo world plus 10,000 companies with 5 health services each, 10,000 citizens and
 * 1,000,000 bookings (deterministic, scripts/bench-data.ts), starts
 * the API on a loopback port and measures, with a bounded number of sequential requests:
 *   - provider search by comune (GET companies/compact/search?comune=…)
 *   - provider search by position (GET companies/compact/search?lat=…&lng=…&radius_km=20)
 *   - a week of slots of one health service (GET healthservices/slots/array/{hash})
 *   - providers of a health service in a comune, and health service name suggestions
 *   - the public medicine search (GET utilities/products/{product}/search, anonymous)
 * It prints p50 and p95 (and p99, mean) per scenario, then drops the database (BENCH_KEEP=1 keeps it
 * for EXPLAIN). Not part of npm test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { addDays, isoWeekday, zonedDate } from "../apps/api/src/platform/zoned-time.ts";
import {
  BOOKINGS,
  backendCpu,
  backendCpuBetween,
  COMPANIES,
  DEMO_COMUNI,
  DEMO_PASSWORD,
  dropBenchDatabase,
  prepareBenchDatabase,
  SERVICES_PER_COMPANY,
  seededRandom,
} from "./bench-data.ts";

const REQUESTS = 400;
const WARMUP = 40;
/** Each scenario stops after this long even if its requests are not all done. */
const SCENARIO_LIMIT_MS = 120_000;

interface Result {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  /** CPU per request: this process (API and client) and the PostgreSQL backends. */
  nodeCpu: number;
  pgCpu: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/** Requests as a signed-in citizen, or anonymously when `token` is null (public routes). */
async function measure(name: string, token: string | null, sql: pg.Client, urls: () => string): Promise<Result> {
  const get = async (url: string) => {
    const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < WARMUP; i++) await get(urls());
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  const pgBefore = await backendCpu(sql);
  const started = performance.now();
  for (let i = 0; i < REQUESTS && performance.now() - started < SCENARIO_LIMIT_MS; i++) {
    const url = urls();
    const t0 = performance.now();
    await get(url);
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const pgMs = backendCpuBetween(pgBefore, await backendCpu(sql));
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    count: times.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
    nodeCpu: round((cpu.user + cpu.system) / 1000 / times.length),
    pgCpu: round(pgMs / times.length),
  };
}

async function main(): Promise<void> {
  const storageDir = mkdtempSync(join(tmpdir(), "cura-bench-"));
  const { databaseUrl, database, counts, seconds } = await prepareBenchDatabase();
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    console.log(`Seeded in ${seconds} s:`, counts);

    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir });
    app = await buildApp({ config, database });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}/api/v1`;

    const login = await fetch(`${base}/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "maria.rossi@cura.demo", password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const random = seededRandom(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const byComune = () =>
      `${base}/companies/compact/search?comune=${encodeURIComponent(pick(DEMO_COMUNI).comune)}&per_page=20`;
    const byPosition = () => {
      const place = pick(DEMO_COMUNI);
      const lat = (place.lat + (random() - 0.5) * 0.2).toFixed(5);
      const lng = (place.lng + (random() - 0.5) * 0.2).toFixed(5);
      return `${base}/companies/compact/search?lat=${lat}&lng=${lng}&radius_km=20&per_page=20`;
    };

    // Health services to ask slots of: hashids from a search, so the path is exactly the client's.
    const found = (await (
      await fetch(`${base}/healthservices/search/companies?comune=Milano&per_page=100`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: Array<{ health_services: Array<{ hashid: string }> }> };
    const serviceHashids = found.data.flatMap((c) => c.health_services.map((s) => s.hashid));
    const today = zonedDate(Date.now(), "Europe/Rome");
    const monday = addDays(today, 8 - isoWeekday(today));
    const slots = () =>
      `${base}/healthservices/slots/array/${pick(serviceHashids)}?from=${monday}&to=${addDays(monday, 6)}`;

    const words = ["cardio", "prel", "visita", "pressione", "eco", "ortop", "glic", "vacc"];
    const suggestions = () => `${base}/healthservices/suggestions/name?q=${pick(words)}`;
    const providers = () =>
      `${base}/healthservices/search/companies?service=${pick(words)}&comune=${encodeURIComponent(pick(DEMO_COMUNI).comune)}&per_page=20`;

    // The public medicine list (in memory, no database): it must stay cheap without a throttle.
    const medicineWords = [
      "tachipirina",
      "paracetamolo",
      "ibuprofene",
      "amoxicillina",
      "pantoprazolo",
      "aspirin",
      "cre",
    ];
    const medicines = () => `${base}/utilities/products/${pick(medicineWords)}/search`;

    // The PostgreSQL CPU of each scenario is read from the backends of the app's pool.
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    const results = [
      await measure("search by comune", token, sql, byComune),
      await measure("search by position (20 km)", token, sql, byPosition),
      await measure("week of slots of a service", token, sql, slots),
      await measure("providers of a service in a comune", token, sql, providers),
      await measure("service name suggestions", token, sql, suggestions),
      await measure("medicine search (public)", null, sql, medicines),
    ];
    await sql.end();
    console.log(
      `\n${COMPANIES} companies, ${SERVICES_PER_COMPANY} services each, ${BOOKINGS} bookings; sequential requests over loopback HTTP; load average ${loadavg()[0]?.toFixed(1)}`,
    );
    console.log(`${"scenario".padEnd(38)}requests   p50 ms   p95 ms   p99 ms  mean ms  node CPU ms  pg CPU ms`);
    for (const r of results) {
      console.log(
        `${r.name.padEnd(38)}${String(r.count).padStart(8)}${String(r.p50).padStart(9)}${String(r.p95).padStart(9)}${String(r.p99).padStart(9)}${String(r.mean).padStart(9)}${String(r.nodeCpu).padStart(13)}${String(r.pgCpu).padStart(11)}`,
      );
    }
    console.log("(node CPU: API and client in this process; pg CPU: the PostgreSQL backends; per request)");
  } finally {
    if (app) await app.close();
    await database.close();
    await dropBenchDatabase();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

await main();
