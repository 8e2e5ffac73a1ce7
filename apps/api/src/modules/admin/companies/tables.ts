import { boolean, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
// Foreign key only: who changed a platform service last.
import { users } from "../../identity/tables.ts";

/**
 * The platform services as the administrators name and describe them (spec 002 §9 refs 1–12,
 * `PUT services/{id}`). A ref without a row has the catalogue's name (PLATFORM_SERVICES), no
 * description, and is enabled.
 */
export const platformServiceSettings = pgTable("platform_service_settings", {
  positionRef: smallint().primaryKey(),
  name: text().notNull(),
  description: text(),
  enabled: boolean().notNull().default(true),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
