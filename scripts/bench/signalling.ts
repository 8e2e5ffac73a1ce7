/**
 * npm run bench:signalling — the teleconsultation's signalling under load (issue 10 "Performance").
 *
 * Two API instances (two Fastify apps, each with its own pool and its own LISTEN connection) on one
 * PostgreSQL database (BENCH_DATABASE, default cura_bench_signalling: created, migrated and seeded,
 * dropped at the end unless BENCH_KEEP=1). ROOMS calls (default 100) are taken in charge for the
 * demo citizen and operator; in each, the citizen's socket on instance A sends RATE ICE messages a
 * second (default 20) for SECONDS (default 30; `--quick`: 10) and the operator's socket on instance
 * B receives them. Each message carries its room, a sequence number and its send time: the script
 * prints the relay latency (p50, p95, p99, max) and fails (exit 1) on a message lost, out of order or
 * heard in another room. Clients run in the same process as the two instances (one machine): the
 * latency includes their work too. Not part of npm test.
 */
import { performance } from "node:perf_hooks";
import { REALTIME_PATH, teleconsultRoomName } from "@cura/domain";
import { eq } from "drizzle-orm";
import pg from "pg";
import { WebSocket } from "ws";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { migrate } from "../../apps/api/src/db/migrate.ts";
import { seedDemoData } from "../../apps/api/src/db/seed.ts";
import { bookings } from "../../apps/api/src/modules/bookings/tables.ts";
import { operators } from "../../apps/api/src/modules/companies/tables.ts";
import { users } from "../../apps/api/src/modules/identity/tables.ts";
import { teleconsults } from "../../apps/api/src/modules/teleconsult/tables.ts";
import { createIds } from "../../apps/api/src/platform/ids.ts";

const QUICK = process.argv.includes("--quick");
const ROOMS = Number(process.env.BENCH_ROOMS ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 10 : 30));
/** A socket may be in 32 rooms: each socket carries this many calls. */
const ROOMS_PER_SOCKET = 25;
const DATABASE = process.env.BENCH_DATABASE ?? "cura_bench_signalling";
const SERVER = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432";
const PASSWORD = "Cura-Demo-2026!";
const CITIZEN = "maria.rossi@cura.demo";
const OPERATOR = "farmacia.operatore@cura.demo";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`drop database if exists ${DATABASE}`);
await admin(`create database ${DATABASE}`);
const databaseUrl = `${SERVER}/${DATABASE}`;
const env = { NODE_ENV: "test", DATABASE_URL: databaseUrl, PORT: "0", LOG_LEVEL: "warn", SEED_DEMO: "false" };
const setup = await openDatabase({ databaseUrl, poolSize: 4 });
await migrate(setup);
await seedDemoData(setup.db);

// The calls: taken in charge a minute ago (the rows the teleconsult module writes).
const [citizen] = await setup.db.select({ id: users.id }).from(users).where(eq(users.email, CITIZEN));
const [operator] = await setup.db.select({ id: users.id }).from(users).where(eq(users.email, OPERATOR));
const [membership] = await setup.db
  .select()
  .from(operators)
  .where(eq(operators.userId, operator?.id ?? 0));
if (!citizen || !operator || !membership) throw new Error("demo accounts missing");
const ids = createIds(loadConfig(env).hashids);
const rooms: string[] = [];
for (let i = 0; i < ROOMS; i++) {
  const startAt = new Date(Date.now() - 60_000);
  const [row] = await setup.db
    .insert(bookings)
    .values({
      companyId: membership.companyId,
      userId: citizen.id,
      kind: "teleconsulto",
      status: "confermato",
      startAt,
      endAt: new Date(startAt.getTime() + 15 * 60_000),
    })
    .returning({ id: bookings.id });
  const id = (row as { id: number }).id;
  await setup.db.insert(teleconsults).values({
    bookingId: id,
    companyId: membership.companyId,
    userId: citizen.id,
    kind: "rapido",
    positionRef: 10,
    reason: "bench",
    operatorId: operator.id,
    takenAt: startAt,
  });
  rooms.push(teleconsultRoomName(ids.encode(id)));
}
await setup.close();

const instances = [];
for (const name of ["A", "B"]) {
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  const app = await buildApp({ config: loadConfig(env), database });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  instances.push({
    name,
    app,
    database,
    url: `ws://127.0.0.1:${port}${REALTIME_PATH}`,
    base: `http://127.0.0.1:${port}`,
  });
}
const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { data: { token?: string; access_token?: string } };
  const token = body.data.access_token ?? body.data.token;
  if (!token) throw new Error(`no token for ${email}: ${JSON.stringify(body)}`);
  return token;
}

