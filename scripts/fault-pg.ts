/**
 * npm run fault:pg [-- --short] — the database crashes under write load (issue 15, docs/reliability.md).
 *
 * 1. Creates a throwaway PostgreSQL cluster (pg_createcluster on a free port, listening on 127.0.0.1
 *    only, trust authentication), so the shared server is never touched, and checks that `fsync` and
 *    `synchronous_commit` are on: an acknowledged write must be on disk.
 * 2. Starts the API (apps/api/src/main.ts with demo data, hence NODE_ENV=development) on a free loopback port.
 * 3. Runs a write load: citizens create bookings (requests without a slot, so the load never runs out
 *    of free slots) and write a message on each. Every write carries a unique nonce (the booking's
 *    notes, the message's body) and an Idempotency-Key; every 2xx is recorded with the hashid it
 *    answered. A write that timed out, got no answer, a 5xx, a 429 or a 409 "in corso" is retried
 *    with the same key and nonce, as a client should, so a write that committed but whose answer was
 *    lost would show up as a duplicate row: the key must make it 0. Once the load stops, writes
 *    already started are finished (retried) for at most DRAIN_S more seconds.
 * 4. Mid-load: `pg_ctlcluster <version> <name> stop -m immediate` (a crash: no checkpoint, no goodbye
 *    to clients). While it is down, probes check that a route answers 503 `{ message }` within 2 s and
 *    that /api/v1/health answers 503 with the database down. After 10 s (3 s with --short) the cluster
 *    starts again; requests must succeed within 5 s of its return, with the same API process.
 * 5. After the load: every acknowledged write is in the database (0 lost), none twice (0 duplicated),
 *    and the API process is still the one started in step 2. Prints a report; exit 1 when a
 *    check fails. The cluster, the API and the work folder are removed at the end, also on failure
 *    or Ctrl-C.
 *
 * Needs root (pg_createcluster/pg_ctlcluster run the server as the postgres user) and Debian's
 * postgresql-common. Not part of npm test; `--short` is the CI version.
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { loadConfig } from "../apps/api/src/config.ts";
import { createIds } from "../apps/api/src/platform/ids.ts";
import { type Answer, call, freePort, log, login, run, startApi, waitForApi } from "./fault/common.ts";

const SHORT = process.argv.includes("--short");
/** Seconds of load before the crash, seconds down, seconds of load after the return. */
const BEFORE_S = SHORT ? 5 : 20;
const DOWN_S = SHORT ? 3 : 10;
const AFTER_S = SHORT ? 4 : 15;
const CLIENTS = SHORT ? 4 : 8;
/** Seconds a write already started may still be retried once the load stops. */
const DRAIN_S = 20;
/** A write with no answer within this is retried (the API answers 503 within 2 s when it can). */
const WRITE_TIMEOUT_MS = 5000;
/**
 * Every GIVE_UP_EVERY-th write, the client gives up its first attempt after GIVE_UP_MS (the request is
 * sent, the answer never read), as an impatient client or a lost connection would, and retries with
 * the same key: the retry must get the first attempt's answer (or 409 while it runs), never a second row.
 */
const GIVE_UP_EVERY = 5;
const GIVE_UP_MS = 15;
/** Hard bounds: the load loops stop at these whatever happens. */
const MAX_WRITES_PER_CLIENT = 20_000;
const UNAVAILABLE = "Servizio temporaneamente non disponibile";
const CITIZENS = ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo", "giulia.esposito@cura.demo"];
const PHARMACY_ADMIN = "farmacia.admin@cura.demo";

const ids = createIds(loadConfig({}).hashids);
const cluster = { version: "", name: `cura_fault_${process.pid}`, port: 0, created: false };
let api: ChildProcess | null = null;
let workDir = "";

const ctl = (action: string, ...extra: string[]) =>
  run("pg_ctlcluster", ["--skip-systemctl-redirect", cluster.version, cluster.name, action, ...extra]);

/** Everything this script started goes, in any case; synchronous so that it also runs on exit. */
function cleanUp(): void {
  if (api && api.exitCode === null && api.signalCode === null) api.kill("SIGKILL");
  api = null;
  if (cluster.created) {
    spawnSync("pg_dropcluster", ["--stop", cluster.version, cluster.name], { encoding: "utf8" });
    cluster.created = false;
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = "";
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    log(`${signal}: cleaning up`);
    cleanUp();
    process.exit(130);
  });
}
process.on("exit", cleanUp);

