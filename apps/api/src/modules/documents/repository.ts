import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { documentTemplates, signedDocumentFiles, toBeSignedDocuments } from "./tables.ts";

export type TemplateRow = typeof documentTemplates.$inferSelect;
export type DocumentRow = typeof toBeSignedDocuments.$inferSelect;
export type DocumentWithTemplate = { doc: DocumentRow; templateName: string | null };
type Page = { limit: number; offset: number };

// Templates -----------------------------------------------------------------------------------

export async function listTemplates(db: Executor, companyId: number, page: Page) {
  const where = eq(documentTemplates.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(documentTemplates)
      .where(where)
      .orderBy(asc(documentTemplates.name), asc(documentTemplates.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(documentTemplates).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findTemplate(db: Executor, companyId: number, id: number): Promise<TemplateRow | null> {
  const rows = await db
    .select()
    .from(documentTemplates)
    .where(and(eq(documentTemplates.id, id), eq(documentTemplates.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTemplate(
  db: Executor,
  values: { companyId: number; name: string; htmlContent: string },
): Promise<TemplateRow> {
  const [row] = await db.insert(documentTemplates).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateTemplate(
  db: Executor,
  companyId: number,
  id: number,
  values: { name: string; htmlContent: string },
): Promise<TemplateRow | null> {
  const rows = await db
    .update(documentTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(documentTemplates.id, id), eq(documentTemplates.companyId, companyId)))
    .returning();
  return rows[0] ?? null;
}

/** The demo seed: a company's template by name. */
export async function templateByName(db: Executor, companyId: number, name: string): Promise<TemplateRow | null> {
  const rows = await db
    .select()
    .from(documentTemplates)
    .where(and(eq(documentTemplates.companyId, companyId), eq(documentTemplates.name, name)))
    .limit(1);
  return rows[0] ?? null;
}

// Documents -----------------------------------------------------------------------------------

const withTemplate = { doc: toBeSignedDocuments, templateName: documentTemplates.name };

export async function insertDocument(
  db: Executor,
  values: typeof toBeSignedDocuments.$inferInsert,
): Promise<DocumentRow> {
  const [row] = await db.insert(toBeSignedDocuments).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function findDocument(db: Executor, id: number): Promise<DocumentWithTemplate | null> {
  const rows = await db
    .select(withTemplate)
    .from(toBeSignedDocuments)
    .leftJoin(documentTemplates, eq(documentTemplates.id, toBeSignedDocuments.templateId))
    .where(eq(toBeSignedDocuments.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** The documents among `ids`, with their template's name, newest first (one query). */
export async function findDocuments(db: Executor, ids: number[]): Promise<DocumentWithTemplate[]> {
  return db
    .select(withTemplate)
    .from(toBeSignedDocuments)
    .leftJoin(documentTemplates, eq(documentTemplates.id, toBeSignedDocuments.templateId))
    .where(inArray(toBeSignedDocuments.id, ids))
    .orderBy(desc(toBeSignedDocuments.id));
}

/** The company's documents among `ids`, locked for the assignment's transaction. */
export async function lockCompanyDocuments(db: Executor, companyId: number, ids: number[]): Promise<DocumentRow[]> {
  return db
    .select()
    .from(toBeSignedDocuments)
    .where(and(eq(toBeSignedDocuments.companyId, companyId), inArray(toBeSignedDocuments.id, ids)))
    .for("update");
}

export async function assignDocuments(db: Executor, ids: number[], bookingId: number, at: Date): Promise<void> {
  await db
    .update(toBeSignedDocuments)
    .set({ bookingId, assignedAt: at })
    .where(and(inArray(toBeSignedDocuments.id, ids), isNull(toBeSignedDocuments.bookingId)));
}

export async function listBookingDocuments(db: Executor, bookingId: number, page: Page) {
  const where = eq(toBeSignedDocuments.bookingId, bookingId);
  const [rows, [total]] = await Promise.all([
    db
      .select(withTemplate)
      .from(toBeSignedDocuments)
      .leftJoin(documentTemplates, eq(documentTemplates.id, toBeSignedDocuments.templateId))
      .where(where)
      .orderBy(desc(toBeSignedDocuments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(toBeSignedDocuments).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * An opening by a person allowed to sign, while unsigned: `openedAt` keeps the first, `openedBy` the
 * reader, so that whoever signs has read it (a citizen's reading does not let their caregiver sign).
 */
export async function markOpened(db: Executor, id: number, userId: number, at: Date): Promise<Date> {
  const rows = await db
    .update(toBeSignedDocuments)
    .set({
      openedAt: sql`coalesce(${toBeSignedDocuments.openedAt}, ${at.toISOString()}::timestamptz)`,
      openedBy: userId,
    })
    .where(and(eq(toBeSignedDocuments.id, id), isNull(toBeSignedDocuments.signedAt)))
    .returning({ openedAt: toBeSignedDocuments.openedAt });
  return rows[0]?.openedAt ?? at;
}

/** Signs once: null when the document was signed (or deleted) meanwhile. */
export async function markSigned(
  db: Executor,
  id: number,
  values: Pick<
    DocumentRow,
    "signedAt" | "signedBy" | "signedOnBehalfOf" | "signerName" | "signerTaxCode" | "signerIp" | "unsignedSha256"
  >,
): Promise<DocumentRow | null> {
  const rows = await db
    .update(toBeSignedDocuments)
    .set(values)
    .where(and(eq(toBeSignedDocuments.id, id), isNull(toBeSignedDocuments.signedAt)))
    .returning();
  return rows[0] ?? null;
}

export async function insertSignedFiles(
  db: Executor,
  values: { documentId: number; unsignedPdf: Buffer; signedPdf: Buffer },
): Promise<void> {
  await db.insert(signedDocumentFiles).values(values);
}

export async function signedFiles(db: Executor, documentId: number) {
  const rows = await db
    .select()
    .from(signedDocumentFiles)
    .where(eq(signedDocumentFiles.documentId, documentId))
    .limit(1);
  return rows[0] ?? null;
}

/** Deletes an unsigned document; false when it was signed meanwhile (or is gone). */
export async function deleteUnsigned(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(toBeSignedDocuments)
    .where(and(eq(toBeSignedDocuments.id, id), isNull(toBeSignedDocuments.signedAt)))
    .returning({ id: toBeSignedDocuments.id });
  return rows.length > 0;
}
