import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
// Foreign keys only: the booking itself is the bookings module's; this module writes it through its service.
import { bookings } from "../bookings/tables.ts";
import { familyMembers } from "../care/tables.ts";
import { companies } from "../companies/tables.ts";
import { storedFiles } from "../files/tables.ts";
import { sessions, users } from "../identity/tables.ts";

/**
 * A teleconsultation: the call part of a booking (one row per booking of kind teleconsulto). Quick
 * and paediatric requests have a reason and a 60-minute deadline to be taken in charge; specialist
 * ones are slots booked through the wizard. Room (modules/teleconsult/room) records the call's start
 * and end here through recordConnected / endTeleconsult.
 */
export const teleconsults = pgTable(
  "teleconsults",
  {
    bookingId: integer()
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The account that asked (for a family member: the parent's account). */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** TELECONSULT_KINDS of @cura/domain. */
    /** For whom, when a family member of the citizen (the paediatric ones always). */
    familyMemberId: integer().references(() => familyMembers.id, { onDelete: "restrict" }),
    kind: text({ enum: ["rapido", "pediatrico", "specialistico"] }).notNull(),
    positionRef: smallint().notNull(),
    reason: text(),
    /** Quick and paediatric: taken in charge by then, or the expiry job cancels the request. */
    deadline: timestamp({ withTimezone: true }),
    /** The operator who took it in charge (specialist: who confirmed it). */
    operatorId: integer().references(() => users.id, { onDelete: "set null" }),
    takenAt: timestamp({ withTimezone: true }),
    /** The call's first status 4 (room) and its end (room's 15-minute clock, 'Termina', expiry). */
    connectedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    endReason: text(),
    /** Set while the request waits or runs; cleared when it ends: one open request per citizen and kind. */
    open: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("teleconsults_company_kind_idx").on(t.companyId, t.kind, t.createdAt),
    index("teleconsults_user_idx").on(t.userId, t.createdAt),
    // The back office's dashboard counts the requests asked today (admin/users/dashboard-repository.ts).
    index("teleconsults_created_idx").on(t.createdAt),
    // The expiry job reads only the requests still waiting.
    index("teleconsults_waiting_deadline_idx").on(t.deadline).where(sql`${t.takenAt} is null and ${t.open}`),
    check("teleconsults_kind_check", sql`${t.kind} in ('rapido', 'pediatrico', 'specialistico')`),
  ],
);

/** An operator's switch of a quick service (ref 10 or 11) at their company (spec 001 §4). */
export const teleconsultOperatorStatus = pgTable(
  "teleconsult_operator_status",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    positionRef: smallint().notNull(),
    active: boolean().notNull().default(false),
    /**
     * The session that switched it on: the switch counts only while that session lives, so a logout
     * or an expired session turns it off without anyone writing here (issue 10).
     */
    sessionId: integer().references(() => sessions.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId, t.positionRef] }),
    // Routing looks for companies with an operator on.
    index("teleconsult_operator_on_idx").on(t.positionRef, t.companyId).where(sql`${t.active}`),
  ],
);

/**
 * The files a citizen attached to a request (issue 10): their own uploads, read by the citizen and
 * the operator who took it in charge (the files module asks through a read rule).
 */
export const teleconsultAttachments = pgTable(
  "teleconsult_attachments",
  {
    bookingId: integer()
      .notNull()
      .references(() => teleconsults.bookingId, { onDelete: "cascade" }),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    /** The file's name, copied when attached (the files module keeps the bytes). */
    name: text().notNull(),
    /** The order the citizen gave them. */
    position: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.fileId] }),
    // The files module's read and reference rules look a file up.
    index("teleconsult_attachments_file_idx").on(t.fileId),
  ],
);
