import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Foreign keys only: the sessions module writes nothing of the companies, identity or surveys modules.
import { companies } from "../companies/tables.ts";
import { users } from "../identity/tables.ts";
import { filledSurveys, surveys } from "../surveys/tables.ts";

/** A survey session (spec 002 §3): a company's, or the platform's (null) enabled per company. */
export const surveySessions = pgTable(
  "survey_sessions",
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    type: text({ enum: ["anonima", "pseudonimizzata", "in_chiaro"] }).notNull(),
    status: text({ enum: ["in_attesa", "in_corso", "completata", "annullata"] })
      .notNull()
      .default("in_attesa"),
    allowedRoles: text().array().notNull(),
    signatureRequired: boolean().notNull().default(false),
    daysToSign: integer().notNull().default(3),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("survey_sessions_company_idx").on(t.companyId, t.id)],
);

/** The session's surveys in order (the spec's ordered_items); rewritten whole by a reorder. */
export const surveySessionSurveys = pgTable(
  "survey_session_surveys",
  {
    sessionId: integer()
      .notNull()
      .references(() => surveySessions.id, { onDelete: "cascade" }),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.surveyId] }),
    uniqueIndex("survey_session_surveys_position_unique").on(t.sessionId, t.position),
    index("survey_session_surveys_survey_idx").on(t.surveyId),
  ],
);

/** Which companies a session is enabled for, as for activities: the owner's row is written with it. */
export const surveySessionCompanies = pgTable(
  "survey_session_companies",
  {
    sessionId: integer()
      .notNull()
      .references(() => surveySessions.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.companyId] }),
    index("survey_session_companies_company_idx").on(t.companyId, t.enabled),
  ],
);

/**
 * A compilation (filled survey session): one patient's pass through the session's surveys at a
 * company. An anonymous one keeps no patient and no pseudonym (and no IP, anywhere); a pseudonymous
 * one its pseudonym, unique in the session; an in-clear one the patient.
 */
export const filledSurveySessions = pgTable(
  "filled_survey_sessions",
  {
    id: serial().primaryKey(),
    sessionId: integer()
      .notNull()
      .references(() => surveySessions.id, { onDelete: "restrict" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    patientId: integer().references(() => users.id, { onDelete: "cascade" }),
    pseudonym: text(),
    operatorId: integer().references(() => users.id, { onDelete: "set null" }),
    status: text({ enum: ["avviata", "in_corso", "completata", "abbandonata"] })
      .notNull()
      .default("avviata"),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last start or submit: 24 hours after it an open compilation is abandoned. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    signedAt: timestamp({ withTimezone: true }),
    signedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** When the operator was warned that the unsigned compilation goes the next day (once). */
    signWarnedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("filled_survey_sessions_session_idx").on(t.sessionId, t.id),
    index("filled_survey_sessions_company_idx").on(t.companyId, t.id),
    index("filled_survey_sessions_patient_idx").on(t.patientId, t.id),
    index("filled_survey_sessions_open_idx").on(t.status, t.lastActivityAt),
    index("filled_survey_sessions_unsigned_idx").on(t.status, t.completedAt),
    uniqueIndex("filled_survey_sessions_pseudonym_unique").on(t.sessionId, t.pseudonym),
  ],
);

/** The fills a compilation submitted, by position in the session's order (one per position, also when two race). */
export const filledSurveySessionItems = pgTable(
  "filled_survey_session_items",
  {
    compilationId: integer()
      .notNull()
      .references(() => filledSurveySessions.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    filledSurveyId: integer()
      .notNull()
      .references(() => filledSurveys.id, { onDelete: "cascade" }),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.compilationId, t.position] }),
    uniqueIndex("filled_survey_session_items_fill_unique").on(t.filledSurveyId),
  ],
);
