import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../identity/tables.ts";

/** An uploaded file: the bytes live in storage under storageKey, encrypted when `encrypted`. */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial().primaryKey(),
    uploadedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** When has_owner is set, only the owner (and those the owning module allows) may read it. */
    ownerUserId: integer().references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    destination: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    storageKey: text().notNull(),
    encrypted: boolean().notNull().default(false),
    nre: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stored_files_owner_idx").on(t.ownerUserId),
    index("stored_files_uploader_idx").on(t.uploadedBy),
    // One row per blob; the orphan sweep looks blobs up by key.
    uniqueIndex("stored_files_storage_key_idx").on(t.storageKey),
  ],
);
