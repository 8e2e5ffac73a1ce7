import { randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import pg from "pg";
import type { Database, DatabaseHandle, Executor } from "../../db/client.ts";
import { realtimeMessages } from "./tables.ts";

/**
 * The fan-out between API instances (DESIGN §2 "realtime"): every message goes through PostgreSQL
 * NOTIFY on one channel, and every instance LISTENs on its own connection and hands what it hears to
 * its sockets. NOTIFY is transactional: sent inside a transaction, a message leaves at its commit,
 * and never when it rolls back. PostgreSQL delivers the notifications of different transactions to
 * every listener in the order the transactions committed, so all instances see one order; each
 * instance keeps it (a stored message is read before anything heard after it is delivered).
 */
export const REALTIME_CHANNEL = "cura_realtime";
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more ("payload string too long"). */
export const NOTIFY_MAX_BYTES = 7999;
/** Stored messages are read within moments; the sweep keeps them this long for a slow instance. */
export const STORED_MESSAGE_TTL_MINUTES = 5;

/** A message on the channel (short keys: the NOTIFY payload is bounded). */
export interface BusMessage {
  /** The room's key. */
  r: string;
  /** The event. */
  e: string;
  p?: unknown;
  /** The sender's public id, for a member's message. */
  f?: string;
  /**
   * Unique per message: PostgreSQL folds identical payloads sent in one transaction into one
   * notification, and two identical messages must both arrive.
   */
  n: string;
}

/** What the channel carries for a stored message: its room (instances with no member skip it) and id. */
interface StoredNote {
  r: string;
  ref: number;
}

const processTag = randomBytes(4).toString("hex");
let sent = 0;

/**
 * Publishes `event` with `payload` to everyone in `room` on every instance. With a transaction as
 * `db`, the message leaves when it commits (nothing when it rolls back): call it inside the use
 * case's transaction, after its writes. One statement either way.
 */
export async function publish(
  db: Executor,
  room: string,
  event: string,
  payload?: unknown,
  options: { from?: string } = {},
): Promise<void> {
  sent += 1;
  const message: BusMessage = {
    r: room,
    e: event,
    ...(payload === undefined ? {} : { p: payload }),
    ...(options.from ? { f: options.from } : {}),
    n: `${processTag}.${sent}`,
  };
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) <= NOTIFY_MAX_BYTES) {
    await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${text})`);
    return;
  }
  // Too large for the channel: stored, and the notification names it. Insert and notify in one statement.
  await db.execute(sql`
    with stored as (
      insert into ${realtimeMessages} (room, body) values (${room}, ${text}) returning id
    )
    select pg_notify(${REALTIME_CHANNEL}, json_build_object('r', ${room}::text, 'ref', stored.id)::text) from stored`);
}

/** Deletes stored messages past their time (the sweep job). */
export async function sweepStoredMessages(db: Database): Promise<number> {
  const deleted = await db
    .delete(realtimeMessages)
    .where(lt(realtimeMessages.createdAt, sql`now() - make_interval(mins => ${STORED_MESSAGE_TTL_MINUTES})`))
    .returning({ id: realtimeMessages.id });
  return deleted.length;
}

export interface BusConsumer {
  /** One notification's payload, as heard, in the order heard. */
  accept(text: string): void;
}

/**
 * Turns what the listener hears into delivered messages, in the order heard: a stored message is
 * read (one query per instance, not per socket) while later ones wait behind it. A room with no
 * member on this instance costs nothing, not even the read.
 */
export function createBusConsumer(options: {
  db: Database;
  wants(room: string): boolean;
  deliver(message: BusMessage): void;
  log: { error(obj: object, msg: string): void };
}): BusConsumer {
  let tail: Promise<void> = Promise.resolve();
  // Messages waiting behind a stored one: while any wait, a new one queues too.
  let waiting = 0;
  const queue = (step: () => Promise<void> | void) => {
    waiting += 1;
    tail = tail
      .then(step)
      .catch((error: unknown) => options.log.error({ err: error }, "realtime message lost"))
      .finally(() => {
        waiting -= 1;
      });
  };
  const read = async (id: number): Promise<BusMessage | null> => {
    const rows = await options.db
      .select({ body: realtimeMessages.body })
      .from(realtimeMessages)
      .where(eq(realtimeMessages.id, id));
    return rows[0] ? (JSON.parse(rows[0].body) as BusMessage) : null;
  };
  return {
    accept(text) {
      let note: BusMessage | StoredNote;
      try {
        note = JSON.parse(text) as BusMessage | StoredNote;
      } catch {
        return;
      }
      if (typeof note?.r !== "string" || !options.wants(note.r)) return;
      if ("ref" in note && typeof note.ref === "number") {
        // Read at once, delivered in turn.
        const reading = read(note.ref);
        reading.catch(() => {});
        queue(async () => {
          const message = await reading;
          if (message) options.deliver(message);
        });
        return;
      }
      const message = note as BusMessage;
      if (waiting === 0) options.deliver(message);
      else queue(() => options.deliver(message));
    },
  };
}

export interface BusListener {
  stop(): Promise<void>;
}

export interface ListenOptions {
  consumer: BusConsumer;
  /** After the listening connection was lost and is back: messages of the gap are gone. */
  reconnected(): void;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often the PostgreSQL listener checks its connection (a silent network failure). */
  checkMs?: number;
}

/**
 * Listens on the channel: on PostgreSQL with a connection of its own (LISTEN holds a session; a
 * pooled connection would be handed to other queries), reopened after a failure with a growing
 * pause; on PGlite (one process, one database) through PGlite's own listen.
 */
export async function listen(database: DatabaseHandle, options: ListenOptions): Promise<BusListener> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(REALTIME_CHANNEL, (payload) => options.consumer.accept(payload));
    return {
      async stop() {
        if (!database.pglite?.closed) await unlisten();
      },
    };
  }
  if (!database.pool) throw new Error("realtime: no database to listen on");
  return listenOnPostgres(database.pool, options);
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

async function listenOnPostgres(pool: pg.Pool, options: ListenOptions): Promise<BusListener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let checkTimer: NodeJS.Timeout | null = null;
  let retryMs = RETRY_FIRST_MS;
  let everConnected = false;
  // Set once a connection failed: messages may have been missed until the next one listens.
  let missed = false;

  const lost = (current: pg.Client, error?: unknown) => {
    if (client !== current) return;
    client = null;
    missed = true;
    if (checkTimer) clearInterval(checkTimer);
    current.end().catch(() => {});
    if (stopped) return;
    options.log.warn({ err: error }, "realtime listener lost its database connection; reconnecting");
    schedule();
  };

  const schedule = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void open();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const open = async (): Promise<void> => {
    // The pool's own settings (address, credentials, timeouts), on a connection outside it.
    const next = new pg.Client({ ...(pool.options as pg.ClientConfig), application_name: "cura-realtime" });
    next.on("notification", (message) => {
      if (message.channel === REALTIME_CHANNEL && message.payload) options.consumer.accept(message.payload);
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${REALTIME_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    retryMs = RETRY_FIRST_MS;
    // A network that drops packets without closing anything: noticed by a small query timing out.
    checkTimer = setInterval(() => {
      next.query({ text: "select 1", query_timeout: 5_000 } as pg.QueryConfig).catch((error) => lost(next, error));
    }, options.checkMs ?? 30_000);
    checkTimer.unref();
    everConnected = true;
    if (missed) {
      missed = false;
      options.log.info({}, "realtime listener reconnected");
      options.reconnected();
    }
  };

  await open();
  if (!everConnected) options.log.warn({}, "realtime listener could not connect yet; retrying");
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (checkTimer) clearInterval(checkTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