interface Socket {
  ws: WebSocket;
  onEvent?: (room: string, payload: unknown) => void;
}

async function socket(url: string, token: string, joinRooms: string[]): Promise<Socket> {
  const ws = new WebSocket(url);
  const s: Socket = { ws };
  const joined = new Set<string>();
  await new Promise<void>((resolve, reject) => {
    ws.on("error", reject);
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token })));
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === "ready") {
        // Joins paced under the socket's rate (20 frames a second, 40 at once).
        for (const [i, room] of joinRooms.entries()) {
          setTimeout(() => ws.send(JSON.stringify({ type: "join", room })), i * 60);
        }
      } else if (message.type === "joined") {
        joined.add(message.room);
        if (joined.size === joinRooms.length) resolve();
      } else if (message.type === "error") {
        reject(new Error(`${message.code}: ${message.message}`));
      } else if (message.type === "event") {
        s.onEvent?.(message.room, message.payload);
      }
    });
  });
  return s;
}

const citizenToken = await login(a.base, CITIZEN);
const operatorToken = await login(b.base, OPERATOR);

/** One sender socket per room (20 messages a second is a socket's whole rate); receivers carry 25 rooms each. */
const senders: Socket[] = [];
for (const room of rooms) senders.push(await socket(a.url, citizenToken, [room]));
const receivers: Socket[] = [];
for (let i = 0; i < rooms.length; i += ROOMS_PER_SOCKET) {
  receivers.push(await socket(b.url, operatorToken, rooms.slice(i, i + ROOMS_PER_SOCKET)));
}

const latencies: number[] = [];
const nextSeq = new Map<string, number>();
let misrouted = 0;
let outOfOrder = 0;
for (const receiver of receivers) {
  receiver.onEvent = (room, payload) => {
    const text = (payload as { candidate?: { candidate?: string } }).candidate?.candidate ?? "";
    const [, forRoom, seq, sentAt] = text.split(" ");
    if (forRoom !== room) misrouted += 1;
    const expected = nextSeq.get(room) ?? 0;
    if (Number(seq) !== expected) outOfOrder += 1;
    nextSeq.set(room, Number(seq) + 1);
    latencies.push(performance.now() - Number(sentAt));
  };
}

console.log(`bench:signalling: ${ROOMS} rooms × ${RATE}/s for ${SECONDS} s, sender on instance A, receiver on B`);
const sent = new Map<string, number>();
const started = performance.now();
await new Promise<void>((resolve) => {
  const timers = senders.map((sender, i) => {
    const room = rooms[i] as string;
    let seq = 0;
    // Spread the rooms' ticks over the interval.
    const interval = 1000 / RATE;
    return setTimeout(
      () => {
        const timer = setInterval(() => {
          if (performance.now() - started > SECONDS * 1000) {
            clearInterval(timer);
            return;
          }
          const candidate = `bench ${room} ${seq} ${performance.now()}`;
          sender.ws.send(
            JSON.stringify({ type: "send", room, event: "ice", payload: { to: "x", candidate: { candidate } } }),
          );
          seq += 1;
          sent.set(room, seq);
        }, interval);
      },
      (i * interval) / ROOMS,
    );
  });
  setTimeout(
    () => {
      for (const timer of timers) clearTimeout(timer);
      resolve();
    },
    SECONDS * 1000 + 3000,
  );
});

const total = [...sent.values()].reduce((s, n) => s + n, 0);
const lost = total - latencies.length;
latencies.sort((x, y) => x - y);
const pct = (p: number) =>
  (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(1);
console.log(
  `sent ${total}, relayed ${latencies.length}, lost ${lost}, out of order ${outOfOrder}, misrouted ${misrouted}; ` +
    `relay ms p50 ${pct(50)} p95 ${pct(95)} p99 ${pct(99)} max ${(latencies.at(-1) ?? 0).toFixed(1)}`,
);

for (const s of [...senders, ...receivers]) s.ws.close();
for (const instance of instances) {
  await instance.app.close();
  await instance.database.close();
}
if (process.env.BENCH_KEEP !== "1") await admin(`drop database if exists ${DATABASE}`);
process.exit(lost !== 0 || outOfOrder !== 0 || misrouted !== 0 ? 1 : 0);