async function createCluster(): Promise<string> {
  const versions = readdirSync("/etc/postgresql").filter((v) => /^\d+$/.test(v));
  cluster.version = versions.sort((a, b) => Number(b) - Number(a))[0] ?? "";
  if (!cluster.version) throw new Error("no PostgreSQL version under /etc/postgresql (postgresql-common)");
  cluster.port = await freePort();
  cluster.created = true; // from here on, cleanUp drops it even if creation fails halfway
  run("pg_createcluster", [
    cluster.version,
    cluster.name,
    "--port",
    String(cluster.port),
    "--",
    "--auth-local=trust",
    "--auth-host=trust",
  ]);
  // Loopback only (the default, "localhost", would add ::1); Debian's postgresql.conf includes conf.d.
  writeFileSync(
    `/etc/postgresql/${cluster.version}/${cluster.name}/conf.d/fault-pg.conf`,
    "listen_addresses = '127.0.0.1'\n",
  );
  ctl("start");
  const url = `postgresql://postgres@127.0.0.1:${cluster.port}/postgres`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const setting = async (name: string) => (await admin.query(`show ${name}`)).rows[0]?.[name] as string;
    const fsync = await setting("fsync");
    const synchronousCommit = await setting("synchronous_commit");
    log(
      `cluster ${cluster.version}/${cluster.name} on 127.0.0.1:${cluster.port}: fsync=${fsync}, synchronous_commit=${synchronousCommit}`,
    );
    if (fsync !== "on" || synchronousCommit !== "on") {
      throw new Error("fsync and synchronous_commit must be on: an acknowledged write has to survive a crash");
    }
    await admin.query("create database cura");
  } finally {
    await admin.end();
  }
  return `postgresql://postgres@127.0.0.1:${cluster.port}/cura`;
}

/** A health service of the demo pharmacy, open on weekdays, that the load books (requests without a slot). */
async function bookableService(base: string): Promise<string> {
  const admin = await login(base, PHARMACY_ADMIN);
  const created = await call(base, "POST", "healthservices", admin, { name: "Prova di guasto", slot_minutes: 30 });
  const service = created.body?.data?.hashid;
  if (created.status !== 201 || !service)
    throw new Error(`health service: ${created.status} ${JSON.stringify(created.body)}`);
  const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "08:00", to: "18:00" }] }));
  const hours = await call(base, "POST", `healthservices/own/openings/${service}`, admin, { days });
  if (hours.status !== 200) throw new Error(`openings: ${hours.status} ${JSON.stringify(hours.body)}`);
  return service;
}

type Kind = "booking" | "message";
interface Stats {
  acknowledged: Map<string, { kind: Kind; hashid: string }>; // nonce → what the API answered
  attempts: number;
  statuses: Map<string, number>;
  retries: number;
  /** Retries answered with the stored answer of their key (the first attempt had committed). */
  replayed: number;
  /** Retries answered 409 "in corso" (the first attempt's reservation still held). */
  inProgress: number;
  /** Writes started but never acknowledged when the drain ended. */
  unfinished: number;
  /** First attempts the client gave up on before their answer (GIVE_UP_EVERY). */
  gaveUp: number;
}

/**
 * One client: book, then write on the booking. Each write has its nonce and its Idempotency-Key; a
 * write without a final answer is retried with both. New writes start until `stop`; a started one is
 * retried until `drained`.
 */
