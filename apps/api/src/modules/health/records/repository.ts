import type { AnamnesisCategory, AnnotationKind } from "@cura/domain";
import { and, count, desc, eq, getTableColumns, gte, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { accessLog } from "../../../platform/access-log/tables.ts";
import { companyName } from "../../companies/index.ts";
import { anamnesisEntries, annotations, clinicalReports, healthDocuments, reportSettings } from "./tables.ts";

export interface Page {
  limit: number;
  offset: number;
}

// ── anamnesis ───────────────────────────────────────────────────────────────────────────────────

export type AnamnesisRow = typeof anamnesisEntries.$inferSelect;

export async function listAnamnesis(
  db: Executor,
  patientId: number,
  category: AnamnesisCategory | undefined,
  page: Page,
) {
  const where = and(
    eq(anamnesisEntries.patientId, patientId),
    category ? eq(anamnesisEntries.category, category) : undefined,
  );
  const rows = await db
    .select()
    .from(anamnesisEntries)
    .where(where)
    .orderBy(anamnesisEntries.category, desc(anamnesisEntries.createdAt), desc(anamnesisEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(anamnesisEntries).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function insertAnamnesis(
  db: Executor,
  values: typeof anamnesisEntries.$inferInsert,
): Promise<AnamnesisRow> {
  const [row] = await db.insert(anamnesisEntries).values(values).returning();
  if (!row) throw new Error("anamnesis insert returned nothing");
  return row;
}

export async function findAnamnesis(db: Executor, id: number): Promise<AnamnesisRow | null> {
  const [row] = await db.select().from(anamnesisEntries).where(eq(anamnesisEntries.id, id));
  return row ?? null;
}

export async function deleteAnamnesis(db: Executor, id: number): Promise<boolean> {
  const removed = await db
    .delete(anamnesisEntries)
    .where(eq(anamnesisEntries.id, id))
    .returning({ id: anamnesisEntries.id });
  return removed.length > 0;
}

/** Every entry of the person, for the IPS (allergies and adverse reactions). */
export async function allAnamnesis(db: Executor, patientId: number, categories: AnamnesisCategory[]) {
  return db
    .select()
    .from(anamnesisEntries)
    .where(and(eq(anamnesisEntries.patientId, patientId), sql`${anamnesisEntries.category} in ${categories}`))
    .orderBy(desc(anamnesisEntries.createdAt))
    .limit(500);
}

// ── annotations ─────────────────────────────────────────────────────────────────────────────────

export type AnnotationRow = typeof annotations.$inferSelect & { companyName: string | null };

const annotationColumns = { ...getTableColumns(annotations), companyName: companyName(annotations.companyId) };

/**
 * Which notes a viewer reads: an operator their company's (hidden ones included); the person and their
 * caregivers only the visible ones, of every company. Hidden notes are filtered here, in the query, so
 * they are not even counted for the patient's side.
 */
export type AnnotationScope =
  | { kind: "company"; companyId: number; patientId?: number | undefined }
  | { kind: "patient"; patientId: number };

function annotationWhere(scope: AnnotationScope, kind: AnnotationKind | undefined): SQL | undefined {
  const byKind = kind ? eq(annotations.kind, kind) : undefined;
  if (scope.kind === "patient") {
    return and(eq(annotations.patientId, scope.patientId), eq(annotations.visible, true), byKind);
  }
  return and(
    eq(annotations.companyId, scope.companyId),
    scope.patientId === undefined ? undefined : eq(annotations.patientId, scope.patientId),
    byKind,
  );
}

export async function listAnnotations(
  db: Executor,
  scope: AnnotationScope,
  kind: AnnotationKind | undefined,
  page: Page,
) {
  const where = annotationWhere(scope, kind);
  const rows = await db
    .select(annotationColumns)
    .from(annotations)
    .where(where)
    .orderBy(desc(annotations.createdAt), desc(annotations.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(annotations).where(where);
  return { rows: rows as AnnotationRow[], total: total?.n ?? 0 };
}

export async function findAnnotation(db: Executor, id: number, companyId: number): Promise<AnnotationRow | null> {
  const [row] = await db
    .select(annotationColumns)
    .from(annotations)
    .where(and(eq(annotations.id, id), eq(annotations.companyId, companyId)));
  return (row as AnnotationRow | undefined) ?? null;
}

export async function insertAnnotation(db: Executor, values: typeof annotations.$inferInsert): Promise<number> {
  const [row] = await db.insert(annotations).values(values).returning({ id: annotations.id });
  if (!row) throw new Error("annotation insert returned nothing");
  return row.id;
}

export async function updateAnnotation(
  db: Executor,
  id: number,
  companyId: number,
  values: Partial<typeof annotations.$inferInsert>,
): Promise<boolean> {
  const updated = await db
    .update(annotations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(annotations.id, id), eq(annotations.companyId, companyId)))
    .returning({ id: annotations.id });
  return updated.length > 0;
}

export async function deleteAnnotation(db: Executor, id: number, companyId: number): Promise<boolean> {
  const removed = await db
    .delete(annotations)
    .where(and(eq(annotations.id, id), eq(annotations.companyId, companyId)))
    .returning({ id: annotations.id });
  return removed.length > 0;
}

// ── clinical reports ────────────────────────────────────────────────────────────────────────────

export type ReportRow = typeof clinicalReports.$inferSelect & { companyName: string | null };

const reportColumns = { ...getTableColumns(clinicalReports), companyName: companyName(clinicalReports.companyId) };

/** An operator reads their company's reports; the person's side reads every company's reports about them. */
export type ReportScope =
  | { kind: "company"; companyId: number; patientId?: number | undefined; discharge?: boolean | undefined }
  | { kind: "patient"; patientId: number; discharge?: boolean | undefined };

function reportWhere(scope: ReportScope): SQL | undefined {
  const discharge = scope.discharge === undefined ? undefined : eq(clinicalReports.discharge, scope.discharge);
  if (scope.kind === "patient") return and(eq(clinicalReports.patientId, scope.patientId), discharge);
  return and(
    eq(clinicalReports.companyId, scope.companyId),
    scope.patientId === undefined ? undefined : eq(clinicalReports.patientId, scope.patientId),
    discharge,
  );
}

export async function listReports(db: Executor, scope: ReportScope, page: Page) {
  const where = reportWhere(scope);
  const rows = await db
    .select(reportColumns)
    .from(clinicalReports)
    .where(where)
    .orderBy(desc(clinicalReports.createdAt), desc(clinicalReports.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(clinicalReports).where(where);
  return { rows: rows as ReportRow[], total: total?.n ?? 0 };
}

export async function findReport(db: Executor, id: number): Promise<ReportRow | null> {
  const [row] = await db.select(reportColumns).from(clinicalReports).where(eq(clinicalReports.id, id));
  return (row as ReportRow | undefined) ?? null;
}

export async function insertReport(db: Executor, values: typeof clinicalReports.$inferInsert): Promise<number> {
  const [row] = await db.insert(clinicalReports).values(values).returning({ id: clinicalReports.id });
  if (!row) throw new Error("report insert returned nothing");
  return row.id;
}

/** The patient's first download: set once, whoever races (a conditional update). */
export async function markReportDownloaded(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(clinicalReports)
    .set({ downloadedAt: at })
    .where(and(eq(clinicalReports.id, id), isNull(clinicalReports.downloadedAt)));
}

export async function reportUsesFile(db: Executor, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clinicalReports.id })
    .from(clinicalReports)
    .where(eq(clinicalReports.fileId, fileId))
    .limit(1);
  return row !== undefined;
}

export async function reportOfFile(db: Executor, fileId: number) {
  const [row] = await db
    .select({ patientId: clinicalReports.patientId, companyId: clinicalReports.companyId })
    .from(clinicalReports)
    .where(eq(clinicalReports.fileId, fileId))
    .limit(1);
  return row ?? null;
}

/** The person's newest reports for the IPS: an operator's company's only (`companyId`), else every company's. */
export async function reportsForIps(db: Executor, patientId: number, companyId: number | null) {
  return db
    .select(reportColumns)
    .from(clinicalReports)
    .where(
      and(
        eq(clinicalReports.patientId, patientId),
        companyId === null ? undefined : eq(clinicalReports.companyId, companyId),
      ),
    )
    .orderBy(desc(clinicalReports.createdAt))
    .limit(100) as Promise<ReportRow[]>;
}

// ── report settings ─────────────────────────────────────────────────────────────────────────────

export async function otpRequired(db: Executor, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ otpRequired: reportSettings.otpRequired })
    .from(reportSettings)
    .where(eq(reportSettings.companyId, companyId));
  return row?.otpRequired ?? false;
}

export async function setOtpRequired(db: Executor, companyId: number, value: boolean): Promise<void> {
  await db
    .insert(reportSettings)
    .values({ companyId, otpRequired: value })
    .onConflictDoUpdate({ target: reportSettings.companyId, set: { otpRequired: value, updatedAt: new Date() } });
}

// ── documents ───────────────────────────────────────────────────────────────────────────────────

export async function listDocuments(db: Executor, patientId: number, archived: boolean, page: Page) {
  const where = and(
    eq(healthDocuments.patientId, patientId),
    archived ? isNotNull(healthDocuments.archivedAt) : isNull(healthDocuments.archivedAt),
  );
  const rows = await db
    .select()
    .from(healthDocuments)
    .where(where)
    .orderBy(desc(healthDocuments.date), desc(healthDocuments.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(healthDocuments).where(where);
  return { rows, total: total?.n ?? 0 };
}

export type HealthDocumentRow = typeof healthDocuments.$inferSelect;

export async function findDocument(db: Executor, id: number): Promise<HealthDocumentRow | null> {
  const [row] = await db.select().from(healthDocuments).where(eq(healthDocuments.id, id));
  return row ?? null;
}

export async function insertDocument(db: Executor, values: typeof healthDocuments.$inferInsert): Promise<number> {
  const [row] = await db.insert(healthDocuments).values(values).returning({ id: healthDocuments.id });
  if (!row) throw new Error("document insert returned nothing");
  return row.id;
}

export async function updateDocument(
  db: Executor,
  id: number,
  values: Partial<Pick<HealthDocumentRow, "name" | "date" | "archivedAt">>,
): Promise<void> {
  await db.update(healthDocuments).set(values).where(eq(healthDocuments.id, id));
}

/** Removes the entry; answers its file's id (to release), or null when it was already gone. */
export async function deleteDocument(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .delete(healthDocuments)
    .where(eq(healthDocuments.id, id))
    .returning({ fileId: healthDocuments.fileId });
  return row?.fileId ?? null;
}

export async function documentUsesFile(db: Executor, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: healthDocuments.id })
    .from(healthDocuments)
    .where(eq(healthDocuments.fileId, fileId))
    .limit(1);
  return row !== undefined;
}

export async function documentOfFile(db: Executor, fileId: number) {
  const [row] = await db
    .select({ patientId: healthDocuments.patientId })
    .from(healthDocuments)
    .where(eq(healthDocuments.fileId, fileId))
    .limit(1);
  return row ?? null;
}

export async function documentsForIps(db: Executor, patientId: number) {
  return db
    .select()
    .from(healthDocuments)
    .where(and(eq(healthDocuments.patientId, patientId), isNull(healthDocuments.archivedAt)))
    .orderBy(desc(healthDocuments.date))
    .limit(100);
}

// ── who read my data ────────────────────────────────────────────────────────────────────────────

export interface ReadFilter {
  /** An access-log entity (`health.parametri`), or none. */
  entity?: string | undefined;
  actorType?: number | undefined;
  /** For a caregiver: a citizen reader (type 0) who is not the person. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The reads of the person's data by anyone else, newest first (access_log_subject_idx). */
export async function listReads(db: Executor, subjectUserId: number, filter: ReadFilter, page: Page) {
  const where = and(
    eq(accessLog.subjectUserId, subjectUserId),
    ne(accessLog.actorUserId, subjectUserId),
    filter.entity ? eq(accessLog.entity, filter.entity) : undefined,
    filter.actorType === undefined ? undefined : eq(accessLog.actorType, filter.actorType),
    filter.from ? gte(accessLog.createdAt, filter.from) : undefined,
    filter.to ? lt(accessLog.createdAt, filter.to) : undefined,
  );
  const rows = await db
    .select({
      id: accessLog.id,
      actorUserId: accessLog.actorUserId,
      actorType: accessLog.actorType,
      companyId: accessLog.companyId,
      companyName: companyName(accessLog.companyId),
      entity: accessLog.entity,
      entityId: accessLog.entityId,
      createdAt: accessLog.createdAt,
    })
    .from(accessLog)
    .where(where)
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(accessLog).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The retention job: removes the health file's reads older than `before`; answers how many. */
export async function purgeHealthReads(db: Executor, before: Date): Promise<number> {
  const removed = await db
    .delete(accessLog)
    .where(and(sql`${accessLog.entity} like 'health.%'`, lt(accessLog.createdAt, before)))
    .returning({ id: accessLog.id });
  return removed.length;
}
