import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One browser's Web Push subscription (the PushSubscription JSON a page sends to POST users/push/token).
 * A user may have several (one per browser or device); the endpoint is the subscription's identity.
 * Rows the push service answers 404 or 410 for are deleted: the browser dropped them.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial().primaryKey(),
    /** The user (identity's users.id); no foreign key: platform knows no module's tables. */
    userId: integer().notNull(),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key and auth secret, base64url, for the aes128gcm encryption. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
