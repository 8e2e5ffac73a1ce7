import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
// Foreign keys only: the health module writes nothing of the companies or identity modules.
import { companies } from "../../companies/tables.ts";
import { users } from "../../identity/tables.ts";

/** Who wrote a record: the person, company (for an operator) and role, for "private to author" and edit rights. */
const authorship = () => ({
  authorId: integer().references(() => users.id, { onDelete: "set null" }),
  authorCompanyId: integer().references(() => companies.id, { onDelete: "set null" }),
  authorRole: text({ enum: ["paziente", "caregiver", "operatore"] }).notNull(),
});

/** A person's pathology (spec 001 §3 Pathology). */
export const healthPathologies = pgTable(
  "health_pathologies",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...authorship(),
    name: text().notNull(),
    type: text({ enum: ["cronica", "acuta", "stagionale"] }).notNull(),
    startDate: date({ mode: "string" }),
    endDate: date({ mode: "string" }),
    /** Visible only to its author (spec 001 §6), enforced in every query of the repository. */
    private: boolean().notNull().default(false),
    notes: text(),
    icd10Code: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("health_pathologies_patient_idx").on(t.patientId, t.createdAt)],
);

/** A person's exemption from the health-service charge (spec 001 §3 Exemption, spec 002 §3 Exemption code). */
export const healthExemptions = pgTable(
  "health_exemptions",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...authorship(),
    code: text().notNull(),
    validFrom: date({ mode: "string" }).notNull(),
    validTo: date({ mode: "string" }),
    enabled: boolean().notNull().default(true),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("health_exemptions_patient_idx").on(t.patientId, t.createdAt)],
);

/** The pathologies an exemption covers. */
export const healthExemptionPathologies = pgTable(
  "health_exemption_pathologies",
  {
    exemptionId: integer()
      .notNull()
      .references(() => healthExemptions.id, { onDelete: "cascade" }),
    pathologyId: integer()
      .notNull()
      .references(() => healthPathologies.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.exemptionId, t.pathologyId] }),
    index("health_exemption_pathologies_pathology_idx").on(t.pathologyId),
  ],
);

/** A person's therapy (spec 001 §3 Therapy, §4 states). Deleting is soft (`deletedAt`) and audited. */
export const healthTherapies = pgTable(
  "health_therapies",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...authorship(),
    pathologyId: integer().references(() => healthPathologies.id, { onDelete: "set null" }),
    /** The medicine catalogue's code; null for a drug written by hand ('non in elenco'). */
    drugCode: text(),
    drugName: text().notNull(),
    drugNotListed: boolean().notNull().default(false),
    dosage: doublePrecision().notNull(),
    dosageUnit: text().notNull(),
    route: text().notNull(),
    frequency: text().notNull(),
    frequencyEvery: integer(),
    intakeMoments: text().array().notNull(),
    duration: text().notNull(),
    cycleEvery: integer(),
    cycleUnit: text(),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }),
    private: boolean().notNull().default(false),
    prescriber: text().notNull(),
    source: text().notNull(),
    sideEffects: text(),
    allergicReactions: text(),
    interactions: text(),
    notes: text(),
    /** Set while suspended (spec 001 §4): intakes after it are not scheduled. */
    suspendedAt: timestamp({ withTimezone: true }),
    /** An operator's override of the computed adherence index (issue 11 "operators may override"). */
    adherenceOverride: text(),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("health_therapies_patient_idx").on(t.patientId, t.startDate)],
);

/** One scheduled intake marked by the patient or caregiver ('Assunta' or not); unmarked intakes have no row. */
export const healthTherapyIntakes = pgTable(
  "health_therapy_intakes",
  {
    therapyId: integer()
      .notNull()
      .references(() => healthTherapies.id, { onDelete: "cascade" }),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    taken: boolean().notNull(),
    markedBy: integer().references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.therapyId, t.scheduledAt] })],
);
