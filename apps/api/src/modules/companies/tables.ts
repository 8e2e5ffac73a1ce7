import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Foreign keys only: the companies module never queries the files module's tables.
import { storedFiles } from "../files/tables.ts";
import { users } from "../identity/tables.ts";

/** A provider company (spec 002 §3 Company): level 1 first level, level 5 monitoring room. */
export const companies = pgTable(
  "companies",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    level: smallint().notNull().default(1),
    /** Company type (COMPANY_TYPES: farmacia, poliambulatorio, laboratorio, centrale). */
    kind: text().notNull(),
    subtype: text(),
    code: text().notNull(),
    vatNumber: text(),
    email: text(),
    pec: text(),
    phone: text(),
    website: text(),
    description: text(),
    regione: text(),
    provincia: text(),
    comune: text(),
    cap: text(),
    address: text(),
    /** WGS84 degrees; position search filters on a bounding box of these, then orders by distance. */
    lat: doublePrecision(),
    lng: doublePrecision(),
    timezone: text().notNull().default("Europe/Rome"),
    allowOverlap: boolean().notNull().default(false),
    /** The report option (PATCH companies/own/option/report): bookings of this company carry a report. */
    reportEnabled: boolean().notNull().default(false),
    /** Monitoring rooms may mark a patient's phone as verified after calling them (spec 001 §4). */
    forceableNumberVerification: boolean().notNull().default(false),
    /** Enabled for the regional "presa in carico" (PIC) of chronic patients. */
    picEnabled: boolean().notNull().default(false),
    /** The local health authority the company belongs to. */
    asl: text(),
    /** A provider centre (centro erogatore) managed by a monitoring room. */
    managedById: integer().references((): AnyPgColumn => companies.id, { onDelete: "set null" }),
    /** The monitoring room that answers citizens by default (GET companies/cr/default). */
    defaultControlRoom: boolean().notNull().default(false),
    pictureFileId: integer().references(() => storedFiles.id, { onDelete: "set null" }),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("companies_code_unique").on(t.code),
    // Name search matches word prefixes through full-text search (built in: no extension needed).
    index("companies_name_search_idx").using("gin", sql`to_tsvector('simple', ${t.name})`),
    // Search filters compare case-insensitively: the indexes are on the lowered values.
    index("companies_comune_idx").on(sql`lower(${t.comune})`),
    index("companies_provincia_idx").on(sql`lower(${t.provincia})`),
    index("companies_regione_idx").on(sql`lower(${t.regione})`),
    index("companies_cap_idx").on(t.cap),
    index("companies_kind_idx").on(t.kind, t.subtype),
    index("companies_position_idx").on(t.lat, t.lng),
    index("companies_managed_by_idx").on(t.managedById),
    // The administrator's list sorts by name or by registration (issue 14).
    index("companies_name_idx").on(t.name, t.id),
    index("companies_created_idx").on(t.createdAt, t.id),
  ],
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
    /** Enabled (true) or suspended (false) by the company; a pending or refused one is never active. */
    active: boolean().notNull().default(true),
    /**
     * Whether the company let this person in: someone who joins with the company code is 'pending'
     * (no company data at all) until an administrator enables them ('approved') or refuses them
     * ('refused', kept so that their sign-in says so, and they cannot simply ask again).
     */
    approval: text({ enum: ["pending", "approved", "refused"] })
      .notNull()
      .default("approved"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("operators_user_unique").on(t.userId),
    index("operators_company_idx").on(t.companyId),
    check("operators_approval_check", sql`${t.approval} in ('pending', 'approved', 'refused')`),
  ],
);

