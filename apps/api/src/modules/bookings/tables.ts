import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
// Foreign keys only: the bookings module reads other modules' tables only where a repository says why.
import { companies, healthServices } from "../companies/tables.ts";
import { users } from "../identity/tables.ts";

/** A booking request (spec 001 §3 Booking request): a citizen books a health service at a company. */
export const bookings = pgTable(
  "bookings",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    healthServiceId: integer()
      .notNull()
      .references(() => healthServices.id, { onDelete: "restrict" }),
    /** The citizen who booked (and whose agenda shows it). */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** For whom, when a family member (the family members module adds the key). */
    familyMemberId: integer(),
    kind: text({ enum: ["prestazione", "prodotto"] })
      .notNull()
      .default("prestazione"),
    /** BOOKING_STATUSES of @cura/domain. */
    status: text({ enum: ["ricevuto", "in_attesa", "confermato", "evaso", "rifiutato", "annullato"] })
      .notNull()
      .default("ricevuto"),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    /** Preferred dates with a time of day, when no slot was chosen (later work). */
    preferences: jsonb().$type<Array<{ date: string; slot: string }>>(),
    /** The citizen's own notes. */
    notes: text(),
    /** The operator's notes. */
    operatorNotes: text(),
    /** REFUSAL_REASONS 1–4. */
    refusalReason: smallint(),
    /** CANCELLATION_REASONS 1–2. */
    cancellationReason: smallint(),
    /** The operator's proposed change (status in_attesa). */
    proposedStartAt: timestamp({ withTimezone: true }),
    proposedEndAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bookings_company_start_idx").on(t.companyId, t.startAt),
    index("bookings_user_start_idx").on(t.userId, t.startAt),
    index("bookings_health_service_start_idx").on(t.healthServiceId, t.startAt),
  ],
);

/** The history of a booking: every change, who made it, from which status to which. */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: serial().primaryKey(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("booking_events_booking_idx").on(t.bookingId, t.createdAt)],
);
