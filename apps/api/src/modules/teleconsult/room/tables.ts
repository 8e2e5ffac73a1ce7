import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// Foreign keys only (docs/architecture.md "Boundaries").
import { bookings } from "../../bookings/tables.ts";
import { users } from "../../identity/tables.ts";

/**
 * The server's clock of a running call: its deadline lives in the database, so whichever instance's
 * job runs next ends it (pg-boss runs the job once across instances), and a join after the deadline is
 * refused even before the job has run. Written once, at the first connection.
 */
export const teleconsultRoomClocks = pgTable(
  "teleconsult_room_clocks",
  {
    bookingId: integer()
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    deadline: timestamp({ withTimezone: true }).notNull(),
    /** 'Mancano 2 minuti' was published. */
    warnedAt: timestamp({ withTimezone: true }),
    /** The clock's work is done (the call ended, by the clock or otherwise). */
    doneAt: timestamp({ withTimezone: true }),
  },
  // The job reads only the clocks still running, soonest first.
  (t) => [index("teleconsult_room_clocks_running_idx").on(t.deadline).where(sql`${t.doneAt} is null`)],
);

/**
 * A guest invited to a call by a single-use link (issue 10 "Beyond the spec"): only the SHA-256 of the
 * 128-bit token is kept, so a leaked database gives no working link. `openedAt` makes the link single
 * use; `socketTokenHash` is what the guest's socket authenticates with, for this call only.
 */
export const teleconsultRoomGuests = pgTable(
  "teleconsult_room_guests",
  {
    id: serial().primaryKey(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    email: text(),
    phone: text(),
    tokenHash: text().notNull(),
    openedAt: timestamp({ withTimezone: true }),
    socketTokenHash: text(),
    admittedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("teleconsult_room_guests_token_idx").on(t.tokenHash),
    uniqueIndex("teleconsult_room_guests_socket_idx").on(t.socketTokenHash),
    // One guest per call.
    uniqueIndex("teleconsult_room_guests_booking_idx").on(t.bookingId),
  ],
);
