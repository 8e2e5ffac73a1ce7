import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// Foreign key only: a family member belongs to one citizen.
import { users } from "../identity/tables.ts";

/**
 * A family member a citizen books for (spec 001 §3 Family member): not an account of their own. One
 * tax code at most once per citizen.
 */
export const familyMembers = pgTable(
  "family_members",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    surname: text().notNull(),
    taxCode: text().notNull(),
    healthCardNumber: text(),
    /** FAMILY_AGE_BANDS of @cura/domain. */
    ageBand: text({ enum: ["pediatrico", "adulto", "anziano"] }).notNull(),
    /** FAMILY_RELATIONSHIPS of @cura/domain. */
    relationship: text({
      enum: ["figlio", "genitore", "coniuge", "convivente", "nipote", "altro_parente", "altro_non_parente"],
    }).notNull(),
    gender: text({ enum: ["M", "F"] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("family_members_user_tax_code_unique").on(t.userId, t.taxCode),
    index("family_members_user_idx").on(t.userId),
  ],
);
