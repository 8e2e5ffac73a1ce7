import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The limiter's counters: one row per limited key (`login:address:<ip>`, `recovery:user:<id>`…),
 * holding the times of the attempts still inside its window, oldest first, never more than the
 * limit. The row is rewritten atomically by each reservation (see limiter.ts); `expires_at` is when
 * its newest attempt leaves the window, after which the row can go.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text().primaryKey(),
    hits: timestamp({ withTimezone: true }).array().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_expires_idx").on(t.expiresAt)],
);
