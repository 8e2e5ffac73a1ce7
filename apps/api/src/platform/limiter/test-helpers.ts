import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rateLimitCounters } from "./tables.ts";

/** Tests' view of the limiter's counters: time passing, and what a key holds. */

/**
 * Moves every attempt of the keys starting with `keyPrefix` `seconds` into the past, as if that
 * much time had passed for them.
 */
export async function ageHits(db: Executor, keyPrefix: string, seconds: number): Promise<void> {
  const shift = sql`make_interval(secs => ${seconds}::double precision)`;
  await db.execute(sql`
    update ${rateLimitCounters}
    set hits = array(select h - ${shift} from unnest(${rateLimitCounters.hits}) as h order by h),
        expires_at = ${rateLimitCounters.expiresAt} - ${shift}
    where starts_with(${rateLimitCounters.key}, ${keyPrefix})`);
}

/** How many attempts a key holds (inside its window or not yet pruned). */
export async function hitsOf(db: Executor, key: string): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(cardinality(${rateLimitCounters.hits})), 0)::int as n from ${rateLimitCounters} where ${rateLimitCounters.key} = ${key}`,
  );
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}
