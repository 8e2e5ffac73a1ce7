/**
 * npm run bench:search — provider search and slots over the HTTP API on PostgreSQL (issue 4).
 *
 * Creates its own database (cura_bench) on the PostgreSQL server of BENCH_DATABASE_URL (default
 * postgresql://postgres@127.0.0.1:5432/test, whose server is used, not its database), migrates it,
 * seeds the demo world plus 10,000 companies with 5 health services each (deterministic), starts
 * the API on a loopback port and measures, with a bounded number of sequential requests:
 *   - provider search by comune (GET companies/compact/search?comune=…)
 *   - provider search by position (GET companies/compact/search?lat=…&lng=…&radius_km=20)
 *   - a week of slots of one health service (GET healthservices/slots/array/{hash})
 *   - providers of a health service in a comune, and health service name suggestions
 * It prints p50 and p95 (and p99, mean) per scenario, then drops the database (BENCH_KEEP=1 keeps it
 * for EXPLAIN). Not part of npm test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { migrate } from "../apps/api/src/db/migrate.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/api/src/db/seed.ts";
import {
  DEMO_COMUNI,
  DEMO_HOURS,
  DEMO_PLATFORM_SERVICES,
  DEMO_SERVICES,
  seededRandom,
} from "../apps/api/src/modules/companies/demo-data.ts";
import { companies, companyServices, healthServices, openingHours } from "../apps/api/src/modules/companies/tables.ts";
import { addDays, isoWeekday, zonedDate } from "../apps/api/src/modules/companies/zoned-time.ts";

const COMPANIES = 10_000;
const SERVICES_PER_COMPANY = 5;
const REQUESTS = 400;
const WARMUP = 40;
/** Each scenario stops after this long even if its requests are not all done. */
const SCENARIO_LIMIT_MS = 120_000;
const BATCH = 1_000;

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const databaseName = "cura_bench";
const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

async function seedCompanies(db: Db): Promise<void> {
  const random = seededRandom(424242);
  const kinds = ["farmacia", "poliambulatorio", "laboratorio"] as const;
  const subtypes = {
    farmacia: "farmacia",
    poliambulatorio: "poliambulatorio",
    laboratorio: "laboratorio_analisi",
  } as const;
  for (let start = 0; start < COMPANIES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, COMPANIES - start) }, (_, i) => {
      const n = start + i;
      const place = DEMO_COMUNI[n % DEMO_COMUNI.length] as (typeof DEMO_COMUNI)[number];
      const kind = kinds[Math.floor(random() * kinds.length)] as (typeof kinds)[number];
      return {
        name: `${kind === "farmacia" ? "Farmacia" : kind === "laboratorio" ? "Laboratorio" : "Poliambulatorio"} ${place.comune} ${n}`,
        level: 1,
        kind,
        subtype: subtypes[kind],
        code: `BEN${String(n).padStart(7, "0")}`,
        regione: place.regione,
        provincia: place.provincia,
        comune: place.comune,
        cap: place.cap,
        address: `Via Roma ${1 + (n % 200)}`,
        // Up to about 25 km around the comune's centre.
        lat: place.lat + (random() - 0.5) * 0.45,
        lng: place.lng + (random() - 0.5) * 0.6,
        allowOverlap: kind === "laboratorio",
      };
    });
    const inserted = await db.insert(companies).values(rows).returning({ id: companies.id, kind: companies.kind });
    const hours = inserted.flatMap(({ id, kind }) =>
      DEMO_HOURS[kind as (typeof kinds)[number]].flatMap((block) =>
        block.weekdays.flatMap((weekday) =>
          block.ranges.map(([opensAt, closesAt]) => ({ companyId: id, weekday, opensAt, closesAt })),
        ),
      ),
    );
    for (let h = 0; h < hours.length; h += BATCH * 2)
      await db.insert(openingHours).values(hours.slice(h, h + BATCH * 2));
    await db
      .insert(companyServices)
      .values(
        inserted.flatMap(({ id, kind }) =>
          DEMO_PLATFORM_SERVICES[kind as (typeof kinds)[number]].map((positionRef) => ({ companyId: id, positionRef })),
        ),
      );
    const services = inserted.flatMap(({ id, kind }) => {
      const catalogue = DEMO_SERVICES[kind as (typeof kinds)[number]];
      const offset = Math.floor(random() * catalogue.length);
      return Array.from({ length: SERVICES_PER_COMPANY }, (_, s) => {
        const spec = catalogue[(offset + s) % catalogue.length] as (typeof catalogue)[number];
        return {
          companyId: id,
          name: spec.name,
          slotMinutes: spec.minutes,
          priceCents: spec.price ? spec.price * 100 : null,
        };
      });
    });
    for (let s = 0; s < services.length; s += BATCH * 2)
      await db.insert(healthServices).values(services.slice(s, s + BATCH * 2));
  }
}

interface Result {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function measure(name: string, token: string, urls: () => string): Promise<Result> {
  const get = async (url: string) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < WARMUP; i++) await get(urls());
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS && performance.now() - started < SCENARIO_LIMIT_MS; i++) {
    const url = urls();
    const t0 = performance.now();
    await get(url);
    times.push(performance.now() - t0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    count: times.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
  };
}

async function main(): Promise<void> {
  const storageDir = mkdtempSync(join(tmpdir(), "cura-bench-"));
  await admin(`drop database if exists ${databaseName} with (force)`);
  await admin(`create database ${databaseName}`);
  const databaseUrl = withDatabase(serverUrl, databaseName);
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    const seedStart = performance.now();
    await migrate(database);
    await seedDemoData(database.db);
    await seedCompanies(database.db);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // A steady state: autovacuum would have run on tables this size (statistics, GIN pending lists merged).
    await client.query("vacuum analyze");
    const counts = await client.query<{ companies: number; services: number; hours: number }>(
      "select (select count(*)::int from companies) as companies, (select count(*)::int from health_services) as services, (select count(*)::int from opening_hours) as hours",
    );
    await client.end();
    console.log(`Seeded in ${Math.round((performance.now() - seedStart) / 1000)} s:`, counts.rows[0]);

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

    const results = [
      await measure("search by comune", token, byComune),
      await measure("search by position (20 km)", token, byPosition),
      await measure("week of slots of a service", token, slots),
      await measure("providers of a service in a comune", token, providers),
      await measure("service name suggestions", token, suggestions),
    ];
    console.log(
      `\n${COMPANIES} companies, ${SERVICES_PER_COMPANY} services each; sequential requests over loopback HTTP`,
    );
    console.log(`${"scenario".padEnd(38)}requests   p50 ms   p95 ms   p99 ms  mean ms`);
    for (const r of results) {
      console.log(
        `${r.name.padEnd(38)}${String(r.count).padStart(8)}${String(r.p50).padStart(9)}${String(r.p95).padStart(9)}${String(r.p99).padStart(9)}${String(r.mean).padStart(9)}`,
      );
    }
  } finally {
    if (app) await app.close();
    await database.close();
    // BENCH_KEEP=1 leaves the database for EXPLAIN; the next run drops it first anyway.
    if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${databaseName} with (force)`);
    rmSync(storageDir, { recursive: true, force: true });
  }
}

await main();
