import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
// Foreign key only: who changed a setting last.
import { users } from "../../identity/tables.ts";

/**
 * The system settings (spec 002 §2 `settingsys/nuovo`): typed key/value entries. A built-in key
 * (BUILTIN_SETTINGS of @cura/domain) has a row only once an administrator changed it; a new key
 * always has one. Read on every request (a few dozen rows), so a change applies at once on every
 * instance, with no cache to invalidate.
 */
export const systemSettings = pgTable("system_settings", {
  key: text().primaryKey(),
  type: text({ enum: ["boolean", "integer", "string", "text", "email", "phone"] }).notNull(),
  value: jsonb().$type<boolean | number | string>().notNull(),
  isPublic: boolean().notNull().default(false),
  description: text().notNull().default(""),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
