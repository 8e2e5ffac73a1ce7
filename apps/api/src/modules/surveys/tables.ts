import type { TSurveyAnswer, TSurveyTemplate } from "@cura/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Foreign keys only: the surveys module writes nothing of the companies, identity, files or bookings modules.
import { bookings } from "../bookings/tables.ts";
import { companies, healthServices } from "../companies/tables.ts";
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
    /**
     * The person the fill is about; null only for a fill of an anonymous or pseudonymous survey
     * session's compilation (`sessionId`), which is about no one the platform knows.
     */
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    /** Who wrote it: the person, or the operator who administered it (an anonymous session's too). */
    filledBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** The company whose managers read it: the operator's, or the survey's owner for a citizen's own fill. */
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    score: doublePrecision(),
    scoreBand: text(),
    /**
     * The survey session's compilation (filled_survey_sessions) the fill belongs to: no foreign key,
     * that table is the sessions module's and references this one (its items name the fills).
     */
    sessionId: integer(),
    /**
     * The reservation the fill was saved on (`reservations/survey/filled/new`, or a teleconsult's
     * suspended survey): its company's managers read it there.
     */
    bookingId: integer().references(() => bookings.id, { onDelete: "set null" }),
    /**
     * The Rome day of a citizen's own fill of an open survey (`filled/new`), null for every other
     * fill: the unique index below reserves one such fill per person, survey and day.
     */
    ownDay: date({ mode: "string" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A fill without a person is a session compilation's (anonymous or pseudonymous), never a loose one.
    check("filled_surveys_subject_check", sql`${t.userId} is not null or ${t.sessionId} is not null`),
    uniqueIndex("filled_surveys_own_day_unique").on(t.surveyId, t.userId, t.ownDay).where(sql`${t.ownDay} is not null`),
    index("filled_surveys_survey_idx").on(t.surveyId, t.companyId, t.id),
    index("filled_surveys_user_idx").on(t.userId, t.id),
    // The activity reports filter by date.
    index("filled_surveys_survey_created_idx").on(t.surveyId, t.createdAt),
    // One fill of a survey per reservation: a second is a 409, also when two race.
    uniqueIndex("filled_surveys_booking_survey_unique")
      .on(t.bookingId, t.surveyId)
      .where(sql`${t.bookingId} is not null`),
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

/**
 * The survey a company attached to one of its health services (`healthservices/survey/attach`),
 * written by the companies module's hook in its transaction; `mandatory` makes a quick or paediatric
 * teleconsult request to a service of that platform service suspend until the citizen fills it.
 */
export const healthServiceSurveys = pgTable(
  "health_service_surveys",
  {
    healthServiceId: integer()
      .primaryKey()
      .references(() => healthServices.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    mandatory: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("health_service_surveys_company_idx").on(t.companyId, t.healthServiceId),
    index("health_service_surveys_survey_idx").on(t.surveyId),
  ],
);

/**
 * A mandatory survey waiting for the citizen (spec 001 §3 Suspended survey): created with a quick or
 * paediatric teleconsult request, filled once (`filledAt`), after which it answers 404.
 */
export const suspendedSurveys = pgTable(
  "suspended_surveys",
  {
    id: serial().primaryKey(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    healthServiceId: integer().references(() => healthServices.id, { onDelete: "set null" }),
    filledSurveyId: integer().references(() => filledSurveys.id, { onDelete: "set null" }),
    filledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("suspended_surveys_booking_unique").on(t.bookingId),
    index("suspended_surveys_user_idx").on(t.userId, t.id),
  ],
);

/**
 * A fill in progress (save and resume, issue 13 "Beyond the spec"): the person's answers so far, saved
 * at each Next, read back on any device. One per person and survey (the unique index; saves upsert),
 * consumed by the fill that completes it, gone 30 days after its last save.
 */
export const surveyDrafts = pgTable(
  "survey_drafts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    /** The survey's version when saved: a draft of an edited survey no longer lines up and is not offered. */
    surveyVersion: integer().notNull(),
    answers: jsonb().$type<TSurveyAnswer[]>().notNull(),
    nextIndex: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("survey_drafts_user_survey_unique").on(t.userId, t.surveyId),
    // The nightly cleanup deletes by age.
    index("survey_drafts_updated_idx").on(t.updatedAt),
    index("survey_drafts_survey_idx").on(t.surveyId),
  ],
);
