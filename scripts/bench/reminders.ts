/**
 * npm run bench:reminders — the reminders job (issue 12 "Beyond the spec") on PostgreSQL.
 *
 * Creates its own database (cura_bench_reminders, or BENCH_DATABASE_NAME, on BENCH_DATABASE_URL's server), migrates it, seeds
 * the demo world, and inserts BENCH_BOOKINGS confirmed bookings (default 100,000) starting in 24 h,
 * spread over the demo citizens and over the 30 minutes before T (all inside the 24 h reminder's
 * window when the job runs at T−24 h + 1 min, so every one is due at once); every citizen keeps the default preferences
 * (e-mail and push, 24 h and 2 h). Then two job runners (two pools, as two API instances) run the job
 * at once at T−24 h, and once more afterwards. It prints the time taken and checks in SQL that every
 * (booking, lead time, channel) has exactly one row, that each e-mail reminder was sent once (the dev
 * outbox has one message per booking), and fails (exit 1) otherwise or when it took over 5 minutes.
 * The database is dropped at the end (BENCH_KEEP=1 keeps it). Not part of npm test.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import pg from "pg";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { migrate } from "../../apps/api/src/db/migrate.ts";
import { seedDemoData } from "../../apps/api/src/db/seed.ts";
import { runReminders } from "../../apps/api/src/modules/notifications/reminders/service.ts";
import { createDiskStorage } from "../../apps/api/src/platform/files/storage.ts";
import { createIds } from "../../apps/api/src/platform/ids.ts";
import type { JobRunner } from "../../apps/api/src/platform/jobs/runner.ts";
import { createMailer } from "../../apps/api/src/platform/messaging/mailer.ts";
import { createOutbox } from "../../apps/api/src/platform/messaging/outbox.ts";
import { createOutboxSmsSender } from "../../apps/api/src/platform/messaging/sms.ts";
import type { ModuleContext } from "../../apps/api/src/platform/module.ts";
import { createPushSender } from "../../apps/api/src/platform/push/sender.ts";
import type { RealtimeHub } from "../../apps/api/src/platform/realtime/index.ts";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const SERVER = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
// Its own database, dropped at the end; BENCH_DATABASE_NAME when several runs share the server.
const NAME = process.env.BENCH_DATABASE_NAME ?? "cura_bench_reminders";
if (!/^[a-z_][a-z0-9_]*$/.test(NAME)) throw new Error(`BENCH_DATABASE_NAME: not a plain name: ${NAME}`);
const LIMIT_MS = 5 * 60_000;

const admin = new pg.Client({ connectionString: SERVER });
await admin.connect();
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.query(`create database ${NAME}`);
const url = new URL(SERVER);
url.pathname = `/${NAME}`;

const config = loadConfig({
  NODE_ENV: "test",
  DATABASE_URL: url.toString(),
  STORAGE_DIR: mkdtempSync(`${tmpdir()}/cura-bench-`),
});
const first = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
await migrate(first);
await seedDemoData(first.db);

const setup = new pg.Client({ connectionString: url.toString() });
await setup.connect();
const started = Date.now();
const { rows: citizens } = await setup.query<{ id: number }>("select id from users where type = 0 order by id");
const { rows: services } = await setup.query<{ id: number; company_id: number }>(
  "select id, company_id from health_services order by id limit 50",
);
if (citizens.length === 0 || services.length === 0) throw new Error("the demo world has no citizens or services");
// The demo world's own bookings may fall in the window too: the checks count the bench's only.
const { rows: before } = await setup.query<{ max: number | null }>("select max(id) as max from bookings");
const firstBenchId = Number(before[0]?.max ?? 0) + 1;
// T: 24 h from the real now; the job runs at T−24 h + 1 min, so every booking is due.
const t0 = new Date(Date.now() + 24 * 3600_000);
await setup.query(
  `insert into bookings (company_id, health_service_id, user_id, kind, status, start_at, end_at)
   select s.company_id, s.id, c.id, 'prestazione', 'confermato',
          $1::timestamptz - (g % 1800) * interval '1 second',
          $1::timestamptz - (g % 1800) * interval '1 second' + interval '30 minutes'
   from generate_series(1, $2::int) g
   join lateral (select ($3::int[])[1 + g % array_length($3::int[], 1)] as id) c on true
   join lateral (select * from unnest($4::int[], $5::int[]) as u(id, company_id) offset (g % $6::int) limit 1) s on true`,
  [
    t0.toISOString(),
    BOOKINGS,
    citizens.map((c) => c.id),
    services.map((s) => s.id),
    services.map((s) => s.company_id),
    services.length,
  ],
);
console.log(`prepared ${BOOKINGS} confirmed bookings due in 24 h in ${((Date.now() - started) / 1000).toFixed(1)} s`);

function contextOn(db: ModuleContext["db"]): ModuleContext {
  const outbox = createOutbox(db);
  return {
    config,
    db,
    ids: createIds(config.hashids),
    outbox,
    mailer: createMailer({ from: config.mailFrom, outbox }),
    sms: createOutboxSmsSender(outbox),
    storage: createDiskStorage(config.storageDir),
    jobs: {} as JobRunner,
    realtime: {} as RealtimeHub,
    ping: async () => true,
  };
}
const second = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
const push = createPushSender({ keys: null, subject: "mailto:bench@cura.local", retryDelayMs: 0 });
const now = new Date(t0.getTime() - 24 * 3600_000 + 60_000);

const runStart = Date.now();
const [a, b] = await Promise.all([
  runReminders(contextOn(first.db), push, now),
  runReminders(contextOn(second.db), push, now),
]);
const again = await runReminders(contextOn(first.db), push, new Date(now.getTime() + 5 * 60_000));
const elapsed = Date.now() - runStart;

const { rows: counts } = await setup.query<Record<string, string>>(
  `select (select count(*) from reminder_sends where booking_id >= $1) as rows,
          (select count(distinct (booking_id, lead, channel)) from reminder_sends where booking_id >= $1) as distinct_rows,
          (select count(*) from reminder_sends where booking_id >= $1 and channel = 'email' and status = 'sent') as bench_mails,
          (select count(*) from reminder_sends where status = 'sent') as sent,
          (select count(*) from reminder_sends where channel = 'email' and status = 'sent') as sent_mails,
          (select count(*) from outbox_messages where subject like 'Cura: promemoria%') as mails,
          (select count(*) from (select booking_id from reminder_sends where channel = 'email' group by booking_id, lead having count(*) > 1) x) as twice`,
  [firstBenchId],
);
const result = Object.fromEntries(Object.entries(counts[0] ?? {}).map(([k, v]) => [k, Number(v)]));
console.log(
  `job: ${elapsed} ms for ${BOOKINGS} bookings (instance A sent ${a}, B ${b}, the later run ${again}); ` +
    `bench rows ${result.rows} (distinct ${result.distinct_rows}), bench e-mails sent ${result.bench_mails}; ` +
    `all sent ${result.sent}, e-mail rows sent ${result.sent_mails}, e-mails in the outbox ${result.mails}`,
);
let failed = false;
if (result.rows !== BOOKINGS * 2 || result.distinct_rows !== result.rows) {
  console.error("FAIL: expected one row per booking and channel (e-mail, push)");
  failed = true;
}
if (
  result.bench_mails !== BOOKINGS ||
  result.mails !== result.sent_mails ||
  result.twice !== 0 ||
  a + b + again !== result.sent
) {
  console.error("FAIL: each e-mail reminder must be sent exactly once");
  failed = true;
}
if (elapsed > LIMIT_MS) {
  console.error(`FAIL: over ${LIMIT_MS / 60_000} minutes`);
  failed = true;
}

await setup.end();
await first.close();
await second.close();
if (process.env.BENCH_KEEP !== "1") await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.end();
process.exit(failed ? 1 : 0);
