/**
 * npm run bench:health — the health file's measurements at scale on PostgreSQL (issue 11 "Performance").
 *
 * Creates its own database (cura_bench_health on BENCH_DATABASE_URL's server), migrates it, seeds the
 * demo world, adds BENCH_PATIENTS citizens (default 2,000) linked to the demo pharmacy, each with
 * BENCH_DAYS days (default 365) of one reading a day of 4 parameters (systolic and diastolic pressure,
 * heart rate, glucose), plus a custom threshold, a frequency, scores and a device for each. Then,
 * through the real app (inject, the pharmacy's operator signed in), it measures:
 * - a year of one parameter (`exams/measurements/history/{exam}`): p95 < 30 ms;
 * - the first page of every card tab (readings, thresholds, frequencies, scores, devices): p95 < 100 ms;
 * - statements per request: the same for a patient with a year of readings as for one with a day.
 * It prints the figures, fails (exit 1) past a target, and drops the database (BENCH_KEEP=1 keeps it).
 * A small run: BENCH_PATIENTS=100 BENCH_REQUESTS=100. Not part of npm test.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import pg from "pg";

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 2_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SERVER = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const NAME = process.env.BENCH_DATABASE_NAME ?? "cura_bench_health";
const TARGETS = { history: 30, tab: 100 };

const { buildApp } = await import("../../apps/api/src/app.ts");
const { loadConfig } = await import("../../apps/api/src/config.ts");
const { openDatabase } = await import("../../apps/api/src/db/client.ts");
const { migrate } = await import("../../apps/api/src/db/migrate.ts");
const { seedDemoData, DEMO_PASSWORD } = await import("../../apps/api/src/db/seed.ts");
const { createIds } = await import("../../apps/api/src/platform/ids.ts");

const admin = new pg.Client({ connectionString: SERVER });
await admin.connect();
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.query(`create database ${NAME}`);
const url = new URL(SERVER);
url.pathname = `/${NAME}`;
const databaseUrl = url.toString();

const database = await openDatabase({ databaseUrl, poolSize: 10 });
await migrate(database);
await seedDemoData(database.db);
const config = loadConfig({
  NODE_ENV: "test",
  DATABASE_URL: databaseUrl,
  STORAGE_DIR: mkdtempSync(`${tmpdir()}/cura-bench-health-`),
  LOG_LEVEL: "warn",
});
const ids = createIds(config.hashids);

const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
let started = Date.now();
const { rows: pharmacy } = await setup.query<{ company_id: number }>(
  "select o.company_id from operators o join users u on u.id = o.user_id where u.email = 'farmacia.operatore@cura.demo'",
);
const companyId = pharmacy[0]?.company_id;
if (!companyId) throw new Error("the demo pharmacy is missing");
const { rows: patients } = await setup.query<{ id: number }>(
  `with people as (
     insert into users (email, type, i_am)
     select 'bench.paziente.' || g || '@cura.bench', 0, 'cittadino' from generate_series(1, $1::int) g
     returning id
   ), linked as (
     insert into company_patients (company_id, user_id, origin) select $2, id, 'modifica' from people
   )
   select id from people order by id`,
  [PATIENTS, companyId],
);
const { rows: exams } = await setup.query<{ id: number; name: string; bands: unknown }>(
  "select id, name, bands from health_exams where name in ('Pressione sistolica','Pressione diastolica','Frequenza cardiaca','Glicemia') order by sort_order",
);
const patientIds = patients.map((p) => p.id);
// One reading a day per parameter, values wandering across the bands; band and risk as the app stores them.
for (const exam of exams) {
  const base = { "Pressione sistolica": 130, "Pressione diastolica": 82, "Frequenza cardiaca": 74, Glicemia: 115 }[
    exam.name
  ] as number;
  await setup.query(
    `insert into health_measurements (patient_id, exam_id, value, measured_at, author_id, author_kind, band_min, band_max, risk)
     select p, $2, v, now() - (d || ' days')::interval - interval '2 hours', p, 'paziente', b.min, b.max, b.risk
     from unnest($1::int[]) p, generate_series(0, $3::int - 1) d,
          lateral (select round(($4::float8 + ($4::float8 * 0.18) * sin((p + d) / 9.0) + ((p * 7 + d * 13) % 9) - 4)::numeric)::float8 as v) val,
          lateral (select (e->>'min')::float8 as min, (e->>'max')::float8 as max, (e->>'risk')::int as risk
                   from jsonb_array_elements($5::jsonb) e
                   where val.v between (e->>'min')::float8 and (e->>'max')::float8 limit 1) b`,
    [patientIds, exam.id, DAYS, base, JSON.stringify(exam.bands)],
  );
}
const systolic = exams.find((e) => e.name === "Pressione sistolica") as (typeof exams)[number];
await setup.query(
  `insert into health_thresholds (patient_id, exam_id, bands, diagnostic_protocol)
   select p, $2, '[{"min":50,"max":129,"risk":0},{"min":130,"max":159,"risk":2},{"min":160,"max":260,"risk":4}]', 'bench'
   from unnest($1::int[]) p`,
  [patientIds, systolic.id],
);
await setup.query(
  `insert into health_frequencies (patient_id, exam_id, every, unit) select p, $2, 1, 2 from unnest($1::int[]) p`,
  [patientIds, systolic.id],
);
await setup.query(
  `insert into health_scores (patient_id, scale_id, value, label, risk, taken_at)
   select p, s.id, 8, 'Lieve', 1, now() - (k * 30 || ' days')::interval
   from unnest($1::int[]) p, health_scales s, generate_series(0, 5) k`,
  [patientIds],
);
await setup.query(
  `insert into patient_devices (patient_id, device_model_id, product_code, enabled_exam_ids)
   select p, m.id, 'BENCH-' || p, m.exam_ids from unnest($1::int[]) p,
   (select id, exam_ids from device_models order by id limit 1) m`,
  [patientIds],
);
await setup.query("analyze");
const { rows: counted } = await setup.query<{ n: string }>("select count(*) n from health_measurements");
console.log(
  `prepared ${PATIENTS} patients × ${DAYS} days × ${exams.length} parameters = ${counted[0]?.n} readings in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const app = await buildApp({ config, database });
const login = await app.inject({
  method: "POST",
  url: "/api/v1/users/login",
  payload: { email: "farmacia.operatore@cura.demo", password: DEMO_PASSWORD },
});
const token = (login.json() as { data: { token: string } }).data.token;
const authorization = `Bearer ${token}`;

// Statements per request: counted at the pool's clients (each query a statement).
let statements = 0;
const pool = database.pool as pg.Pool;
pool.on("acquire", (client) => {
  const marked = client as pg.PoolClient & { __benchCounted?: boolean };
  if (marked.__benchCounted) return;
  marked.__benchCounted = true;
  const query = client.query.bind(client);
  (client as { query: unknown }).query = (...args: Parameters<typeof query>) => {
    statements += 1;
    return query(...args);
  };
});

async function time(path: string): Promise<number> {
  const t0 = performance.now();
  const response = await app.inject({ method: "GET", url: `/api/v1/${path}`, headers: { authorization } });
  const ms = performance.now() - t0;
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return ms;
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] as number;
};
const pick = (i: number) => ids.encode(patientIds[(i * 7919) % patientIds.length] as number);
const examHash = ids.encode(systolic.id);

const tabs: Record<string, (p: string) => string> = {
  "history (a year of one parameter)": (p) => `exams/measurements/history/${examHash}?user_id=${p}`,
  "readings, first page": (p) => `exams/measurements/all?user_id=${p}`,
  thresholds: (p) => `exams/thresholds/${p}`,
  "parameter frequencies": (p) => `exams/frequencies/${p}`,
  "last scores": (p) => `scores/user/${p}`,
  "score frequencies": (p) => `scores/frequencies/${p}`,
  devices: (p) => `wearabledevices/users/${p}`,
};

// Warm-up: plans cached, pool connected.
for (let i = 0; i < 20; i++) for (const path of Object.values(tabs)) await time(path(pick(i)));

started = Date.now();
let failed = false;
for (const [name, path] of Object.entries(tabs)) {
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await time(path(pick(i + 100))));
  const target = name.startsWith("history") ? TARGETS.history : TARGETS.tab;
  const value = p95(samples);
  const ok = value < target;
  failed ||= !ok;
  console.log(
    `${ok ? "ok  " : "FAIL"} ${name.padEnd(36)} p95 ${value.toFixed(1).padStart(6)} ms (target < ${target} ms)`,
  );
}

// Statements: a patient with a year of readings costs what a patient with one reading costs.
const { rows: fresh } = await setup.query<{ id: number }>(
  `with person as (insert into users (email, type, i_am) values ('bench.nuovo@cura.bench', 0, 'cittadino') returning id),
   linked as (insert into company_patients (company_id, user_id, origin) select $1, id, 'modifica' from person)
   select id from person`,
  [companyId],
);
const newcomer = fresh[0]?.id as number;
await setup.query(
  `insert into health_measurements (patient_id, exam_id, value, measured_at, author_kind) values ($1, $2, 120, now(), 'paziente')`,
  [newcomer, systolic.id],
);
await setup.query(`insert into health_frequencies (patient_id, exam_id, every, unit) values ($1, $2, 1, 2)`, [
  newcomer,
  systolic.id,
]);
for (const [name, path] of Object.entries(tabs)) {
  statements = 0;
  await time(path(ids.encode(newcomer)));
  const small = statements;
  statements = 0;
  await time(path(pick(1)));
  const large = statements;
  const ok = small === large;
  failed ||= !ok;
  console.log(`${ok ? "ok  " : "FAIL"} ${name.padEnd(36)} statements ${small} (1 reading) vs ${large} (a year)`);
}
console.log(`measured in ${((Date.now() - started) / 1000).toFixed(1)} s`);

await app.close();
await setup.end();
if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.end();
process.exit(failed ? 1 : 0);
