/**
 * The benchmarks' data set (issue 4), shared by `npm run bench:search` and `npm run bench:bookings`:
 * its own database on the PostgreSQL server of BENCH_DATABASE_URL, migrated, with the demo world,
 * 10,000 companies with 5 health services each, 10,000 citizens with a verified phone and
 * 1,000,000 bookings. Deterministic: the same rows on every run (dates move with today).
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../apps/api/src/db/client.ts";
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
import { hashPassword } from "../apps/api/src/platform/auth/passwords.ts";

/** BENCH_COMPANIES and BENCH_BOOKINGS make a smaller data set (bench:api's default is smaller). */
export const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
export const SERVICES_PER_COMPANY = 5;
export const CITIZENS = 10_000;
/** Spread over the first 50,000 benchmark health services: 20 each, one a day at most. */
export const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const BOOKINGS_PER_SERVICE = 20;
const BATCH = 1_000;

/** The e-mail of benchmark citizen n (1 … CITIZENS); every one has the demo password. */
export const benchCitizenEmail = (n: number) => `cittadino.${n}@bench.cura`;
export { DEMO_PASSWORD };

export const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
/** BENCH_DATABASE names another database, so that two benchmarks can run on one server at once. */
export const databaseName = process.env.BENCH_DATABASE ?? "cura_bench";

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One statement on the server's maintenance connection (create and drop the database). */
export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Db = DatabaseHandle["db"];

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

/**
 * Citizens with verified e-mail and phone, in one statement each for users and anagrafiche. They
 * share one password hash: argon2 of 10,000 passwords would take minutes and measure nothing.
 */
async function seedCitizens(client: pg.Client): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await client.query(
    `insert into users (email, username, password_hash, type, i_am, email_verified_at, number_verified_at,
       data_consense, share_consense, charge_consense)
     select 'cittadino.' || n || '@bench.cura', 'bench.cittadino.' || n, $1, 0, 'cittadino', now(), now(), true, true, true
     from generate_series(1, $2::int) as n`,
    [passwordHash, CITIZENS],
  );
  await client.query(
    `insert into anagrafiche (user_id, name, surname, tel_number)
     select id, 'Cittadino', 'Bench ' || id, '34' || lpad(id::text, 8, '0')
     from users where email like '%@bench.cura'`,
  );
}

/**
 * 1,000,000 bookings in one INSERT … SELECT over generate_series: 20 for each of the first 50,000
 * benchmark health services, one every third day from 30 days ago (so about two in any week), at
 * 09:00 Italian time plus a whole number of slots (inside every demo opening range, aligned with
 * the slots, never two on one slot). Past ones are done (evaso) or cancelled, future ones received
 * or confirmed. Each belongs to one of the benchmark citizens in turn (100 each).
 */
async function seedBookings(client: pg.Client): Promise<void> {
  await client.query(
    `with services as (
       select hs.id, hs.company_id, hs.slot_minutes, (row_number() over (order by hs.id) - 1)::int as rn
       from health_services hs join companies c on c.id = hs.company_id
       where c.code like 'BEN%'
       order by hs.id
       limit $1::int / $2::int
     ),
     citizens as (select min(id) as first, count(*)::int as n from users where email like '%@bench.cura'),
     today as (select (now() at time zone 'Europe/Rome')::date as d)
     insert into bookings (company_id, health_service_id, user_id, kind, status, start_at, end_at)
     select s.company_id, s.id, citizens.first + ((s.rn * $2::int + i) % citizens.n), 'prestazione',
       case when day < today.d then (case when i % 10 = 0 then 'annullato' else 'evaso' end)
            else (case when i % 3 = 0 then 'ricevuto' else 'confermato' end) end,
       starts, starts + make_interval(mins => s.slot_minutes)
     from services s
     cross join citizens cross join today
     cross join generate_series(0, $2::int - 1) as i
     cross join lateral (select today.d - 30 + i * 3 + s.rn % 3 as day) as d
     cross join lateral (
       select ((day + time '09:00') + make_interval(mins => ((s.rn + i) % 6) * s.slot_minutes))
         at time zone 'Europe/Rome' as starts
     ) as t`,
    [BOOKINGS, BOOKINGS_PER_SERVICE],
  );
}

