import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
// Foreign keys only: the patients module writes nothing of the companies or identity modules.
import { companies } from "../companies/tables.ts";
import { users } from "../identity/tables.ts";

/**
 * The company's own record of a patient. A citizen is a patient of a company also without a row
 * here (they booked there, or put it in their care circle); the row appears when the company
 * registers them, an operator books for them, or an operator changes their state, and it holds
 * what only the company decides: followed or archived, and the consent it collected.
 */
export const companyPatients = pgTable(
  "company_patients",
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How the row appeared: the company registered or linked them, booked for them, or changed their state. */
    origin: text({ enum: ["registrazione", "prenotazione", "modifica"] }).notNull(),
    /** The operator who created the row ("my patients", GET users/own/patients). */
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    /**
     * The company created this person's account (registered a new patient, not linked an existing
     * citizen): until the person signs in themself, its operators may keep their contacts up to date.
     */
    createdAccount: boolean().notNull().default(false),
    /** False: archived (out of the pickers, no new bookings). */
    active: boolean().notNull().default(true),
    /** When the operator recorded the patient's consent to the company's processing of their data. */
    consentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index("company_patients_user_idx").on(t.userId),
    index("company_patients_created_by_idx").on(t.createdBy, t.companyId),
  ],
);
