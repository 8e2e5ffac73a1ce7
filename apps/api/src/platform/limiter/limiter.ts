import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rateLimitCounters } from "./tables.ts";

/**
 * The platform's one limiter: every "at most N attempts in W" of the application goes through it
 * (docs/security.md "Limits").
 *
 * Exact under parallel requests: an attempt is *reserved* by one atomic statement before the work
 * is done (`INSERT … ON CONFLICT … DO UPDATE … WHERE … RETURNING`). PostgreSQL locks the key's row
 * for the statement, so concurrent reservations of one key run one after another, on one instance
 * or many; the update only happens while fewer than N attempts are inside the window, so N
 * parallel requests and more get exactly N slots. Reading a count, doing the work and then
 * writing the attempt (what this replaces) lets every request of a burst read the same count.
 *
 * Sliding windows: a row keeps the times of its attempts still inside the window (at most N of
 * them), and each reservation first drops the ones that left it. "3 in 5 minutes" then means
 * any 5 minutes, as the spec says; a fixed window (a counter per clock interval) would allow twice
 * the limit across an interval boundary, 3 at 4:59 and 3 more at 5:00. Limits are small (tens), so
 * the list stays short.
 *
 * A refused attempt is not counted: who keeps trying while refused is not kept out longer.
 */

export interface LimitRule {
  /** What is limited: a prefix naming the limit and the thing counted (`login:address:10.0.0.1`). */
  key: string;
  /** Attempts allowed inside any window. */
  limit: number;
  windowSeconds: number;
}

/** One reserved attempt: give it back with `release` when it turns out not to count. */
export interface Slot {
  key: string;
  /** The attempt's time as the database wrote it (text, so it round-trips to the microsecond). */
  at: string;
}

export type Reservation =
  | { allowed: true; retryAfterSeconds: 0; slot: Slot }
  | { allowed: false; retryAfterSeconds: number };

const counters = rateLimitCounters;
const windowOf = (seconds: number) => sql`make_interval(secs => ${seconds}::double precision)`;
/** The attempts of the existing row still inside the window, oldest first. */
const keptHits = (window: SQL) =>
  sql`array(select h from unnest(${counters.hits}) as h where h > now() - ${window} order by h)`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The new attempt's time: now, or just after the key's latest attempt when the clock has not moved
 * on (PGlite's clock has millisecond resolution): each attempt of a key has its own time, which is
 * what `release` finds it by, so giving one slot back never gives back another.
 */
const newHit = sql`greatest(now(), (select max(h) from unnest(${counters.hits}) as h) + interval '1 microsecond')`;

/** Reserves one attempt under a limit; refused (and not counted) when the window is full. */
export async function reserve(db: Executor, rule: LimitRule): Promise<Reservation> {
  await purgeNow(db);
  if (rule.limit <= 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rule.windowSeconds)) };
  const window = windowOf(rule.windowSeconds);
  const kept = keptHits(window);
  const reserved = rowsOf<{ at: string }>(
    await db.execute(sql`
      insert into ${counters} (${sql.identifier("key")}, ${sql.identifier("hits")}, ${sql.identifier("expires_at")})
      values (${rule.key}, array[now()], now() + ${window})
      on conflict (${sql.identifier("key")}) do update
        set ${sql.identifier("hits")} = ${kept} || ${newHit},
            ${sql.identifier("expires_at")} = now() + ${window}
        where cardinality(${kept}) < ${rule.limit}::int
      returning ${counters.hits}[cardinality(${counters.hits})]::text as at`),
  );
  const at = reserved[0]?.at;
  if (at !== undefined) return { allowed: true, retryAfterSeconds: 0, slot: { key: rule.key, at } };
  // Refused: when the oldest attempt inside the window leaves it, a slot frees up. Read after the
  // refusal and only to tell the client; the decision above is the atomic one.
  const oldest = rowsOf<{ seconds: number | string | null }>(
    await db.execute(sql`
      select ceil(extract(epoch from (
        (select min(h) from unnest(${counters.hits}) as h where h > now() - ${window}) + ${window} - now()
      )))::int as seconds
      from ${counters} where ${counters.key} = ${rule.key}`),
  );
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(oldest[0]?.seconds ?? 1)) };
}

/**
 * Reserves one attempt under each of several limits, or under none: when one refuses, the slots
 * already taken are given back. `refused` is the index of the limit that refused.
 */
export async function reserveAll(
  db: Executor,
  rules: LimitRule[],
): Promise<{ allowed: true; slots: Slot[] } | { allowed: false; refused: number; retryAfterSeconds: number }> {
  const slots: Slot[] = [];
  for (const [index, rule] of rules.entries()) {
    const reservation = await reserve(db, rule);
    if (!reservation.allowed) {
      await release(db, slots);
      return { allowed: false, refused: index, retryAfterSeconds: reservation.retryAfterSeconds };
    }
    slots.push(reservation.slot);
  }
  return { allowed: true, slots };
}

/**
 * Gives reserved attempts back (a sign-in whose password was right is not a failure). Each slot is
 * removed once, atomically; releasing it again, or after a reset, does nothing.
 */
export async function release(db: Executor, slots: Slot | Slot[]): Promise<void> {
  for (const slot of Array.isArray(slots) ? slots : [slots]) {
    const position = sql`array_position(${counters.hits}, ${slot.at}::timestamptz)`;
    await db.execute(sql`
      update ${counters}
      set ${sql.identifier("hits")} = ${counters.hits}[:${position} - 1] || ${counters.hits}[${position} + 1:]
      where ${counters.key} = ${slot.key} and ${position} is not null`);
  }
}

/** Forgets every attempt of one key (exactly this key: `login:user:1` leaves `login:user:12`). */
export async function reset(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from ${counters} where ${counters.key} = ${key}`);
}

/**
 * Deletes rows whose every attempt has left the window, a bounded batch at a time. Rows locked by
 * a reservation in flight are skipped, never waited for. Returns how many went.
 */
export async function purgeExpired(db: Executor, batch = 500): Promise<number> {
  const deleted = rowsOf<{ key: string }>(
    await db.execute(sql`
      delete from ${counters} where ${counters.key} in (
        select ${counters.key} from ${counters} where ${counters.expiresAt} < now()
        limit ${batch}::int for update skip locked
      ) returning ${counters.key} as key`),
  );
  return deleted.length;
}

/**
 * Old rows must not pile up (a key a client never uses again, such as an address or a mistyped
 * login). A key that comes back reuses its row, so only abandoned keys are left: one reservation
 * in PURGE_EVERY clears a batch of them, through the expiry index, without a scheduled job.
 */
const PURGE_EVERY = 100;
let sincePurge = 0;
async function purgeNow(db: Executor): Promise<void> {
  sincePurge += 1;
  if (sincePurge < PURGE_EVERY) return;
  sincePurge = 0;
  await purgeExpired(db);
}
