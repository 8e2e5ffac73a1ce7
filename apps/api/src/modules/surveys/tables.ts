import type { TSurveyAnswer, TSurveyTemplate } from "@cura/domain";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
// Foreign keys only: the surveys module writes nothing of the companies, identity or files modules.
import { companies } from "../companies/tables.ts";
import { storedFiles } from "../files/tables.ts";
import { users } from "../identity/tables.ts";

/** A screening activity (raccolta, spec 002 §3 Activity): owned by a company, or the platform's (null). */
export const surveyActivities = pgTable(
  "survey_activities",
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    startDate: date({ mode: "string" }),
    endDate: date({ mode: "string" }),
    status: text({ enum: ["attiva", "sospesa", "conclusa"] })
      .notNull()
      .default("attiva"),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("survey_activities_company_idx").on(t.companyId, t.id)],
);

/**
 * Which companies an activity is enabled for (spec 002 §3 "enabled per company"): a company's
 * operators see an activity only through a row here with `enabled`. The owner's row is written with
 * the activity; administrators write the others.
 */
export const surveyActivityCompanies = pgTable(
  "survey_activity_companies",
  {
    activityId: integer()
      .notNull()
      .references(() => surveyActivities.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.companyId] }),
    index("survey_activity_companies_company_idx").on(t.companyId, t.enabled),
  ],
);

/** A survey (questionario) of an activity; its template is ZSurveyTemplate, `version` counts its edits. */
export const surveys = pgTable(
  "surveys",
  {
    id: serial().primaryKey(),
    activityId: integer()
      .notNull()
      .references(() => surveyActivities.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    informativa: text(),
    template: jsonb().$type<TSurveyTemplate>().notNull(),
    version: integer().notNull().default(1),
    /** Switched by the activity's managers. */
    active: boolean().notNull().default(true),
    /** Set by administrators. */
    status: text({ enum: ["attivo", "sospeso"] })
      .notNull()
      .default("attivo"),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("surveys_activity_idx").on(t.activityId, t.id)],
);

/** Which companies a survey is enabled for, as for activities. */
export const surveyCompanies = pgTable(
  "survey_companies",
  {
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.surveyId, t.companyId] }),
    index("survey_companies_company_idx").on(t.companyId, t.enabled),
  ],
);

/**
 * A filled survey (spec 001 §3): a copy of the template it answered (so that editing the survey
 * never changes what an old fill means), the answers checkFill kept, and the score.
 */
export const filledSurveys = pgTable(
  "filled_surveys",
  {
    id: serial().primaryKey(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: "restrict" }),
    surveyVersion: integer().notNull(),
    template: jsonb().$type<TSurveyTemplate>().notNull(),
    answers: jsonb().$type<TSurveyAnswer[]>().notNull(),
    /** The person the fill is about. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who wrote it: the person, or the operator who administered it. */
    filledBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** The company whose managers read it: the operator's, or the survey's owner for a citizen's own fill. */
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    score: doublePrecision(),
    scoreBand: text(),
    /** A survey session's compilation (issue 13 sessions, later); no foreign key until that table exists. */
    sessionId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("filled_surveys_survey_idx").on(t.surveyId, t.companyId, t.id),
    index("filled_surveys_user_idx").on(t.userId, t.id),
  ],
);

/** The files a fill's answers attach: for the files module's read and reference rules. */
export const filledSurveyFiles = pgTable(
  "filled_survey_files",
  {
    filledSurveyId: integer()
      .notNull()
      .references(() => filledSurveys.id, { onDelete: "cascade" }),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.filledSurveyId, t.fileId] }), index("filled_survey_files_file_idx").on(t.fileId)],
);
