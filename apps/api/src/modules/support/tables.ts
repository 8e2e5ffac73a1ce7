import { boolean, customType, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
// Foreign keys only: a ticket is written by a user; a manual or video is registered by an administrator.
import { users } from "../identity/tables.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** A support request (spec 001 §3 Support request): stored, and e-mailed to the support address. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    object: text().notNull(),
    content: text().notNull(),
    /** pending until sent; failed when the mail server refused it (the request is kept either way). */
    emailStatus: text({ enum: ["pending", "sent", "failed"] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_tickets_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The downloadables (spec 001 §3 Manual, Downloadables): manuals (PDF) and video tutorials (mp4),
 * registered by administrators and served by `GET resources/{id}/public/scaricabili`. The bytes live
 * in the row: a few files of a few MB, shared by every instance without touching the uploads'
 * storage (whose orphan sweep knows only the files module's rows); lists never select them.
 */
export const supportDownloads = pgTable(
  "support_downloads",
  {
    id: serial().primaryKey(),
    kind: text({ enum: ["manuale", "video"] }).notNull(),
    scope: text({ enum: ["cittadino", "operatore"] }).notNull(),
    /** Manuals: version, language, release day. Videos: title. */
    version: text().notNull().default(""),
    title: text().notNull().default(""),
    description: text().notNull().default(""),
    isItalian: boolean().notNull().default(true),
    releaseDate: date({ mode: "string" }),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    bytes: bytea().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_downloads_kind_scope_idx").on(t.kind, t.scope, t.releaseDate)],
);
