import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Foreign keys only: the companies module never queries identity's tables.
import { users } from "../identity/tables.ts";

/** A provider company (spec 002 §3 Company): level 1 first level, level 5 monitoring room. */
export const companies = pgTable(
  "companies",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    level: smallint().notNull().default(1),
    kind: text().notNull(),
    code: text().notNull(),
    vatNumber: text(),
    email: text(),
    phone: text(),
    regione: text(),
    provincia: text(),
    comune: text(),
    cap: text(),
    address: text(),
    latitude: text(),
    longitude: text(),
    timezone: text().notNull().default("Europe/Rome"),
    allowOverlap: boolean().notNull().default(false),
    /** Monitoring rooms may mark a patient's phone as verified after calling them (spec 001 §4). */
    forceableNumberVerification: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("companies_code_unique").on(t.code), index("companies_comune_idx").on(t.comune)],
);

/** Staff membership: which company an operator works for and what they may do there. */
export const operators = pgTable(
  "operators",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: text().notNull().default("operatore"),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("operators_user_unique").on(t.userId), index("operators_company_idx").on(t.companyId)],
);

/** A health service (prestazione) a company offers. position_ref ties it to a platform service. */
export const healthServices = pgTable(
  "health_services",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    positionRef: integer().notNull().default(1),
    description: text(),
    slotMinutes: integer().notNull().default(30),
    priceCents: integer(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("health_services_company_idx").on(t.companyId)],
);

/** Opening hours per weekday (1 Monday … 7 Sunday), several ranges a day; a service may narrow them. */
export const openingHours = pgTable(
  "opening_hours",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    serviceId: integer().references(() => healthServices.id, { onDelete: "cascade" }),
    weekday: smallint().notNull(),
    opensAt: time().notNull(),
    closesAt: time().notNull(),
  },
  (t) => [index("opening_hours_company_idx").on(t.companyId, t.serviceId, t.weekday)],
);
