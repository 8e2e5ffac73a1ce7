import { date, index, integer, pgTable, serial, text, time, timestamp } from "drizzle-orm/pg-core";
// Foreign key only: an event belongs to a user.
import { users } from "../identity/tables.ts";

/** A personal agenda event (spec 001 §2 screen 11): name, place, date and time; notes optional. */
export const agendaEvents = pgTable(
  "agenda_events",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    place: text().notNull(),
    /** Local date and time as entered (Italian time); startAt is the same moment as an instant. */
    date: date({ mode: "string" }).notNull(),
    time: time().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("agenda_events_user_start_idx").on(t.userId, t.startAt),
    // The reminders job walks every user's events of a window in (start, id) order.
    index("agenda_events_start_id_idx").on(t.startAt, t.id),
  ],
);
