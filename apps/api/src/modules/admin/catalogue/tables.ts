import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Foreign keys only: which pharmacy adheres, and who recorded it.
import { companies } from "../../companies/tables.ts";
import { users } from "../../identity/tables.ts";

/**
 * The 'farmacia dei servizi' catalogue (spec 002 §7 `GET fdsservices`): the services the national
 * programme lets pharmacies offer (D.Lgs. 153/2009 and its decrees: telemedicine, first-level
 * analyses, screening, vaccinations, adherence to therapy…). Reference data, seeded by code.
 */
export const fdsServices = pgTable(
  "fds_services",
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    name: text().notNull(),
    description: text().notNull(),
    category: text().notNull(),
    sortOrder: smallint().notNull().default(0),
  },
  (t) => [uniqueIndex("fds_services_code_idx").on(t.code)],
);

/** A pharmacy's adhesion to one service (`POST fdsservices/fdservice/adesioni/set/{hashid}`). */
export const fdsAdhesions = pgTable(
  "fds_adhesions",
  {
    serviceId: integer()
      .notNull()
      .references(() => fdsServices.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.companyId] }), index("fds_adhesions_company_idx").on(t.companyId)],
);
