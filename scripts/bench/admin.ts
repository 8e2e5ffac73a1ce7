/**
 * npm run bench:admin — the back office at scale on PostgreSQL (issue 14 "Performance").
 *
 * Creates its own database (cura_bench_admin on BENCH_DATABASE_URL's server), migrates it, seeds the
 * demo world (the administrator signs in with it), then generates with set-based SQL (INSERT … SELECT
 * over generate_series; indexes and foreign-key triggers set aside during the bulk insert and rebuilt
 * after): `--companies` companies (default 2,000) with 5 health services and their platform services
 * each, `--users` accounts (default 1,000,000: 97.5 % citizens, 2.5 % operators of those companies,
 * a few administrators; registrations spread over two years, ids following registration; 1 % suspended,
 * 0.5 % deleted; a personal record each with name, surname, tax code and region from the 20 regions)
 * and `--bookings` bookings (default 5,000,000: over every company and citizen, created over two years,
 * 90 % services, 5 % products, 5 % teleconsultations with their teleconsult row; statuses by date),
 * VACUUM ANALYZE, and computes the reports' rollups as the job `admin-reports-rollup` does on its first
 * run (runRollup: the whole history), then once more as its hourly run.
 *
 * Then it starts the API as `npm run serve` does (NODE_ENV=production, a child process on a port of
 * 4570–4579), signs the demo administrator in, and measures over HTTP, BENCH_REQUESTS sequential requests
 * each (default 200, after 10 of warm-up): every dashboard (`utilities/dati/app`, `admin/reports` and its
 * three dashboards over the last year), the users page without a filter, and user search (`users/registrati?q=`
 * by surname, name and surname, tax code, e-mail prefix). Side by side, the bare baseline
 * (scripts/bench/baseline.ts) answers each with the SQL the route sent (captured from the driver), so the
 * CPU per request of the API, the baseline and the PostgreSQL backends can be compared in the same run.
 * Last, the full user XLS export (`users/registrati/export/xls`, every account) read to the end while the
 * API's RSS is sampled every 100 ms: peak against before.
 *
 * Goals: each dashboard p95 < 300 ms, user search p95 < 100 ms, the export in constant memory. A goal
 * missed is reported and the run exits 1. The database is dropped at the end (BENCH_KEEP=1 keeps it;
 * BENCH_REUSE=1 reuses a kept one, applying new migrations first: how indexes are measured before/after).
 * A small run: `npm run bench:admin -- --users 100000 --bookings 500000`. Not part of npm test.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { backendCpu, backendCpuBetween } from "../bench-data.ts";
import type { CapturedScenario, CapturedStatement } from "./baseline.ts";
import { spawnMeasured, stop, usageOf, waitFor } from "./processes.ts";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const USERS = flag("users", 1_000_000);
const BOOKINGS = flag("bookings", 5_000_000);
const COMPANIES = flag("companies", 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 10;
const SERVER = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const NAME = "cura_bench_admin";
const REUSE = process.env.BENCH_REUSE === "1";
const POOL_SIZE = 10;
const PORTS = [4570, 4579];
const TARGETS = { dashboard: 300, search: 100 };
const ADMIN_EMAIL = "admin@cura.demo";
const _root = new URL("../..", import.meta.url).pathname;

const { openDatabase } = await import("../../apps/api/src/db/client.ts");
const { migrate } = await import("../../apps/api/src/db/migrate.ts");
const { seedDemoData, DEMO_PASSWORD } = await import("../../apps/api/src/db/seed.ts");
const { runRollup } = await import("../../apps/api/src/modules/admin/reports/rollup.ts");
const { DEMO_COMUNI, DEMO_PLATFORM_SERVICES } = await import("../../apps/api/src/modules/companies/demo-data.ts");

const url = new URL(SERVER);
url.pathname = `/${NAME}`;
const databaseUrl = url.toString();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

// ─── Data ────────────────────────────────────────────────────────────────────────────────────

const NAMES = [
  "Mario",
  "Giuseppe",
  "Luca",
  "Marco",
  "Francesco",
  "Alessandro",
  "Andrea",
  "Giovanni",
  "Roberto",
  "Stefano",
  "Paolo",
  "Antonio",
  "Matteo",
  "Lorenzo",
  "Davide",
  "Simone",
  "Federico",
  "Riccardo",
  "Pietro",
  "Enrico",
  "Maria",
  "Anna",
  "Giulia",
  "Francesca",
  "Chiara",
  "Sara",
  "Laura",
  "Valentina",
  "Elena",
  "Alessandra",
  "Silvia",
  "Martina",
  "Paola",
  "Roberta",
  "Federica",
  "Elisa",
  "Giorgia",
  "Sofia",
  "Aurora",
  "Beatrice",
];
const SURNAMES = [
  "Rossi",
  "Russo",
  "Ferrari",
  "Esposito",
  "Bianchi",
  "Romano",
  "Colombo",
  "Ricci",
  "Marino",
  "Greco",
  "Bruno",
  "Gallo",
  "Conti",
  "De Luca",
  "Mancini",
  "Costa",
  "Giordano",
  "Rizzo",
  "Lombardi",
  "Moretti",
  "Barbieri",
  "Fontana",
  "Santoro",
  "Mariani",
  "Rinaldi",
  "Caruso",
  "Ferrara",
  "Galli",
  "Martini",
  "Leone",
  "Longo",
  "Gentile",
  "Martinelli",
  "Vitale",
  "Lombardo",
  "Serra",
  "Coppola",
  "De Santis",
  "D'Angelo",
  "Marchetti",
  "Parisi",
  "Villa",
  "Conte",
  "Ferraro",
  "Ferri",
  "Fabbri",
  "Bianco",
  "Marini",
  "Grasso",
  "Valentini",
  "Messina",
  "Sala",
  "De Angelis",
  "Gatti",
  "Pellegrini",
  "Palumbo",
  "Sanna",
  "Farina",
  "Rizzi",
  "Monti",
];
const REGIONS = [
  "Lombardia",
  "Lazio",
  "Campania",
  "Sicilia",
  "Veneto",
  "Emilia-Romagna",
  "Piemonte",
  "Puglia",
  "Toscana",
  "Calabria",
  "Sardegna",
  "Liguria",
  "Marche",
  "Abruzzo",
  "Friuli-Venezia Giulia",
  "Trentino-Alto Adige",
  "Umbria",
  "Basilicata",
  "Molise",
  "Valle d'Aosta",
];

/** Indexes and foreign-key triggers cost more during a bulk insert than rebuilt once after it. */
async function bulk(sql: pg.Client, table: string, insert: () => Promise<unknown>): Promise<void> {
  const { rows } = await sql.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const r of rows) await sql.query(`drop index "${r.name}"`);
  await sql.query("set session_replication_role = replica");
  try {
    await insert();
  } finally {
    await sql.query("set session_replication_role = default");
  }
  for (const r of rows) await sql.query(r.def);
}

