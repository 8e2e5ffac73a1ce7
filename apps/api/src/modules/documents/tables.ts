import { customType, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
// Foreign keys only: the documents module reads bookings through the bookings module's service.
import { bookings } from "../bookings/tables.ts";
import { companies } from "../companies/tables.ts";
import { users } from "../identity/tables.ts";

/** A company's model of a document to sign (spec 002 §3): the operator edits a copy for each patient. */
export const documentTemplates = pgTable(
  "document_templates",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Sanitised on every write (DOCUMENT_ALLOWED_TAGS of @cura/domain). */
    htmlContent: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("document_templates_company_idx").on(t.companyId, t.name)],
);

/**
 * A document to be signed (spec 002 §3): created from a template with the operator's edits, then
 * assigned to one reservation of the company; signed once by the reservation's citizen (or a
 * consenting caregiver on their behalf) after opening it.
 */
export const toBeSignedDocuments = pgTable(
  "to_be_signed_documents",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    templateId: integer().references(() => documentTemplates.id, { onDelete: "set null" }),
    name: text().notNull(),
    htmlContent: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** Null until assigned; a document belongs to one reservation at most. */
    bookingId: integer().references(() => bookings.id, { onDelete: "cascade" }),
    assignedAt: timestamp({ withTimezone: true }),
    /** First opening by a person allowed to sign. */
    openedAt: timestamp({ withTimezone: true }),
    /** The last person allowed to sign who opened it: only they may sign (the citizen's reading is not a caregiver's). */
    openedBy: integer().references(() => users.id, { onDelete: "set null" }),
    signedAt: timestamp({ withTimezone: true }),
    signedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** The citizen the document is about when a caregiver signed "per conto di"; null otherwise. */
    signedOnBehalfOf: integer().references(() => users.id, { onDelete: "set null" }),
    /** The signer's name and tax code as they were at signing: the audit record does not change later. */
    signerName: text(),
    signerTaxCode: text(),
    signerIp: text(),
    /** SHA-256 (hex) of the unsigned PDF the signer accepted, printed on the audit page. */
    unsignedSha256: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("to_be_signed_documents_booking_idx").on(t.bookingId, t.id),
    index("to_be_signed_documents_company_idx").on(t.companyId, t.createdAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The files of a signed document, kept beside its row rather than in file storage: they are written
 * in the signing's transaction (signed once, never replaced), and the storage's orphan sweep knows
 * only the files module's rows. The unsigned PDF is the one whose SHA-256 the audit page prints.
 */
export const signedDocumentFiles = pgTable("signed_document_files", {
  documentId: integer()
    .primaryKey()
    .references(() => toBeSignedDocuments.id, { onDelete: "cascade" }),
  unsignedPdf: bytea().notNull(),
  signedPdf: bytea().notNull(),
});
