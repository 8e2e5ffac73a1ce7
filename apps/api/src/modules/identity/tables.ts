import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    email: text(),
    username: text(),
    passwordHash: text(),
    type: smallint().notNull(),
    iAm: text().notNull(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    numberVerifiedAt: timestamp({ withTimezone: true }),
    /**
     * The reserve phone (anagrafiche.tel_number_secondary) is verified when a one-time code sent to
     * it was entered; cleared when the number changes. Password recovery texts it only then.
     */
    secondaryNumberVerifiedAt: timestamp({ withTimezone: true }),
    temporaryPassword: boolean().notNull().default(false),
    expiredPassword: boolean().notNull().default(false),
    profilePicFileId: integer(),
    sessionTimeoutMinutes: integer().notNull().default(0),
    dataConsense: boolean().notNull().default(false),
    shareConsense: boolean().notNull().default(false),
    chargeConsense: boolean().notNull().default(false),
    notificationConsense: boolean().notNull().default(true),
    marketingConsense: boolean().notNull().default(true),
    pushToken: text(),
    disabledAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail and username are case-insensitive identifiers.
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    // The administrator's dashboard and registrations pages count accounts by type and since a day (issue 14).
    index("users_created_idx").on(t.createdAt),
    index("users_type_live_idx").on(t.type).where(sql`${t.deletedAt} is null`),
    // The user search finds any part of an e-mail (pg_trgm: an infix ILIKE no B-tree serves).
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * What the administrator's user search matches a text in: name and surname in both orders and the
 * tax code, in one expression so that one trigram index serves it (a separator no name holds keeps a
 * match inside one part).
 */
export const anagraficaSearchText = (t: { name: AnyPgColumn; surname: AnyPgColumn; cf: AnyPgColumn }) =>
  sql`(${t.name} || ' ' || ${t.surname} || ' | ' || ${t.surname} || ' ' || ${t.name} || ' | ' || coalesce(${t.cf}, ''))`;

/** The personal record (spec 000 §3 Anagrafica), one per user. */
export const anagrafiche = pgTable(
  "anagrafiche",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    surname: text().notNull(),
    cf: text(),
    gender: text({ enum: ["maschile", "femminile"] }),
    birthday: date(),
    regione: text(),
    provincia: text(),
    comune: text(),
    cap: text(),
    address: text(),
    tsNumber: text(),
    prefix: text().notNull().default("+39"),
    telNumber: text(),
    homeNumber: text(),
    telNumberSecondary: text(),
    prefixSecondary: text().notNull().default("+39"),
    medicoBase: text(),
    denominazioneAsl: text(),
    title: text(),
    idAlbo: text(),
    tipoAlbo: text(),
    specializzazione: text(),
    nazioneNascita: text().notNull().default("italia"),
    estero: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("anagrafiche_user_unique").on(t.userId),
    index("anagrafiche_cf_idx").on(t.cf),
    // The user search (directory-repository.ts usersMatchingText: the same expression).
    index("anagrafiche_search_trgm_idx").using("gin", sql`${anagraficaSearchText(t)} gin_trgm_ops`),
  ],
);

/**
 * Opaque bearer sessions: only the SHA-256 of the token is stored. Rows are revoked, never deleted:
 * whether a person has ever signed in (contacts.ts: who may change their contacts) is read here, so
 * a clean-up of old sessions must keep at least one row per user or record that fact elsewhere.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    client: text(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_unique").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Password-reset links: only the SHA-256 of the token is stored; single use, short-lived. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    /** Where the link went: email, sms (first phone) or sms_secondary (reserve phone). */
    channel: text({ enum: ["email", "sms", "sms_secondary"] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * One-time codes sent by SMS (spec 001 §4). The code itself is never stored, only its HMAC under
 * the application secret: six digits hashed without a secret would be reversed in a second.
 */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cause: smallint().notNull(),
    /** The record the code confirms (a booking, a report…), as the calling feature's hashid. */
    validatableId: text(),
    /** The number the code went to, in international form: phone verification checks it still matches. */
    phone: text().notNull(),
    secondary: boolean().notNull().default(false),
    codeHash: text().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("otp_codes_user_cause_idx").on(t.userId, t.cause, t.createdAt)],
);
