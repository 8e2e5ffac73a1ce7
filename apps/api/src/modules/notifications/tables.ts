import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, unique } from "drizzle-orm/pg-core";
// Foreign keys only: a notification belongs to a user and may be about a booking; a reminder may be
// about an agenda event.
import { agendaEvents } from "../agenda/tables.ts";
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
    /** Web Push to the user's browsers (platform/push): none, pending, sending, sent, failed. */
    pushStatus: text({ enum: ["none", "pending", "sending", "sent", "failed"] })
      .notNull()
      .default("none"),
    pushClaimedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_user_popup_idx").on(t.userId).where(sql`${t.popup} and ${t.seenAt} is null`),
    // The dispatcher's queue: only rows still waiting for their e-mail.
    index("notifications_email_queue_idx").on(t.id).where(sql`${t.emailStatus} in ('pending', 'sending')`),
    index("notifications_push_queue_idx").on(t.id).where(sql`${t.pushStatus} in ('pending', 'sending')`),
  ],
);

/**
 * Why the job skipped a reminder rather than sending it: no e-mail address or phone number, the
 * notification consent withdrawn, no browser subscribed to push, no active bot chat, only WhatsApp
 * chats outside the 24-hour window with no template configured, or the item gone or moved meanwhile.
 */
export const REMINDER_SKIP_REASONS = [
  "no_address",
  "no_consent",
  "no_device",
  "no_chat",
  "whatsapp_window",
  "gone",
] as const;
export type ReminderSkipReason = (typeof REMINDER_SKIP_REASONS)[number];

/** A citizen's reminder preferences (channels, lead times, kinds); no row: the defaults. */
export const reminderPreferences = pgTable("reminder_preferences", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  channels: text().array().notNull(),
  leads: text().array().notNull(),
  kinds: text().array().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One reminder of one booking at one lead time on one channel. The row is reserved (unique) before
 * anything is sent: two instances running the job at once insert it once, and only the one whose
 * insert succeeded sends. The citizen's answer through its links is recorded once (respondedAt).
 */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    id: serial().primaryKey(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lead: text().notNull(),
    channel: text({ enum: ["email", "sms", "push", "bot"] }).notNull(),
    /** reserved (about to be sent), sent, skipped (no address, no device), failed. */
    status: text({ enum: ["reserved", "sent", "skipped", "failed"] })
      .notNull()
      .default("reserved"),
    /** Why a reminder was skipped (REMINDER_SKIP_REASONS), for support; null otherwise. */
    reason: text({ enum: REMINDER_SKIP_REASONS }),
    response: text({ enum: ["confermo", "annullo"] }),
    respondedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("reminder_sends_once").on(t.bookingId, t.lead, t.channel),
    index("reminder_sends_user_idx").on(t.userId),
  ],
);

/**
 * One reminder of one of the citizen's own agenda events, at one lead time on one channel: reserved
 * (unique) before it is sent, as reminder_sends. The key carries the event's start: an event moved
 * after its reminder went out is reminded again for its new time, and one moved before is never
 * reminded at the old time (the job only looks at the event's current start). Deleted with its event.
 */
export const agendaReminderSends = pgTable(
  "agenda_reminder_sends",
  {
    id: serial().primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => agendaEvents.id, { onDelete: "cascade" }),
    startAt: timestamp({ withTimezone: true }).notNull(),
    lead: text().notNull(),
    channel: text({ enum: ["email", "sms", "push", "bot"] }).notNull(),
    /** reserved (about to be sent), sent, skipped (no address, no device, moved meanwhile), failed. */
    status: text({ enum: ["reserved", "sent", "skipped", "failed"] })
      .notNull()
      .default("reserved"),
    reason: text({ enum: REMINDER_SKIP_REASONS }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("agenda_reminder_sends_once").on(t.eventId, t.startAt, t.lead, t.channel)],
);
