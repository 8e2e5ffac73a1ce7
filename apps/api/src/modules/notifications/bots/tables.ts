import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
// Foreign keys only: a bot access and a linking token belong to a user.
import { users } from "../../identity/tables.ts";

/**
 * A chat linked to a user (spec 001 §3 Bot access): where the reminders' `bot` channel writes while
 * `active`. `chatId` is Telegram's chat id or the WhatsApp number the citizen wrote from. The same
 * chat linked again by the same user is the same row (unique), so relinking cannot multiply it.
 */
export const botAccesses = pgTable(
  "bot_accesses",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'TG' Telegram, 'WP' WhatsApp (the spec's code). */
    messenger: text({ enum: ["TG", "WP"] }).notNull(),
    chatId: text().notNull(),
    /** The bot's @username or the business number at the time of linking, shown in the list. */
    botUsername: text().notNull(),
    active: boolean().notNull().default(true),
    /**
     * WhatsApp: when the number last wrote to us (its webhook messages). WhatsApp takes free text to
     * a number only within 24 hours of that; later a reminder goes as a template. Null on Telegram.
     */
    lastInboundAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("bot_accesses_chat_once").on(t.userId, t.messenger, t.chatId),
    // The user's list (newest first) and the reminders' lookup of a batch of users.
    index("bot_accesses_user_idx").on(t.userId, t.id),
  ],
);

/**
 * A deep link's single-use token: only its SHA-256 is kept (like identity's tokens). Minting a new
 * one for a messenger removes the user's previous unused one, so at most one per messenger is live.
 */
export const botLinkTokens = pgTable(
  "bot_link_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messenger: text({ enum: ["TG", "WP"] }).notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bot_link_tokens_user_idx").on(t.userId, t.messenger)],
);