async function client(
  base: string,
  token: string,
  service: string,
  n: number,
  stats: Stats,
  stop: () => boolean,
  drained: () => boolean,
) {
  let writes = 0;
  const write = async (
    kind: Kind,
    nonce: string,
    send: (headers: Record<string, string>, timeoutMs: number) => Promise<Answer>,
  ): Promise<string | null> => {
    const headers = { "idempotency-key": randomUUID() };
    const impatient = writes % GIVE_UP_EVERY === 0;
    let attempt = 0;
    while (!drained() && writes < MAX_WRITES_PER_CLIENT) {
      writes++;
      stats.attempts++;
      if (attempt++ > 0) stats.retries++;
      const answer = await send(headers, impatient && attempt === 1 ? GIVE_UP_MS : WRITE_TIMEOUT_MS);
      if (impatient && attempt === 1 && answer.status === 0) stats.gaveUp++;
      const key = `${kind} ${answer.status}`;
      stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
      const hashid = answer.body?.data?.hashid;
      if (answer.status >= 200 && answer.status < 300 && hashid) {
        if (answer.replayed) stats.replayed++;
        stats.acknowledged.set(nonce, { kind, hashid });
        return hashid;
      }
      const busy = answer.status === 409 && answer.body?.code === "idempotency_in_progress";
      if (busy) stats.inProgress++;
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && !busy) return null; // a refusal
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    stats.unfinished++;
    return null;
  };
  for (let i = 0; !stop() && writes < MAX_WRITES_PER_CLIENT; i++) {
    const bookingNonce = `fault-b-${n}-${i}-${randomBytes(4).toString("hex")}`;
    const booking = await write("booking", bookingNonce, (headers, timeoutMs) =>
      call(
        base,
        "POST",
        "reservations",
        token,
        { health_service: service, no_preference: true, notes: bookingNonce },
        timeoutMs,
        headers,
      ),
    );
    if (!booking || stop()) continue;
    const messageNonce = `fault-m-${n}-${i}-${randomBytes(4).toString("hex")}`;
    await write("message", messageNonce, (headers, timeoutMs) =>
      call(base, "POST", `reservations/message/${booking}`, token, { body: messageNonce }, timeoutMs, headers),
    );
  }
}

interface Probe {
  at: number;
  route: Answer;
  health: Answer;
}

