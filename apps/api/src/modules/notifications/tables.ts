import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
// Foreign keys only: a notification belongs to a user and may be about a booking.
import { bookings } from "../bookings/tables.ts";
import { users } from "../identity/tables.ts";

/**
 * One in-app notification for one user (the notification centre, spec 001 §2 screen 22), and the
 * e-mail that repeats it. The e-mail is sent after the transaction that created the row commits:
 * the row carries its delivery state and the dispatcher (dispatcher.ts) claims pending rows.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** booking, popup, general. */
    kind: text({ enum: ["booking", "popup", "general"] }).notNull(),
    /** Whose area the link opens (citizen, operator, admin). */
    audience: text({ enum: ["citizen", "operator", "admin"] }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** The booking a booking notification is about; its page is the link. */
    bookingId: integer().references(() => bookings.id, { onDelete: "cascade" }),
    /** The booking change that caused it (created, confirm, message…), for tests and support. */
    action: text(),
    /** Popup notifications (spec 001 §3): shown once in a modal until seen. */
    popup: boolean().notNull().default(false),
    popupAction: text(),
    popupVariant: text({ enum: ["primary", "info", "success", "warning", "danger"] })
      .notNull()
      .default("info"),
    seenAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    /** none (in-app only), pending, sending (claimed by a dispatcher), sent, skipped, failed. */
    emailStatus: text({ enum: ["none", "pending", "sending", "sent", "skipped", "failed"] })
      .notNull()
      .default("none"),
    emailAttempts: smallint().notNull().default(0),
    emailClaimedAt: timestamp({ withTimezone: true }),
    emailSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_user_popup_idx").on(t.userId).where(sql`${t.popup} and ${t.seenAt} is null`),
    // The dispatcher's queue: only rows still waiting for their e-mail.
    index("notifications_email_queue_idx").on(t.id).where(sql`${t.emailStatus} in ('pending', 'sending')`),
  ],
);
