import { IRST_FREQUENCIES, IRST_KINDS, IRST_PRESCRIBERS, IRST_PRODUCT_TYPES, IRST_ROUTES } from "@cura/domain";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// Foreign keys only: IRST writes nothing of the identity module.
import { users } from "../../identity/tables.ts";

const AUTHOR_ROLES = ["paziente", "caregiver"] as const;

/**
 * An entry of a patient's IRST reconciliation (issue 13): a drug (`farmaco`, of the medicine
 * catalogue by `productCode`, or 'non in elenco') or another product (`altro`).
 */
export const irstItems = pgTable(
  "irst_items",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: IRST_KINDS }).notNull(),
    name: text().notNull(),
    productCode: text(),
    productType: text({ enum: IRST_PRODUCT_TYPES }),
    dosage: text(),
    frequency: text({ enum: IRST_FREQUENCIES }).notNull(),
    route: text({ enum: IRST_ROUTES }),
    prescriber: text({ enum: IRST_PRESCRIBERS }),
    notes: text(),
    /**
     * What makes two entries the same (the catalogue code, or the name without case and accents):
     * unique per patient and list, so a double submit or two racing tabs add one entry (409).
     */
    dedupeKey: text().notNull(),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    authorRole: text({ enum: AUTHOR_ROLES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("irst_items_patient_dedupe_unique").on(t.patientId, t.kind, t.dedupeKey),
    // The list pages by patient and list, newest first.
    index("irst_items_patient_kind_idx").on(t.patientId, t.kind, t.id),
  ],
);

/**
 * The compilations of a patient's reconciliation: each change of the lists (`variazione`) and each
 * 'nessuna variazione' with the compilation it confirms (`since`).
 */
export const irstUpdates = pgTable(
  "irst_updates",
  {
    id: serial().primaryKey(),
    patientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: ["variazione", "nessuna_variazione"] }).notNull(),
    since: timestamp({ withTimezone: true }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    authorRole: text({ enum: AUTHOR_ROLES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("irst_updates_patient_idx").on(t.patientId, t.id)],
);
