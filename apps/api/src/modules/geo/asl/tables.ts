import { date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
// Foreign key only: a company may be linked to the ASL of its territory.
import { companies } from "../../companies/tables.ts";

/**
 * The local health authorities (ASL, ASP, ATS…) of the Ministry's coded list, keyed on the
 * Ministry's 6-digit `codice_asl` (data/README.md). Reference data seeded at start from
 * data/asl.csv; administrators correct names and sites and record mergers in place.
 */
export const asl = pgTable(
  "asl",
  {
    codiceAsl: text().primaryKey(),
    /** The Ministry's 3-digit region code (010 … 200; 041 Bolzano, 042 Trento). */
    codiceRegione: text().notNull(),
    /** The ISTAT region code (the first two digits of codiceRegione): what the region filter matches. */
    regioneIstat: text().notNull(),
    denominazione: text().notNull(),
    /** The name as the source publishes it, kept when an administrator corrects it. */
    denominazioneFonte: text().notNull(),
    sitoWeb: text(),
    comuneSede: text(),
    provinciaSede: text(),
    /** The authority it was merged into, and from when (Liguria 2026). */
    accorpataIn: text(),
    accorpataDal: date({ mode: "string" }),
    note: text(),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("asl_regione_idx").on(t.regioneIstat, t.denominazione)],
);

/** A company linked to the ASL of its territory (issue 14: "operators' companies may be linked"). */
export const aslCompanies = pgTable(
  "asl_companies",
  {
    companyId: integer()
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    codiceAsl: text()
      .notNull()
      .references(() => asl.codiceAsl, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("asl_companies_asl_idx").on(t.codiceAsl)],
);
