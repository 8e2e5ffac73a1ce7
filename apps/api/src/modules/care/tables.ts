import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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

/**
 * A caregiver relation (spec 001 §3): `caregiverId` cares for `assistedId` once the assisted person
 * approves. One row per pair: a rejected or disabled relation is reused by the next invitation or
 * re-enabling, so the pair's history is its audit entries.
 */
export const caregiverRelations = pgTable(
  "caregiver_relations",
  {
    id: serial().primaryKey(),
    caregiverId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assistedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** CAREGIVER_STATUSES of @cura/domain. */
    status: text({ enum: ["pending", "enabled", "disabled", "rejected"] }).notNull(),
    /** The separate 'gestione dati sanitari' consent. */
    healthData: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("caregiver_relations_pair_unique").on(t.caregiverId, t.assistedId),
    index("caregiver_relations_assisted_idx").on(t.assistedId),
  ],
);

/** A user's code of the day (spec 001 §3): valid until 23:59:59 Europe/Rome, a new one each day. */
export const userCodes = pgTable(
  "user_codes",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("user_codes_code_unique").on(t.code)],
);

/** An emergency contact (spec 001 §3): a person (type 0) or an organisation (type 1); 10 at most. */
export const emergencyContacts = pgTable(
  "emergency_contacts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: smallint().notNull(),
    name: text().notNull(),
    surname: text(),
    /** EMERGENCY_RELATIONSHIPS of @cura/domain. */
    relationship: text().notNull(),
    regione: text().notNull(),
    provincia: text().notNull(),
    comune: text().notNull(),
    cap: text().notNull(),
    address: text(),
    telNumber: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("emergency_contacts_user_idx").on(t.userId)],
);