async function main(): Promise<number> {
  const started = Date.now();
  workDir = mkdtempSync(join(tmpdir(), "cura-fault-pg-"));
  const failures: string[] = [];
  const databaseUrl = await createCluster();
  const apiPort = await freePort();
  const base = `http://127.0.0.1:${apiPort}/api/v1`;
  api = startApi({ databaseUrl, port: apiPort, workDir });
  const apiPid = api.pid;
  let apiExit: string | null = null;
  api.once("exit", (code, signal) => {
    apiExit = `code ${code} signal ${signal}`;
  });
  await waitForApi(base, api);
  log(`API up on ${base} (pid ${apiPid}) in ${((Date.now() - started) / 1000).toFixed(1)} s since start`);

  const service = await bookableService(base);
  const tokens = await Promise.all(CITIZENS.map((email) => login(base, email)));
  const probeToken = tokens[0] as string;
  const stats: Stats = {
    acknowledged: new Map(),
    attempts: 0,
    statuses: new Map(),
    retries: 0,
    replayed: 0,
    inProgress: 0,
    unfinished: 0,
    gaveUp: 0,
  };
  let stoppedAt: number | null = null;
  const loadEnds = Date.now() + (BEFORE_S + DOWN_S + AFTER_S + 60) * 1000; // a bound whatever happens
  const stop = () => stoppedAt !== null || Date.now() > loadEnds;
  const drained = () =>
    (stoppedAt !== null && Date.now() > stoppedAt + DRAIN_S * 1000) || Date.now() > loadEnds + DRAIN_S * 1000;
  const load = Promise.all(
    Array.from({ length: CLIENTS }, (_, n) =>
      client(base, tokens[n % tokens.length] as string, service, n, stats, stop, drained),
    ),
  );
  log(`load: ${CLIENTS} clients on ${tokens.length} citizens, ${BEFORE_S} s before the crash`);
  await new Promise((resolve) => setTimeout(resolve, BEFORE_S * 1000));

  const before = stats.acknowledged.size;
  const crashAt = Date.now();
  ctl("stop", "-m", "immediate");
  log(`database stopped (-m immediate) after ${before} acknowledged writes`);

  // While down: a route that needs the database, and the health check, probed every 500 ms.
  const probes: Probe[] = [];
  while (Date.now() - crashAt < DOWN_S * 1000) {
    const [route, health] = await Promise.all([
      call(base, "GET", "users/fresh/me", probeToken),
      call(base, "GET", "health"),
    ]);
    probes.push({ at: Date.now() - crashAt, route, health });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const slowest = Math.max(...probes.map((p) => Math.max(p.route.ms, p.health.ms)));
  const wrongRoute = probes.filter((p) => p.route.status !== 503 || p.route.body?.message !== UNAVAILABLE);
  const wrongHealth = probes.filter((p) => p.health.status !== 503 || p.health.body?.data?.database !== "down");
  if (wrongRoute.length > 0)
    failures.push(`while down, ${wrongRoute.length}/${probes.length} route probes were not 503 "${UNAVAILABLE}"`);
  if (wrongHealth.length > 0)
    failures.push(`while down, ${wrongHealth.length}/${probes.length} health probes did not report the database down`);
  if (slowest > 2000) failures.push(`while down, a probe took ${Math.round(slowest)} ms (limit 2000)`);

  ctl("start"); // returns once the server accepts connections (after crash recovery)
  const readyAt = Date.now();
  log(`database started again after ${((readyAt - crashAt) / 1000).toFixed(1)} s down`);
  let recoveredMs: number | null = null;
  while (Date.now() - readyAt < 15_000) {
    const probe = await call(base, "GET", "users/fresh/me", probeToken);
    if (probe.status === 200) {
      recoveredMs = Date.now() - readyAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (recoveredMs === null || recoveredMs > 5000)
    failures.push(`requests did not succeed within 5 s of the database's return (${recoveredMs ?? "never"} ms)`);
  log(`requests succeed again ${recoveredMs ?? "never"} ms after the database's return`);

  await new Promise((resolve) => setTimeout(resolve, AFTER_S * 1000));
  stoppedAt = Date.now();
  await load;
  const drainMs = Date.now() - stoppedAt;
  const alive = api.exitCode === null && api.signalCode === null && apiExit === null;
  if (!alive) failures.push(`the API process exited (${apiExit})`);

  // Every acknowledged write is in the database, once.
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const rows = new Map<string, number[]>();
  const collect = (nonce: string, id: number) => rows.set(nonce, [...(rows.get(nonce) ?? []), id]);
  for (const row of (await sql.query("select id, notes from bookings where notes like 'fault-b-%'")).rows)
    collect(row.notes, row.id);
  for (const row of (await sql.query("select id, body from booking_messages where body like 'fault-m-%'")).rows)
    collect(row.body, row.id);
  await sql.end();
  let lost = 0;
  for (const [nonce, { hashid }] of stats.acknowledged) {
    const found = rows.get(nonce) ?? [];
    if (!found.some((id) => ids.encode(id) === hashid)) lost++;
  }
  const duplicated = [...rows.values()].filter((list) => list.length > 1).length;
  const unacknowledged = [...rows.keys()].filter((nonce) => !stats.acknowledged.has(nonce)).length;
  if (lost > 0) failures.push(`${lost} acknowledged writes are not in the database`);
  if (duplicated > 0) failures.push(`${duplicated} writes are in the database twice despite their Idempotency-Key`);

  const log503 = readFileSync(join(workDir, "api.log"), "utf8");
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
Database crash under load (${SHORT ? "short" : "full"}): PostgreSQL ${cluster.version}, ${CLIENTS} clients
  writes attempted            ${stats.attempts} (${stats.retries} retries with the same Idempotency-Key)
  acknowledged (2xx)          ${stats.acknowledged.size} (${before} before the crash)
  lost                        ${lost}
  duplicated                  ${duplicated} (0 expected: a retry of a committed write gets its stored answer)
  gave up on the answer         ${stats.gaveUp} first attempts (every ${GIVE_UP_EVERY}th write, after ${GIVE_UP_MS} ms), then retried
  retries answered from the stored answer  ${stats.replayed}; 409 "in corso" ${stats.inProgress}
  written, never acknowledged ${unacknowledged}
  started, never acknowledged ${stats.unfinished} (writes still failing ${DRAIN_S} s after the load stopped; drain took ${(drainMs / 1000).toFixed(1)} s)
  answers                     ${[...stats.statuses].map(([k, v]) => `${k}: ${v}`).join(", ")}
  down ${DOWN_S} s: ${probes.length} probes, route 503 ${probes.length - wrongRoute.length}/${probes.length}, health down ${probes.length - wrongHealth.length}/${probes.length}, slowest ${Math.round(slowest)} ms
  back: requests succeed ${recoveredMs ?? "never"} ms after the database's return
  API process ${alive ? `still running (pid ${apiPid})` : `exited (${apiExit})`}; "database connection lost" lines: ${(log503.match(/database connection lost/g) ?? []).length}
  total ${seconds} s
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
  cleanUp();
}
process.exit(code);
