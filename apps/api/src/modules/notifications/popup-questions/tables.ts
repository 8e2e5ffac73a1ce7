import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
// Foreign keys only: an answer belongs to a user, a question was written by one.
import { users } from "../../identity/tables.ts";

/**
 * A popup question an administrator wrote (spec 001 §3 Citizen popup question): shown to citizens
 * from `activeFrom` to `activeTo` (days in Europe/Rome, both included) while `active`.
 */
export const popupQuestions = pgTable(
  "popup_questions",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    description: text().notNull().default(""),
    options: text().array().notNull(),
    multiple: boolean().notNull().default(false),
    activeFrom: date({ mode: "string" }).notNull(),
    activeTo: date({ mode: "string" }).notNull(),
    active: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The citizens' question: which are live today (few rows, read at every sign-in).
    index("popup_questions_live_idx").on(t.activeFrom, t.activeTo).where(sql`${t.active}`),
  ],
);

/**
 * One citizen's answer to one question (spec 001 §3 Popup answer): the chosen options. Unique per
 * question and user, so two parallel answers store one and the other is a 409.
 */
export const popupAnswers = pgTable(
  "popup_answers",
  {
    id: serial().primaryKey(),
    questionId: integer()
      .notNull()
      .references(() => popupQuestions.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    response: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("popup_answers_once").on(t.questionId, t.userId),
    index("popup_answers_user_idx").on(t.userId, t.createdAt),
  ],
);