/** PostgreSQL's full-text vector (drizzle has no built-in type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A health service (prestazione) a company offers, under one platform service (position_ref). */
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
    /** Bookings one slot can take when the company allows overlap; null is no limit. */
    capacity: integer(),
    active: boolean().notNull().default(true),
    /** The questionnaire a patient fills when booking it (the surveys module owns surveys; no key yet). */
    surveyId: integer(),
    /**
     * The name's words for search and suggestions (word prefixes, full-text search: built in, no
     * extension). Stored, so that rechecking a match does not parse the name again.
     */
    nameSearch: tsvector().generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${healthServices.name})`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("health_services_company_idx").on(t.companyId),
    index("health_services_name_search_idx").using("gin", t.nameSearch),
    // The administrator's list of every company's services sorts by name (issue 14).
    index("health_services_name_idx").on(t.name, t.id),
  ],
);

/**
 * A platform service (spec 002 §9 refs) as one company runs it: the company's active_services with
 * their status (stato_servizi), proxy status and who pays. The catalogue itself is PLATFORM_SERVICES.
 */
export const companyServices = pgTable(
  "company_services",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    positionRef: smallint().notNull(),
    active: boolean().notNull().default(true),
    proxyStatus: boolean().notNull().default(false),
    proxyScheduling: boolean().notNull().default(false),
    payedByCompany: boolean().notNull().default(false),
    payedByCitizen: boolean().notNull().default(false),
    slotMinutes: integer().notNull().default(30),
    capacity: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("company_services_unique").on(t.companyId, t.positionRef),
    index("company_services_ref_idx").on(t.positionRef, t.active),
  ],
);

/**
 * Opening hours per weekday (1 Monday … 7 Sunday), several ranges a day. Rows with neither service
 * are the company's; rows of a health service or of a platform service replace the company's hours
 * for that service.
 */
export const openingHours = pgTable(
  "opening_hours",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    serviceId: integer().references(() => healthServices.id, { onDelete: "cascade" }),
    companyServiceId: integer().references(() => companyServices.id, { onDelete: "cascade" }),
    weekday: smallint().notNull(),
    opensAt: time().notNull(),
    closesAt: time().notNull(),
  },
  (t) => [
    index("opening_hours_company_idx").on(t.companyId, t.serviceId, t.weekday),
    index("opening_hours_service_idx").on(t.serviceId),
    index("opening_hours_company_service_idx").on(t.companyServiceId),
  ],
);

/** A closure (prohibited date range, inclusive) of the whole company, of a health service or of a platform service. */
export const prohibitedDates = pgTable(
  "prohibited_dates",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    serviceId: integer().references(() => healthServices.id, { onDelete: "cascade" }),
    companyServiceId: integer().references(() => companyServices.id, { onDelete: "cascade" }),
    dateFrom: date().notNull(),
    dateTo: date().notNull(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prohibited_dates_company_idx").on(t.companyId, t.dateTo)],
);

/** Files attached to a health service (allegati): preparation notes, forms. */
export const healthServiceAttachments = pgTable(
  "health_service_attachments",
  {
    serviceId: integer()
      .notNull()
      .references(() => healthServices.id, { onDelete: "cascade" }),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    /** Copied from the upload when attached, so listing needs nothing of the files module. */
    name: text().notNull(),
    mimeType: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.fileId] }), index("health_service_attachments_file_idx").on(t.fileId)],
);

/** A company library item (bancaDati): a link, opened in the floating frame or in a new tab. */
export const libraryItems = pgTable(
  "company_library_items",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    label: text().notNull(),
    url: text().notNull(),
    openIframe: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("company_library_items_company_idx").on(t.companyId)],
);

/** A file of the company's archive (level 1): stored encrypted through the files module. */
export const companyArchives = pgTable(
  "company_archives",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    /** Copied from the upload, so listing needs nothing of the files module. */
    fileName: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("company_archives_company_idx").on(t.companyId, t.createdAt),
    index("company_archives_file_idx").on(t.fileId),
  ],
);

/** The citizen's care circle (circolocura): favourite providers, at most one preferred. */
export const careRelationships = pgTable(
  "care_relationships",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    preferred: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index("care_relationships_company_idx").on(t.companyId),
    uniqueIndex("care_relationships_one_preferred").on(t.userId).where(sql`${t.preferred}`),
  ],
);

/** A citizen's invitation to their family doctor to join the platform. */
export const doctorInvitations = pgTable(
  "doctor_invitations",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    surname: text().notNull(),
    city: text().notNull(),
    email: text(),
    emailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("doctor_invitations_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The platform services as the administrators name and describe them (spec 002 §9 refs 1–12,
 * `PUT services/{id}`, the back office's admin/companies/platform-services.ts). A ref without a row
 * has the catalogue's name (PLATFORM_SERVICES), no description, and is enabled; a disabled one is
 * offered by no company (openings.ts visibleHealthService). Here, not in the back office, because the
 * companies module reads it on every visit to a service.
 */
export const platformServiceSettings = pgTable("platform_service_settings", {
  positionRef: smallint().primaryKey(),
  name: text().notNull(),
  description: text(),
  enabled: boolean().notNull().default(true),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
