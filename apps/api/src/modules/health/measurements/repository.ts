import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, max, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import {
  deviceModels,
  healthEvents,
  healthExams,
  healthFrequencies,
  healthMeasurements,
  healthScales,
  healthScores,
  healthThresholds,
  patientDevices,
} from "./tables.ts";

export type ExamRow = typeof healthExams.$inferSelect;
export type MeasurementRow = typeof healthMeasurements.$inferSelect;
export type ThresholdRow = typeof healthThresholds.$inferSelect;
export type FrequencyRow = typeof healthFrequencies.$inferSelect;
export type ScaleRow = typeof healthScales.$inferSelect;
export type ScoreRow = typeof healthScores.$inferSelect;
export type DeviceModelRow = typeof deviceModels.$inferSelect;
export type PatientDeviceRow = typeof patientDevices.$inferSelect;

// ── parameters ───────────────────────────────────────────────────────────────────────────────────

export function listExams(db: Executor): Promise<ExamRow[]> {
  return db.select().from(healthExams).orderBy(asc(healthExams.sortOrder), asc(healthExams.id));
}

export async function findExam(db: Executor, id: number): Promise<ExamRow | null> {
  return (await db.select().from(healthExams).where(eq(healthExams.id, id)))[0] ?? null;
}

// ── measurements ─────────────────────────────────────────────────────────────────────────────────

/**
 * Private to author (issue 11): a private reading reaches only the person who entered it, in every
 * list, count and chart. Every read of readings goes through this clause.
 */
function visibleTo(viewerId: number): SQL {
  return or(eq(healthMeasurements.private, false), eq(healthMeasurements.authorId, viewerId)) as SQL;
}

const measurementColumns = {
  measurement: healthMeasurements,
  exam: {
    id: healthExams.id,
    name: healthExams.name,
    unit: healthExams.unit,
    decimals: healthExams.decimals,
  },
};
export type MeasurementWithExam = {
  measurement: MeasurementRow;
  exam: { id: number; name: string; unit: string; decimals: number };
};