async function generate(sql: pg.Client): Promise<void> {
  await sql.query("set maintenance_work_mem = '512MB'; set work_mem = '64MB'");
  let t = Date.now();
  const comuni = DEMO_COMUNI as ReadonlyArray<{
    comune: string;
    provincia: string;
    regione: string;
    cap: string;
    lat: number;
    lng: number;
  }>;
  await sql.query(
    `insert into companies (name, kind, subtype, code, regione, provincia, comune, cap, address, lat, lng, allow_overlap, created_at)
     select initcap(k.kind) || ' ' || c.comune || ' ' || g, k.kind, k.kind, 'ADM' || lpad(g::text, 7, '0'),
            c.regione, c.provincia, c.comune, c.cap, 'Via Roma ' || (1 + g % 200),
            c.lat + ((g * 37) % 100 - 50) / 250.0, c.lng + ((g * 53) % 100 - 50) / 200.0,
            k.kind = 'laboratorio', now() - ((g % 700) || ' days')::interval
     from generate_series(1, $1::int) g
     cross join lateral (select (array['farmacia','poliambulatorio','laboratorio'])[1 + g % 3] as kind) k
     cross join lateral (
       select * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[])
         as u(comune, provincia, regione, cap, lat, lng)
       offset (g % $8::int) limit 1) c`,
    [
      COMPANIES,
      comuni.map((c) => c.comune),
      comuni.map((c) => c.provincia),
      comuni.map((c) => c.regione),
      comuni.map((c) => c.cap),
      comuni.map((c) => c.lat),
      comuni.map((c) => c.lng),
      comuni.length,
    ],
  );
  for (const [kind, refs] of Object.entries(DEMO_PLATFORM_SERVICES)) {
    await sql.query(
      `insert into company_services (company_id, position_ref)
       select c.id, r from companies c, unnest($2::int[]) r where c.code like 'ADM%' and c.kind = $1`,
      [kind, refs],
    );
  }
  await sql.query(
    `insert into health_services (company_id, name, position_ref, slot_minutes)
     select c.id, 'Prestazione ' || s, (array[1, 1, 2, 4, 12])[s], 30
     from companies c, generate_series(1, 5) s where c.code like 'ADM%'`,
  );
  console.log(`  ${COMPANIES} companies, ${COMPANIES * 5} health services: ${seconds(t)} s`);

  // Accounts: ids follow registration (the users page sorts on id), two years of it.
  t = Date.now();
  const { rows: first } = await sql.query<{ id: number }>("select coalesce(max(id), 0) + 1 as id from users");
  const firstId = first[0]?.id as number;
  await bulk(sql, "users", () =>
    sql.query(
      `insert into users (id, email, type, i_am, email_verified_at, disabled_at, deleted_at, created_at, updated_at)
       select ($1::int + g - 1)::int,
              case when g % 200 = 7 then null else 'utente.' || g || '@bench.cura' end,
              t.type, (array['cittadino','operatore','admin'])[t.type + 1],
              case when g % 5 <> 0 then r.at end,
              case when g % 100 = 3 then r.at + interval '30 days' end,
              case when g % 200 = 7 then r.at + interval '60 days' end,
              r.at, r.at
       from generate_series(1::bigint, $2::bigint) g
       cross join lateral (select case when g % 40 = 1 then 1 when g % 100000 = 2 then 2 else 0 end as type) t
       cross join lateral (select now() - interval '730 days' + (g::float8 / $2) * interval '730 days' as at) r`,
      [firstId, USERS],
    ),
  );
  await sql.query("select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))");
  await bulk(sql, "anagrafiche", () =>
    sql.query(
      `insert into anagrafiche (user_id, name, surname, cf, gender, birthday, regione, tel_number)
       select ($1::int + g - 1)::int, n.name, s.surname,
              upper(left(regexp_replace(s.surname, '[^A-Za-z]', '', 'g') || 'XXX', 3) || left(n.name || 'XXX', 3))
                || lpad((40 + g % 60)::text, 2, '0') || substr('ABCDEHLMPRST', (1 + g % 12)::int, 1)
                || lpad((1 + g % 28 + (case when n.i >= 20 then 40 else 0 end))::text, 2, '0')
                || 'H' || lpad((g % 1000)::text, 3, '0') || chr((65 + g % 26)::int),
              case when n.i >= 20 then 'femminile' else 'maschile' end,
              make_date((1940 + g % 60)::int, (1 + g % 12)::int, (1 + g % 28)::int),
              case when g % 50 = 0 then null else (array[${REGIONS.map((r) => `'${r.replace("'", "''")}'`).join(",")}])[(1 + (g * 7919) % 20)::int] end,
              '33' || lpad((g % 100000000)::text, 8, '0')
       from generate_series(1::bigint, $2::bigint) g
       cross join lateral (select ((g * 31) % $3)::int as i) ni
       cross join lateral (select ($4::text[])[1 + ni.i] as name, ni.i) n
       cross join lateral (select ($5::text[])[(1 + (g * 17 + g / 7) % $6)::int] as surname) s`,
      [firstId, USERS, NAMES.length, NAMES, SURNAMES, SURNAMES.length],
    ),
  );
  await sql.query(
    `insert into operators (user_id, company_id, role)
     select u.id, c.id, 'operatore' from users u
     join lateral (select id from companies where code = 'ADM' || lpad((1 + u.id % $2::int)::text, 7, '0')) c on true
     where u.id >= $1 and u.type = 1`,
    [firstId, COMPANIES],
  );
  console.log(`  ${USERS} accounts with their personal records: ${seconds(t)} s`);

  // Bookings over every company and citizen, created over two years, most booked a few days ahead.
  t = Date.now();
  await bulk(sql, "bookings", () =>
    sql.query(
      `with s as (
         select array_agg(id order by id) as ids, array_agg(company_id order by id) as companies, count(*)::int as n
         from health_services where company_id in (select id from companies where code like 'ADM%')
       )
       insert into bookings (company_id, health_service_id, user_id, kind, status, start_at, end_at, created_at, updated_at)
       select s.companies[x.k], case when b.kind = 'prodotto' then null else s.ids[x.k] end,
              $1::int + (case when x.u % 40 = 0 then x.u + 1 else x.u end), b.kind,
              case when b.start is null or b.start < now() then
                     (array['evaso','evaso','evaso','evaso','annullato','rifiutato','evaso','annullato'])[(1 + g % 8)::int]
                   else (array['ricevuto','confermato','confermato','in_attesa'])[(1 + g % 4)::int] end,
              b.start, b.start + interval '30 minutes', b.created, b.created
       from s, generate_series(1::bigint, $2::bigint) g
       cross join lateral (select (1 + (g * 7919) % s.n)::int as k, ((g * 104729) % ($3::int - 1))::int as u) x
       cross join lateral (
         select case when g % 20 = 0 then 'prodotto' when g % 20 = 1 then 'teleconsulto' else 'prestazione' end as kind,
                now() - interval '730 days' + (g::float8 / $2) * interval '730 days' as created) k
       cross join lateral (
         select k.kind, k.created,
                case when k.kind = 'prodotto' then null
                     else date_trunc('hour', k.created) + ((g % 21) || ' days')::interval + interval '1 hour' end as start) b`,
      [firstId, BOOKINGS, USERS],
    ),
  );
  await sql.query(
    `insert into teleconsults (booking_id, company_id, user_id, kind, position_ref, open, created_at)
     select id, company_id, user_id, 'specialistico', 2, false, created_at from bookings
     where kind = 'teleconsulto' and created_at > now() - interval '731 days' and id > (select coalesce(max(booking_id), 0) from teleconsults)`,
  );
  console.log(`  ${BOOKINGS} bookings and their teleconsultations: ${seconds(t)} s`);
  t = Date.now();
  await sql.query("vacuum analyze");
  console.log(`  VACUUM ANALYZE: ${seconds(t)} s`);
}

// ─── Processes ───────────────────────────────────────────────────────────────────────────────

/** A free port of this benchmark's range. */
async function portInRange(skip: number[] = []): Promise<number> {
  const { createServer } = await import("node:net");
  for (let port = PORTS[0] as number; port <= (PORTS[1] as number); port++) {
    if (skip.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${PORTS.join("–")}`);
}

// ─── Capture of the routes' SQL (as bench:api does) ──────────────────────────────────────────

interface Read {
  name: string;
  /** Paths under /api/v1 with their query, taken in turn. */
  paths: string[];
  target: number;
}

async function captureReads(
  reads: Read[],
  token: string,
  storageDir: string,
): Promise<Record<string, CapturedScenario>> {
  const { buildApp } = await import("../../apps/api/src/app.ts");
  const { loadConfig } = await import("../../apps/api/src/config.ts");
  const { hashToken } = await import("../../apps/api/src/platform/auth/tokens.ts");
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
    const tokenHash = hashToken(token);
    for (const read of reads) {
      const call = () =>
        app.inject({ method: "GET", url: `/api/v1${read.paths[0]}`, headers: { authorization: `Bearer ${token}` } });
      await call();
      log = [];
      const response = await call();
      if (response.statusCode !== 200) throw new Error(`capture ${read.name}: ${response.statusCode} ${response.body}`);
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
  }
  return captured;
}

// ─── Measure ─────────────────────────────────────────────────────────────────────────────────

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] as number;
};

