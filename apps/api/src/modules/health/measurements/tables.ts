import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Foreign keys only: nothing of these modules is written here.
import { companies } from "../../companies/tables.ts";
import { storedFiles } from "../../files/tables.ts";
import { users } from "../../identity/tables.ts";

export interface BandRow {
  min: number;
  max: number;
  risk: number;
}

/** The parameters catalogue (spec 002 §3 "Exam/parameter"): reference data, seeded, CRUD by administrators later. */
export const healthExams = pgTable(
  "health_exams",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    unit: text().notNull(),
    decimals: smallint().notNull().default(0),
    /** The plausible range: a reading outside it is refused (422). */
    plausibleMin: doublePrecision().notNull(),
    plausibleMax: doublePrecision().notNull(),
    referenceMin: doublePrecision(),
    referenceMax: doublePrecision(),
    loinc: text(),
    /** The default bands (1 to 7), used for anyone without custom thresholds. */
    bands: jsonb().$type<BandRow[]>().notNull(),
    sortOrder: smallint().notNull().default(0),
  },
  (t) => [uniqueIndex("health_exams_name_idx").on(t.name)],
);

/** A reading of a parameter (spec 001 §3 "Measurement"), with the band and risk it fell in when saved. */
export const healthMeasurements = pgTable(
  "health_measurements",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    examId: integer()
      .notNull()
      .references(() => healthExams.id),
    value: doublePrecision().notNull(),
    measuredAt: timestamp({ withTimezone: true }).notNull(),
    /** Who entered it; a device's readings are the patient's. Private readings reach only this person. */
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    authorKind: text({ enum: ["paziente", "operatore", "caregiver"] }).notNull(),
    private: boolean().notNull().default(false),
    notes: text(),
    bandMin: doublePrecision(),
    bandMax: doublePrecision(),
    risk: smallint(),
    source: text({ enum: ["manuale", "dispositivo"] })
      .notNull()
      .default("manuale"),
    patientDeviceId: integer().references(() => patientDevices.id, { onDelete: "set null" }),
    attachmentId: integer().references(() => storedFiles.id, { onDelete: "set null" }),
    /** The attachment's file name, copied when attached (the files module keeps the bytes). */
    attachmentName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The history of one parameter and the paged list both read the person's rows by time.
    index("health_measurements_patient_exam_idx").on(t.patientId, t.examId, t.measuredAt),
    index("health_measurements_patient_idx").on(t.patientId, t.measuredAt),
    index("health_measurements_attachment_idx").on(t.attachmentId).where(sql`${t.attachmentId} is not null`),
    // A device's reading is imported once, however often an update is requested.
    uniqueIndex("health_measurements_device_reading_idx")
      .on(t.patientDeviceId, t.examId, t.measuredAt)
      .where(sql`${t.patientDeviceId} is not null`),
  ],
);

/**
 * What happened to the health file, for the plans and monitoring issue's alert job: written in the
 * transaction of the change it reports (the outbox pattern), read and marked by the job.
 */
export const healthEvents = pgTable(
  "health_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    kind: text().notNull(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    measurementId: integer(),
    examId: integer(),
    risk: smallint(),
    payload: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("health_events_pending_idx").on(t.id).where(sql`${t.processedAt} is null`)],
);

/** A person's own bands for a parameter, set by an operator, with the protocol notes. */
export const healthThresholds = pgTable(
  "health_thresholds",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    examId: integer()
      .notNull()
      .references(() => healthExams.id),
    bands: jsonb().$type<BandRow[]>().notNull(),
    diagnosticProtocol: text(),
    operationalProtocol: text(),
    notes: text(),
    setBy: integer().references(() => users.id, { onDelete: "set null" }),
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("health_thresholds_patient_exam_idx").on(t.patientId, t.examId)],
);

/** Questionnaire scales whose scores the health file shows (PHQ-9, Barthel in the demo). */
export const healthScales = pgTable(
  "health_scales",
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    name: text().notNull(),
    minScore: doublePrecision().notNull(),
    maxScore: doublePrecision().notNull(),
    bands: jsonb().$type<Array<{ min: number; max: number; label: string; risk: number }>>().notNull(),
  },
  (t) => [uniqueIndex("health_scales_code_idx").on(t.code)],
);

/** A scored questionnaire: written by the surveys' scoring, read here. */
export const healthScores = pgTable(
  "health_scores",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scaleId: integer()
      .notNull()
      .references(() => healthScales.id),
    value: doublePrecision().notNull(),
    label: text(),
    risk: smallint(),
    items: jsonb().$type<Array<{ question: string; answer: string; points: number }>>().notNull().default([]),
    /** The survey session that produced it, in the surveys module's words. */
    sourceRef: text(),
    takenAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("health_scores_patient_scale_idx").on(t.patientId, t.scaleId, t.takenAt)],
);

/** How often a parameter is measured or a scale is scored (every N units; active or suspended). */
export const healthFrequencies = pgTable(
  "health_frequencies",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    examId: integer().references(() => healthExams.id),
    scaleId: integer().references(() => healthScales.id),
    every: smallint().notNull(),
    unit: smallint().notNull(),
    active: boolean().notNull().default(true),
    setBy: integer().references(() => users.id, { onDelete: "set null" }),
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("health_frequencies_exam_idx").on(t.patientId, t.examId).where(sql`${t.examId} is not null`),
    uniqueIndex("health_frequencies_scale_idx").on(t.patientId, t.scaleId).where(sql`${t.scaleId} is not null`),
  ],
);

/** The devices catalogue: which parameters each model reads. */
export const deviceModels = pgTable("device_models", {
  id: serial().primaryKey(),
  name: text().notNull(),
  manufacturer: text().notNull(),
  examIds: integer().array().notNull(),
});

/** A device given to a person (spec 002 §3 "Wearable device"): its product code and enabled parameters. */
export const patientDevices = pgTable(
  "patient_devices",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceModelId: integer()
      .notNull()
      .references(() => deviceModels.id),
    productCode: text().notNull(),
    enabledExamIds: integer().array().notNull(),
    assignedBy: integer().references(() => users.id, { onDelete: "set null" }),
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    lastSyncAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("patient_devices_patient_idx").on(t.patientId),
    // One physical device (model and product code) is with one person at a time.
    uniqueIndex("patient_devices_product_idx").on(t.deviceModelId, t.productCode),
  ],
);
