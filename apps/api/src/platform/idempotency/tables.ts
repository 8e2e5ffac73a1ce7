import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Idempotency keys (platform/idempotency): one row per signed-in user and `Idempotency-Key` of a
 * POST. Reserved before the request's work (status null while it runs, until `locked_until`), then
 * holding the first answer (a 2xx) that a retry with the same key gets back instead of doing the work
 * again. Rows go 24 hours after `created_at` (a daily job). `user_id` has no foreign key: platform/
 * knows no module's tables, and a deleted account's keys simply age out.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer().notNull(),
    key: text().notNull(),
    /** sha256 of the method, the URL and the body: the same key with another request is refused. */
    fingerprint: text().notNull(),
    statusCode: smallint(),
    responseBody: text(),
    contentType: text(),
    /** Which reservation holds the key (random): a late release or store never touches a later holder's. */
    holder: text().notNull(),
    /** Until when the first request holds the key while it runs; after it, a retry may take it over. */
    lockedUntil: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_at_idx").on(t.createdAt)],
);
