import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** What the outbox keeps of an attachment: enough to see that it was sent, not its bytes. */
export type OutboxAttachment = { filename: string; contentType: string; size: number };

/** Every e-mail, SMS and messenger-bot message sent outside production lands here, readable at /dev/outbox. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial().primaryKey(),
    channel: text({ enum: ["email", "sms", "bot"] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    text: text().notNull(),
    html: text(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt)],
);