export interface BenchData {
  databaseUrl: string;
  database: DatabaseHandle;
  counts: Record<string, number>;
  seconds: number;
}

/** Drops and creates the benchmark database, migrates and seeds it; the caller closes `database`. */
export async function prepareBenchDatabase(options: { poolSize?: number } = {}): Promise<BenchData> {
  const started = performance.now();
  if (process.env.BENCH_REUSE) {
    const reused = await reuseBenchDatabase(options.poolSize ?? 10, started);
    if (reused) return reused;
  }
  await admin(`drop database if exists ${databaseName} with (force)`);
  await admin(`create database ${databaseName}`);
  const databaseUrl = withDatabase(serverUrl, databaseName);
  const database = await openDatabase({ databaseUrl, poolSize: options.poolSize ?? 10 });
  await migrate(database);
  await seedDemoData(database.db);
  await seedCompanies(database.db);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seedCitizens(client);
    await seedBookings(client);
    // Which bookings are the data set's: a rerun with BENCH_REUSE=1 deletes the ones added after.
    await client.query("create table bench_seeded as select max(id) as last_booking_id from bookings");
    // A steady state: autovacuum would have run on tables this size (statistics, GIN pending lists merged).
    await client.query("vacuum analyze");
    const counts = await client.query<Record<string, number>>(
      `select (select count(*)::int from companies) as companies,
         (select count(*)::int from health_services) as health_services,
         (select count(*)::int from users where email like '%@bench.cura') as citizens,
         (select count(*)::int from bookings) as bookings`,
    );
    return {
      databaseUrl,
      database,
      counts: counts.rows[0] ?? {},
      seconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await client.end();
  }
}

/**
 * BENCH_REUSE=1 (with a database kept by BENCH_KEEP=1): the data set as seeded, without seeding it
 * again — the bookings a previous run added are deleted. Null when there is no such database.
 */
async function reuseBenchDatabase(poolSize: number, started: number): Promise<BenchData | null> {
  const databaseUrl = withDatabase(serverUrl, databaseName);
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const marker = await client.query("select last_booking_id from bench_seeded").catch(() => null);
    if (!marker?.rows[0]) return null;
    await client.query("delete from bookings where id > $1", [marker.rows[0].last_booking_id]);
    await client.query("vacuum analyze bookings");
    const counts = await client.query<Record<string, number>>(
      `select (select count(*)::int from companies) as companies,
         (select count(*)::int from health_services) as health_services,
         (select count(*)::int from users where email like '%@bench.cura') as citizens,
         (select count(*)::int from bookings) as bookings`,
    );
    const database = await openDatabase({ databaseUrl, poolSize });
    return {
      databaseUrl,
      database,
      counts: counts.rows[0] ?? {},
      seconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await client.end();
  }
}

/** CPU time (ms) a process has used so far, from /proc (Linux); 0 when it cannot be read. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU used so far by each PostgreSQL backend of the benchmark database but `sql`'s own, by pid. */
export async function backendCpu(sql: pg.Client): Promise<Map<number, number>> {
  const backends = await sql.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return new Map(backends.rows.map((row) => [row.pid, cpuMs(row.pid)]));
}

/**
 * CPU the backends used between two snapshots. A backend that started in between counts from zero;
 * one that ended in between is missed, so the figure is a floor.
 */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Drops the benchmark database unless BENCH_KEEP=1 (kept for EXPLAIN; the next run drops it first). */
export async function dropBenchDatabase(): Promise<void> {
  if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${databaseName} with (force)`);
}

export { DEMO_COMUNI, seededRandom };
