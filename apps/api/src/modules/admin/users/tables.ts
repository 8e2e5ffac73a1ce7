import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
// Foreign keys only: the suspended account is identity's; it is suspended and restored through identity's service.
import { users } from "../../identity/tables.ts";

/**
 * A suspension with an end (PATCH users/change/suspension/{id} with `until`, issue 14): kept here
 * by identity's suspension listener in the suspension's transaction, removed when the account is
 * restored; the job `admin-suspensions-end` restores the accounts whose `until` has passed.
 */
export const adminUserSuspensions = pgTable(
  "admin_user_suspensions",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    until: timestamp({ withTimezone: true }).notNull(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_user_suspensions_until_idx").on(t.until)],
);

/** A message of the public home's contact form (spec 002 §2 admin `contatti`, issue 14). */
export const publicContacts = pgTable(
  "public_contacts",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    message: text().notNull(),
    privacyConsent: boolean().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("public_contacts_created_idx").on(t.createdAt)],
);