interface Figures {
  p50: number;
  p95: number;
  cpu: number;
  pg: number;
  errors: number;
}

async function measure(child: ChildProcess, sql: pg.Client, urls: string[], token: string): Promise<Figures> {
  let errors = 0;
  const get = async (target: string) => {
    const t0 = performance.now();
    const response = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    // A failure (a 503 after the statement time-out) is counted and timed, not fatal: the table shows it.
    if (response.status !== 200) errors += 1;
    return performance.now() - t0;
  };
  for (let i = 0; i < WARMUP; i++) await get(urls[i % urls.length] as string);
  const cpuBefore = await usageOf(child);
  const pgBefore = await backendCpu(sql);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await get(urls[i % urls.length] as string));
  const cpuAfter = await usageOf(child);
  const pgAfter = await backendCpu(sql);
  return {
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    cpu: (cpuAfter.cpuMs - cpuBefore.cpuMs) / REQUESTS,
    pg: backendCpuBetween(pgBefore, pgAfter) / REQUESTS,
    errors,
  };
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), "cura-bench-admin-"));
  let api: ChildProcess | null = null;
  let baseline: ChildProcess | null = null;
  let failed = false;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const sql = new pg.Client({ connectionString: databaseUrl });
  const cleanup = async () => {
    await Promise.all([stop(api), stop(baseline)]);
    await sql.end().catch(() => {});
    if (process.env.BENCH_KEEP !== "1") await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.end();
    if (failed) {
      for (const name of ["api.log", "baseline.log"]) {
        try {
          const text = readFileSync(join(workDir, name), "utf8").trim();
          if (text) console.log(`${name} (last lines):\n${text.split("\n").slice(-20).join("\n")}`);
        } catch {
          // No log.
        }
      }
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    console.log(
      `bench:admin — ${USERS} users, ${BOOKINGS} bookings, ${COMPANIES} companies; ${cpus().length} cores, ` +
        `${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadavg()[0]?.toFixed(1)}`,
    );
    const started = Date.now();
    if (!REUSE) {
      await admin.query(`drop database if exists ${NAME} with (force)`);
      await admin.query(`create database ${NAME}`);
    }
    const database = await openDatabase({ databaseUrl, poolSize: 4 });
    await migrate(database);
    await sql.connect();
    if (!REUSE) {
      await seedDemoData(database.db);
      await generate(sql);
      console.log(`generated in ${seconds(started)} s`);
      // The reports' rollups as the job computes them: its first run (the whole history), then an hourly one.
      await sql.query("delete from report_rollup_state");
      let t = Date.now();
      const range = await runRollup(database.db);
      console.log(`rollup, first run (${range.from} … ${range.to}): ${seconds(t)} s`);
      t = Date.now();
      await runRollup(database.db);
      console.log(`rollup, hourly run (the last 35 days): ${seconds(t)} s`);
    } else {
      await sql.query("analyze");
      console.log(`reused the kept database, migrated and analysed in ${seconds(started)} s`);
    }
    await database.close();
    const { rows: sizes } = await sql.query<{ users: string; bookings: string; db: string }>(
      `select (select count(*) from users) as users, (select count(*) from bookings) as bookings,
              pg_size_pretty(pg_database_size(current_database())) as db`,
    );
    console.log("rows:", sizes[0]);

    const apiPort = await portInRange();
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
    );
    await waitFor(`${base}/health`, api);
    const login = await fetch(`${base}/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    // What to search: surnames, names with surnames, tax codes and e-mail prefixes of accounts spread
    // over the table, whatever its size (a fixed step found nobody in a small run).
    const { rows: people } = await sql.query<{ name: string; surname: string; cf: string; email: string }>(
      `select a.name, a.surname, a.cf, u.email from users u join anagrafiche a on a.user_id = u.id
       where u.email like 'utente.%' and u.deleted_at is null
         and u.id % greatest(1, (select count(*) from users) / 60)::int = 0 limit 50`,
    );
    const q = (text: string) => `/users/registrati?q=${encodeURIComponent(text)}`;
    const reads: Read[] = [
      { name: "GET utilities/dati/app (dashboard)", paths: ["/utilities/dati/app"], target: TARGETS.dashboard },
      { name: "GET admin/reports", paths: ["/admin/reports"], target: TARGETS.dashboard },
      {
        name: "GET admin/reports/registrations (a year)",
        paths: ["/admin/reports/registrations"],
        target: TARGETS.dashboard,
      },
      { name: "GET admin/reports/growth (a year)", paths: ["/admin/reports/growth"], target: TARGETS.dashboard },
      { name: "GET admin/reports/activity (a year)", paths: ["/admin/reports/activity"], target: TARGETS.dashboard },
      {
        name: "GET admin/reports/activity (a year, one region)",
        paths: REGIONS.slice(0, 5).map((r) => `/admin/reports/activity?region=${encodeURIComponent(r)}`),
        target: TARGETS.dashboard,
      },
      { name: "GET users/registrati (first page, no filter)", paths: ["/users/registrati"], target: TARGETS.search },
      {
        name: "GET users/registrati?q=<surname>",
        paths: SURNAMES.slice(0, 20).map((s) => q(s.toLowerCase())),
        target: TARGETS.search,
      },
      {
        name: "GET users/registrati?q=<name surname>",
        paths: people.map((p) => q(`${p.name} ${p.surname}`)),
        target: TARGETS.search,
      },
      { name: "GET users/registrati?q=<tax code>", paths: people.map((p) => q(p.cf)), target: TARGETS.search },
      {
        name: "GET users/registrati?q=<e-mail prefix>",
        paths: people.map((p) => q(p.email.slice(0, p.email.indexOf("@") + 1))),
        target: TARGETS.search,
      },
    ];
    const captured = await captureReads(reads, token, join(workDir, "capture"));
    const scenariosFile = join(workDir, "scenarios.json");
    writeFileSync(scenariosFile, JSON.stringify(Object.fromEntries(reads.map((r, i) => [`s${i}`, captured[r.name]]))));
    const baselinePort = await portInRange([apiPort]);
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
    await waitFor(`${baselineBase}/none`, baseline);

    const measuredFrom = Date.now();
    console.log(
      `\n${REQUESTS} sequential requests each after ${WARMUP} of warm-up; load average ${loadavg()[0]?.toFixed(1)}\n` +
        "| call | statements | API p50 / p95 ms | baseline p50 / p95 ms | CPU/request API / baseline / PostgreSQL ms | goal |\n" +
        "| --- | --- | --- | --- | --- | --- |",
    );
    for (const [i, read] of reads.entries()) {
      const statements = (captured[read.name] ?? []).flat().length;
      const apiFigures = await measure(
        api,
        sql,
        read.paths.map((p) => `${base}${p}`),
        token,
      );
      // The baseline sends the captured statements of the first path: its PostgreSQL CPU is not compared.
      const bare = await measure(baseline, sql, [`${baselineBase}/s${i}`], token);
      const ok = apiFigures.p95 < read.target && apiFigures.errors === 0;
      failed ||= !ok;
      const f = (n: number) => n.toFixed(1);
      console.log(
        `| ${read.name} | ${statements} | ${f(apiFigures.p50)} / ${f(apiFigures.p95)} | ${f(bare.p50)} / ${f(bare.p95)} | ` +
          `${f(apiFigures.cpu)} / ${f(bare.cpu)} / ${f(apiFigures.pg)} | ${ok ? "met" : "MISSED"} (< ${read.target})${apiFigures.errors ? `, ${apiFigures.errors} non-200` : ""} |`,
      );
    }
    console.log(`measured in ${seconds(measuredFrom)} s, load average ${loadavg()[0]?.toFixed(1)}`);

    // The full export, read to the end, while the API's RSS is sampled.
    const before = await usageOf(api);
    let peak = before.rssMb;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await usageOf(api as ChildProcess)).rssMb);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const t0 = Date.now();
    const response = await fetch(`${base}/users/registrati/export/xls`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
    let bytes = 0;
    let firstByte = 0;
    for await (const chunk of response.body) {
      if (bytes === 0) firstByte = Date.now() - t0;
      bytes += (chunk as Uint8Array).byteLength;
    }
    const exportMs = Date.now() - t0;
    sampling = false;
    await sampler;
    const after = await usageOf(api);
    const exportCpu = after.cpuMs - before.cpuMs;
    const { rows: listed } = await sql.query<{ n: string }>("select count(*) as n from users where deleted_at is null");
    const grown = peak - before.rssMb;
    console.log(
      `\nexport of ${listed[0]?.n} accounts: ${(bytes / 2 ** 20).toFixed(1)} MB in ${(exportMs / 1000).toFixed(1)} s ` +
        `(first byte ${firstByte} ms), API CPU ${(exportCpu / 1000).toFixed(1)} s; ` +
        `API RSS ${before.rssMb.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${grown.toFixed(0)}), ${after.rssMb.toFixed(0)} MB after`,
    );
    if (bytes < Number(listed[0]?.n ?? 0) * 20) {
      console.log("FAIL: the export is smaller than its rows");
      failed = true;
    }
    console.log(`whole run ${seconds(started)} s`);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await cleanup();
  }
  process.exit(failed ? 1 : 0);
}

await main();
