import { date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The reports' daily rollups (spec 002 §2 admin `reports`, issue 14): one row per Italian day and
 * dimension, kept by the job `admin-reports-rollup` (rollup.ts), read by the dashboards. A request
 * reads only these, never bookings or readings. Region '' is "not given".
 */

/** Per day and citizen region: registrations by type and citizens' activity. */
export const reportDailyActivity = pgTable(
  "report_daily_activity",
  {
    day: date().notNull(),
    region: text().notNull(),
    registeredCitizens: integer().notNull().default(0),
    registeredOperators: integer().notNull().default(0),
    registeredAdmins: integer().notNull().default(0),
    /** Citizens who booked, asked a teleconsultation or entered a reading that day. */
    activeCitizens: integer().notNull().default(0),
    /** Of those, the ones active again within the next 30 days. */
    returningCitizens: integer().notNull().default(0),
    bookings: integer().notNull().default(0),
    teleconsults: integer().notNull().default(0),
    readings: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.region] }),
    index("report_daily_activity_region_day_idx").on(t.region, t.day),
  ],
);

/** Per day, company region and platform service: the bookings requested. */
export const reportDailyServiceBookings = pgTable(
  "report_daily_service_bookings",
  {
    day: date().notNull(),
    region: text().notNull(),
    positionRef: smallint().notNull(),
    bookings: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.region, t.positionRef] }),
    index("report_daily_service_bookings_region_day_idx").on(t.region, t.day),
  ],
);

/**
 * Per day and company: its active platform services that day (a snapshot: the job writes today's;
 * the past is not reconstructed, as activations keep no history).
 */
export const reportCompanyServices = pgTable(
  "report_company_services",
  {
    day: date().notNull(),
    companyId: integer().notNull(),
    name: text().notNull(),
    region: text().notNull(),
    activeServices: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.companyId] }),
    index("report_company_services_region_day_idx").on(t.region, t.day),
  ],
);

/** When the rollups were last brought up to date; its absence means the history is still to fill. */
export const reportRollupState = pgTable("report_rollup_state", {
  name: text().primaryKey(),
  backfilledAt: timestamp({ withTimezone: true }).notNull(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
});
