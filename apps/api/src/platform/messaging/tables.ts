import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Every e-mail and SMS sent outside production lands here, readable at /dev/outbox. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial().primaryKey(),
    channel: text({ enum: ["email", "sms"] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    text: text().notNull(),
    html: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt)],
);
