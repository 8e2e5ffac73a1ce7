import type { TBookingPreference } from "@cura/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
} from "drizzle-orm/pg-core";
// Foreign keys only: the bookings module reads other modules' tables only where a repository says why.
import { familyMembers } from "../care/tables.ts";
import { companies, healthServices } from "../companies/tables.ts";
import { users } from "../identity/tables.ts";

export type BookingProductLine = { code: string; name: string; quantity: number };

/**
 * The worklist filters (AWAITING_FILTERS of @cura/domain) on `bookings.awaiting`, written once for
 * the partial indexes and the queries: a partial index serves a query only when the planner can see
 * that the query's WHERE implies the index's, so both use these literals (no parameters).
 */
export const AWAITING_WHERE = {
  any: (column: AnyPgColumn) => sql`${column} is not null`,
  new: (column: AnyPgColumn) => sql`${column} = 'new'`,
  changes: (column: AnyPgColumn) => sql`${column} in ('change_request', 'cancelled', 'proposal_rejected')`,
} as const;

/** A booking request (spec 001 §3 Booking request): a citizen books a health service at a company. */
export const bookings = pgTable(
  "bookings",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Null for a product order. */
    healthServiceId: integer().references(() => healthServices.id, { onDelete: "restrict" }),
    /** The citizen who booked (and whose agenda shows it). */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** For whom, when a family member of the citizen. */
    familyMemberId: integer().references(() => familyMembers.id, { onDelete: "restrict" }),
    kind: text({ enum: ["prestazione", "prodotto", "teleconsulto"] })
      .notNull()
      .default("prestazione"),
    /** BOOKING_STATUSES of @cura/domain. */
    status: text({ enum: ["ricevuto", "in_attesa", "confermato", "evaso", "non_presentato", "rifiutato", "annullato"] })
      .notNull()
      .default("ricevuto"),
    /** Null while a request with preferences (or none), or a product order, has no time yet. */
    startAt: timestamp({ withTimezone: true }),
    endAt: timestamp({ withTimezone: true }),
    /** Preferred dates with a time of day, when no slot was chosen. */
    preferences: jsonb().$type<TBookingPreference[]>(),
    /** A product order's lines, with the name the catalogue had when ordering. */
    products: jsonb().$type<BookingProductLine[]>(),
    /** Prescription codes: electronic (NRE) or vet (REV, without its PIN). */
    nre: text(),
    rev: text(),
    /** The citizen's own notes. */
    notes: text(),
    /** The operator's notes. */
    operatorNotes: text(),
    /** REFUSAL_REASONS 1–4. */
    refusalReason: smallint(),
    /** CANCELLATION_REASONS 1–2. */
    cancellationReason: smallint(),
    /**
     * What the booking waits for from the company (AWAITING_KINDS of @cura/domain), null for nothing.
     * history.ts `recordChange` keeps it with every change, in the change's transaction, so that the
     * worklists filter on a column (partial indexes below) instead of reading the history per row.
     */
    awaiting: text({ enum: ["new", "change_request", "cancelled", "proposal_rejected"] }),
    /** The operator's proposed change (status in_attesa). */
    proposedStartAt: timestamp({ withTimezone: true }),
    proposedEndAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bookings_company_start_idx").on(t.companyId, t.startAt),
    // The company's paged lists filtered by status or tab (`?status=`, `?group=`).
    index("bookings_company_status_start_idx").on(t.companyId, t.status, t.startAt),
    index("bookings_user_start_idx").on(t.userId, t.startAt),
    // The administrator's list of every company's bookings of a kind, newest first (issue 14).
    index("bookings_kind_created_idx").on(t.kind, t.createdAt, t.id),
    index("bookings_health_service_start_idx").on(t.healthServiceId, t.startAt),
    // The administrator's dashboard: today's bookings of every company by status (issue 14).
    index("bookings_start_status_idx").on(t.startAt, t.status),
    // The reminders job walks the confirmed bookings of a window in (start, id) order, a batch at a
    // time from where the last one ended (notifications/reminders/repository.ts).
    index("bookings_confirmed_start_id_idx").on(t.startAt, t.id).where(sql`${t.status} = 'confermato'`),
    // The worklists of what awaits the company (`?awaiting=any|new|changes`), oldest request first:
    // one partial index per filter, its WHERE as operator-repository.ts writes it, so that the page
    // and its count read only the awaiting rows of one company.
    index("bookings_awaiting_any_idx").on(t.companyId, t.createdAt, t.id).where(AWAITING_WHERE.any(t.awaiting)),
    index("bookings_awaiting_new_idx").on(t.companyId, t.createdAt, t.id).where(AWAITING_WHERE.new(t.awaiting)),
    index("bookings_awaiting_changes_idx").on(t.companyId, t.createdAt, t.id).where(AWAITING_WHERE.changes(t.awaiting)),
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

/**
 * A recurring reservation (spec 001 §3, "recall"): every `every` units (0 months, 1 weeks, 2 days)
 * the job runner books the health service for the citizen at `time`, starting at `nextDate`.
 */
export const bookingFrequencies = pgTable(
  "booking_frequencies",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    healthServiceId: integer()
      .notNull()
      .references(() => healthServices.id, { onDelete: "cascade" }),
    enabled: boolean().notNull().default(true),
    every: smallint().notNull(),
    /** 0 months, 1 weeks, 2 days (FREQUENCY_UNITS of @cura/domain). */
    unit: smallint().notNull(),
    /** The date of the next booking (Italian time); moved on each time one is created. */
    nextDate: date({ mode: "string" }).notNull(),
    time: time().notNull(),
    endDate: date({ mode: "string" }),
    notes: text(),
    /** Who set it up: an operator of the company (recall) or the citizen. */
    createdByType: smallint().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    lastBookingId: integer().references(() => bookings.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("booking_frequencies_user_idx").on(t.userId),
    index("booking_frequencies_company_idx").on(t.companyId),
    index("booking_frequencies_due_idx").on(t.enabled, t.nextDate),
  ],
);

/** The bookings a recurring reservation created: one per date, never two (the unique index). */
export const bookingFrequencyOccurrences = pgTable(
  "booking_frequency_occurrences",
  {
    frequencyId: integer()
      .notNull()
      .references(() => bookingFrequencies.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.frequencyId, t.date] })],
);

/** Messages on a booking (spec 001 §7 `reservations/message/{id}`): the citizen and the company's operators. */
export const bookingMessages = pgTable(
  "booking_messages",
  {
    id: serial().primaryKey(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    authorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Which party wrote it: the citizen, or an operator for the company. */
    authorKind: text({ enum: ["citizen", "operator"] }).notNull(),
    body: text().notNull(),
    /** When the other party read it (for the company: any of its operators). */
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("booking_messages_booking_idx").on(t.bookingId, t.createdAt)],
);
