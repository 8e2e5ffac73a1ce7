import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Realtime messages too large for a NOTIFY payload (PostgreSQL refuses 8,000 bytes and more): the
 * message waits here and the notification carries its id. Every listening instance reads it once
 * within moments; the sweep job deletes rows older than a few minutes. Not a history: a client that
 * was away fetches what it missed through the module's own API.
 */
export const realtimeMessages = pgTable(
  "realtime_messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** The room's key (`kind:internal id`). */
    room: text().notNull(),
    /** The message as sent on the channel (JSON). */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("realtime_messages_created_idx").on(t.createdAt)],
);
