import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
// Foreign keys only: the health records write nothing of the companies, files or identity modules.
import { companies } from "../../companies/tables.ts";
import { storedFiles } from "../../files/tables.ts";
import { users } from "../../identity/tables.ts";

/** Anamnesis entries (spec 001 §3 "Health note" categories), written by the person, a caregiver or an operator. */
export const anamnesisEntries = pgTable(
  "anamnesis_entries",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text({
      enum: ["allergie", "eventi_passati", "interventi_ricoveri", "reazioni_farmaci", "condizioni_familiari"],
    }).notNull(),
    description: text().notNull(),
    date: date({ mode: "string" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The operator's company when an operator wrote it. */
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("anamnesis_entries_patient_idx").on(t.patientId, t.category, t.createdAt)],
);

/** Operators' notes on a patient: simple or SOAP, visible to the patient or hidden. */
export const annotations = pgTable(
  "health_annotations",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    kind: text({ enum: ["semplice", "soap"] }).notNull(),
    text: text(),
    subjective: text(),
    objective: text(),
    assessment: text(),
    plan: text(),
    other: text(),
    visible: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("health_annotations_patient_idx").on(t.patientId, t.companyId, t.createdAt),
    // The patient's view reads only visible notes: hidden ones are never even counted for them.
    index("health_annotations_visible_idx").on(t.patientId, t.createdAt).where(sql`${t.visible}`),
    index("health_annotations_company_idx").on(t.companyId, t.createdAt),
  ],
);

/** Clinical reports: written and signed by an operator, or uploaded as a file. */
export const clinicalReports = pgTable(
  "clinical_reports",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    kind: text({ enum: ["firmato", "caricato"] }).notNull(),
    title: text().notNull(),
    /** The written report (signed reports). */
    body: text(),
    discharge: boolean().notNull().default(false),
    /** The signer as printed on the PDF at signing time: a later change of name does not rewrite it. */
    signerName: text(),
    registerId: text(),
    signedAt: timestamp({ withTimezone: true }),
    /** The uploaded file (uploaded reports). */
    fileId: integer().references(() => storedFiles.id, { onDelete: "restrict" }),
    /** The patient's (or caregiver's) first download. */
    downloadedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clinical_reports_patient_idx").on(t.patientId, t.createdAt),
    index("clinical_reports_company_idx").on(t.companyId, t.discharge, t.createdAt),
    index("clinical_reports_file_idx").on(t.fileId),
  ],
);

/** Health-file documents (patientarchives): name, date, uploader; archived or not. */
export const healthDocuments = pgTable(
  "health_documents",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    uploaderId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The uploader's company when an operator uploaded it. */
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    name: text().notNull(),
    date: date({ mode: "string" }).notNull(),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id, { onDelete: "restrict" }),
    /** The file's type and size, copied at upload so a page of documents reads one table. */
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("health_documents_patient_idx").on(t.patientId, t.date, t.id),
    index("health_documents_file_idx").on(t.fileId),
  ],
);

/** A company's rule for signed reports: a one-time code to the signer's phone first (spec 001 §4 "Reports"). */
export const reportSettings = pgTable("clinical_report_settings", {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  otpRequired: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