export async function listMeasurements(
  db: Executor,
  patientId: number,
  viewerId: number,
  examId: number | null,
  page: { limit: number; offset: number },
): Promise<{ rows: MeasurementWithExam[]; total: number }> {
  const where = and(
    eq(healthMeasurements.patientId, patientId),
    examId === null ? undefined : eq(healthMeasurements.examId, examId),
    visibleTo(viewerId),
  );
  const [rows, totals] = await Promise.all([
    db
      .select(measurementColumns)
      .from(healthMeasurements)
      .innerJoin(healthExams, eq(healthExams.id, healthMeasurements.examId))
      .where(where)
      .orderBy(desc(healthMeasurements.measuredAt), desc(healthMeasurements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(healthMeasurements).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findMeasurement(db: Executor, id: number, viewerId: number): Promise<MeasurementWithExam | null> {
  const rows = await db
    .select(measurementColumns)
    .from(healthMeasurements)
    .innerJoin(healthExams, eq(healthExams.id, healthMeasurements.examId))
    .where(and(eq(healthMeasurements.id, id), visibleTo(viewerId)));
  return rows[0] ?? null;
}

export async function insertMeasurement(
  db: Executor,
  values: typeof healthMeasurements.$inferInsert,
): Promise<MeasurementRow> {
  return (await db.insert(healthMeasurements).values(values).returning())[0] as MeasurementRow;
}

/** Device readings: a reading already imported (same device, parameter and time) is skipped. */
export function insertDeviceReadings(db: Executor, values: Array<typeof healthMeasurements.$inferInsert>) {
  if (values.length === 0) return Promise.resolve([] as MeasurementRow[]);
  return db.insert(healthMeasurements).values(values).onConflictDoNothing().returning();
}

export async function updateMeasurement(
  db: Executor,
  id: number,
  values: Partial<typeof healthMeasurements.$inferInsert>,
): Promise<MeasurementRow> {
  return (
    await db
      .update(healthMeasurements)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(healthMeasurements.id, id))
      .returning()
  )[0] as MeasurementRow;
}

export async function deleteMeasurement(db: Executor, id: number): Promise<void> {
  await db.delete(healthMeasurements).where(eq(healthMeasurements.id, id));
}

export function history(db: Executor, patientId: number, examId: number, viewerId: number, from: Date, to: Date) {
  return db
    .select({
      id: healthMeasurements.id,
      value: healthMeasurements.value,
      measuredAt: healthMeasurements.measuredAt,
      risk: healthMeasurements.risk,
    })
    .from(healthMeasurements)
    .where(
      and(
        eq(healthMeasurements.patientId, patientId),
        eq(healthMeasurements.examId, examId),
        gte(healthMeasurements.measuredAt, from),
        lte(healthMeasurements.measuredAt, to),
        visibleTo(viewerId),
      ),
    )
    .orderBy(asc(healthMeasurements.measuredAt), asc(healthMeasurements.id));
}

/** The reading a stored file is attached to (the files module's read rule decides from it). */
export async function findByAttachment(db: Executor, fileId: number): Promise<MeasurementRow | null> {
  const rows = await db.select().from(healthMeasurements).where(eq(healthMeasurements.attachmentId, fileId)).limit(1);
  return rows[0] ?? null;
}

export async function attachmentInUse(db: Executor, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ id: healthMeasurements.id })
    .from(healthMeasurements)
    .where(eq(healthMeasurements.attachmentId, fileId))
    .limit(1);
  return rows.length > 0;
}

export async function insertEvents(db: Executor, values: Array<typeof healthEvents.$inferInsert>): Promise<void> {
  if (values.length > 0) await db.insert(healthEvents).values(values);
}

// ── thresholds ───────────────────────────────────────────────────────────────────────────────────

export async function findThreshold(db: Executor, patientId: number, examId: number): Promise<ThresholdRow | null> {
  const rows = await db
    .select()
    .from(healthThresholds)
    .where(and(eq(healthThresholds.patientId, patientId), eq(healthThresholds.examId, examId)));
  return rows[0] ?? null;
}

export async function findThresholdById(db: Executor, id: number): Promise<ThresholdRow | null> {
  return (await db.select().from(healthThresholds).where(eq(healthThresholds.id, id)))[0] ?? null;
}

export function listThresholds(db: Executor, patientId: number): Promise<ThresholdRow[]> {
  return db.select().from(healthThresholds).where(eq(healthThresholds.patientId, patientId));
}

export async function insertThreshold(db: Executor, values: typeof healthThresholds.$inferInsert) {
  return (await db.insert(healthThresholds).values(values).onConflictDoNothing().returning())[0] ?? null;
}

export async function updateThreshold(db: Executor, id: number, values: Partial<typeof healthThresholds.$inferInsert>) {
  return (
    await db
      .update(healthThresholds)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(healthThresholds.id, id))
      .returning()
  )[0] as ThresholdRow;
}

export async function deleteThreshold(db: Executor, id: number): Promise<void> {
  await db.delete(healthThresholds).where(eq(healthThresholds.id, id));
}

// ── frequencies ──────────────────────────────────────────────────────────────────────────────────

export function listFrequencies(db: Executor, patientId: number, kind: "exam" | "scale"): Promise<FrequencyRow[]> {
  return db
    .select()
    .from(healthFrequencies)
    .where(
      and(
        eq(healthFrequencies.patientId, patientId),
        isNotNull(kind === "exam" ? healthFrequencies.examId : healthFrequencies.scaleId),
      ),
    )
    .orderBy(asc(healthFrequencies.id));
}

export async function findFrequency(db: Executor, id: number): Promise<FrequencyRow | null> {
  return (await db.select().from(healthFrequencies).where(eq(healthFrequencies.id, id)))[0] ?? null;
}

export async function insertFrequency(db: Executor, values: typeof healthFrequencies.$inferInsert) {
  return (await db.insert(healthFrequencies).values(values).onConflictDoNothing().returning())[0] ?? null;
}

export async function updateFrequency(
  db: Executor,
  id: number,
  values: Partial<typeof healthFrequencies.$inferInsert>,
) {
  return (
    await db
      .update(healthFrequencies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(healthFrequencies.id, id))
      .returning()
  )[0] as FrequencyRow;
}

export async function deleteFrequency(db: Executor, id: number): Promise<void> {
  await db.delete(healthFrequencies).where(eq(healthFrequencies.id, id));
}

/**
 * The last reading of each parameter the viewer may see (one grouped statement, whatever the number
 * of frequencies): private to author holds for the due times derived from readings too.
 */
export async function lastMeasuredAt(
  db: Executor,
  patientId: number,
  viewerId: number,
  examIds: number[],
): Promise<Map<number, Date>> {
  if (examIds.length === 0) return new Map();
  const rows = await db
    .select({ examId: healthMeasurements.examId, last: max(healthMeasurements.measuredAt) })
    .from(healthMeasurements)
    .where(
      and(
        eq(healthMeasurements.patientId, patientId),
        inArray(healthMeasurements.examId, examIds),
        visibleTo(viewerId),
      ),
    )
    .groupBy(healthMeasurements.examId);
  return new Map(rows.filter((r) => r.last).map((r) => [r.examId, new Date(r.last as Date)]));
}

export async function lastScoredAt(db: Executor, patientId: number, scaleIds: number[]): Promise<Map<number, Date>> {
  if (scaleIds.length === 0) return new Map();
  const rows = await db
    .select({ scaleId: healthScores.scaleId, last: max(healthScores.takenAt) })
    .from(healthScores)
    .where(and(eq(healthScores.patientId, patientId), inArray(healthScores.scaleId, scaleIds)))
    .groupBy(healthScores.scaleId);
  return new Map(rows.filter((r) => r.last).map((r) => [r.scaleId, new Date(r.last as Date)]));
}

// ── scores ───────────────────────────────────────────────────────────────────────────────────────

export function listScales(db: Executor): Promise<ScaleRow[]> {
  return db.select().from(healthScales).orderBy(asc(healthScales.id));
}

export async function findScale(db: Executor, id: number): Promise<ScaleRow | null> {
  return (await db.select().from(healthScales).where(eq(healthScales.id, id)))[0] ?? null;
}

/** The last score of each scale (DISTINCT ON over the person's index). */
export function lastScores(db: Executor, patientId: number): Promise<ScoreRow[]> {
  return db
    .selectDistinctOn([healthScores.scaleId])
    .from(healthScores)
    .where(eq(healthScores.patientId, patientId))
    .orderBy(healthScores.scaleId, desc(healthScores.takenAt), desc(healthScores.id));
}

/** One scale's latest scores (at most `limit`), oldest first for the chart. */
export async function scoreHistory(db: Executor, patientId: number, scaleId: number, limit = 500): Promise<ScoreRow[]> {
  const rows = await db
    .select()
    .from(healthScores)
    .where(and(eq(healthScores.patientId, patientId), eq(healthScores.scaleId, scaleId)))
    .orderBy(desc(healthScores.takenAt), desc(healthScores.id))
    .limit(limit);
  return rows.reverse();
}

export async function findScore(db: Executor, id: number): Promise<ScoreRow | null> {
  return (await db.select().from(healthScores).where(eq(healthScores.id, id)))[0] ?? null;
}

export async function insertScore(db: Executor, values: typeof healthScores.$inferInsert): Promise<ScoreRow> {
  return (await db.insert(healthScores).values(values).returning())[0] as ScoreRow;
}

/**
 * A source's scores of a person (`sourceRef`, e.g. a survey fill) given new values in place: same
 * points, same time taken. Returns how many there were. Filtered by the person first, so the
 * person's index finds them.
 */
export async function updateScoresOfSource(
  db: Executor,
  patientId: number,
  sourceRef: string,
  values: Pick<typeof healthScores.$inferInsert, "scaleId" | "value" | "label" | "risk" | "items">,
): Promise<number> {
  const rows = await db
    .update(healthScores)
    .set(values)
    .where(and(eq(healthScores.patientId, patientId), eq(healthScores.sourceRef, sourceRef)))
    .returning({ id: healthScores.id });
  return rows.length;
}

export async function deleteScoresOfSource(db: Executor, patientId: number, sourceRef: string): Promise<void> {
  await db
    .delete(healthScores)
    .where(and(eq(healthScores.patientId, patientId), eq(healthScores.sourceRef, sourceRef)));
}

// ── devices ──────────────────────────────────────────────────────────────────────────────────────

export function listDeviceModels(db: Executor): Promise<DeviceModelRow[]> {
  return db.select().from(deviceModels).orderBy(asc(deviceModels.id));
}

export async function findDeviceModel(db: Executor, id: number): Promise<DeviceModelRow | null> {
  return (await db.select().from(deviceModels).where(eq(deviceModels.id, id)))[0] ?? null;
}

export function listPatientDevices(db: Executor, patientId: number) {
  return db
    .select({ device: patientDevices, model: deviceModels })
    .from(patientDevices)
    .innerJoin(deviceModels, eq(deviceModels.id, patientDevices.deviceModelId))
    .where(eq(patientDevices.patientId, patientId))
    .orderBy(asc(patientDevices.id));
}

export async function findPatientDevice(db: Executor, id: number) {
  const rows = await db
    .select({ device: patientDevices, model: deviceModels })
    .from(patientDevices)
    .innerJoin(deviceModels, eq(deviceModels.id, patientDevices.deviceModelId))
    .where(eq(patientDevices.id, id));
  return rows[0] ?? null;
}

export async function insertPatientDevice(db: Executor, values: typeof patientDevices.$inferInsert) {
  return (await db.insert(patientDevices).values(values).onConflictDoNothing().returning())[0] ?? null;
}

export async function updatePatientDevice(
  db: Executor,
  id: number,
  values: Partial<typeof patientDevices.$inferInsert>,
) {
  return (await db.update(patientDevices).set(values).where(eq(patientDevices.id, id)).returning())[0] ?? null;
}

/**
 * Enables or disables one parameter of a device in one statement (no read-modify-write: two operators
 * toggling two parameters at once both count).
 */
export async function setEnabledExam(db: Executor, id: number, examId: number, enabled: boolean) {
  const without = sql`array_remove(${patientDevices.enabledExamIds}, ${examId}::integer)`;
  const rows = await db
    .update(patientDevices)
    .set({ enabledExamIds: enabled ? sql`array_append(${without}, ${examId}::integer)` : without })
    .where(eq(patientDevices.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deletePatientDevice(db: Executor, id: number): Promise<void> {
  await db.delete(patientDevices).where(eq(patientDevices.id, id));
}

// ── own activity ─────────────────────────────────────────────────────────────────────────────────

/** The caller's own recorded actions per day (Rome) since `from`, over the audit log's actor index. */
export function actionsPerDay(db: Executor, userId: number, from: Date) {
  const day = sql<string>`to_char(${auditLog.createdAt} at time zone 'Europe/Rome', 'YYYY-MM-DD')`;
  return db
    .select({ date: day, count: count() })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), gte(auditLog.createdAt, from)))
    .groupBy(day)
    .orderBy(day);
}
