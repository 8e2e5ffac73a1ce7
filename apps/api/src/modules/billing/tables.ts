import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
// Foreign key only.
import { companies } from "../companies/tables.ts";

/**
 * A company's subscription to a platform service (issue 10's slice of billing): the teleconsult refs
 * (10, 11, 2) answer 'Servizio non attivo' without an active one covering the moment. The billing issue
 * builds plans, payments and renewals on this table; no row means not subscribed.
 */
export const companySubscriptions = pgTable(
  "company_subscriptions",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The platform service ref (PLATFORM_SERVICES of @cura/domain). */
    positionRef: smallint().notNull(),
    plan: text().notNull(),
    /** First and last day covered (Italian dates); no end is open-ended. */
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }),
    status: text({ enum: ["active", "suspended", "cancelled"] })
      .notNull()
      .default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("company_subscriptions_company_ref_idx").on(t.companyId, t.positionRef),
    check("company_subscriptions_status_check", sql`${t.status} in ('active', 'suspended', 'cancelled')`),
  ],
);
