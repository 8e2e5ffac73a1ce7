import {
  bandOf,
  fieldError,
  forbidden,
  HISTORY_MAX_DAYS,
  MEASUREMENT_MESSAGES,
  notFound,
  type TBand,
  type THistoryQuery,
  type TMeasurement,
  type TMeasurementBody,
  type TMeasurementFields,
  type TMeasurementHistory,
  type TMeasurementListQuery,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/client.ts";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { addDays, zonedDate, zonedToInstant } from "../../../platform/zoned-time.ts";
import { ownUpload, readPrivateFile, withFileReleases } from "../../files/index.ts";
import { recordHealthRead } from "../read-log.ts";
import { presentExam, presentMeasurement } from "./presenters.ts";
import * as repository from "./repository.ts";
import { authorKindOf, readSubject, writeSubject } from "./subject.ts";

const ROME = "Europe/Rome";
/** A device's clock or the phone's may run a little ahead: a minute is not "the future". */
const CLOCK_SKEW_MS = 60_000;
const EARLIEST = Date.UTC(1900, 0, 1);

/** The bands in effect for the person: their custom ones, else the parameter's defaults. */
export async function bandsFor(db: Executor, patientId: number, exam: repository.ExamRow) {
  const custom = await repository.findThreshold(db, patientId, exam.id);
  return { bands: (custom?.bands ?? exam.bands) as TBand[], custom: custom !== null };
}

/** What a reading stores of its band: the band's bounds and risk when it falls in one. */
export function bandColumns(bands: TBand[], value: number) {
  const band = bandOf(bands, value);
  return { bandMin: band?.min ?? null, bandMax: band?.max ?? null, risk: band?.risk ?? null };
}

async function examOf(ctx: ModuleContext, hashid: string, field = "exam_id") {
  const id = ctx.ids.decode(hashid);
  const exam = id === null ? null : await repository.findExam(ctx.db, id);
  if (!exam) throw fieldError(field, MEASUREMENT_MESSAGES.examNotFound);
  return exam;
}

/** Plausible (the parameter's range), at the parameter's precision, not in the future. */
function checkReading(exam: repository.ExamRow, fields: TMeasurementFields, now: number) {
  if (fields.value < exam.plausibleMin || fields.value > exam.plausibleMax) {
    throw fieldError("value", MEASUREMENT_MESSAGES.implausible(exam.plausibleMin, exam.plausibleMax, exam.unit));
  }
  const scaled = fields.value * 10 ** exam.decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6)
    throw fieldError("value", MEASUREMENT_MESSAGES.decimals(exam.decimals));
  const at = Date.parse(fields.measured_at);
  if (at > now + CLOCK_SKEW_MS) throw fieldError("measured_at", MEASUREMENT_MESSAGES.future);
  if (at < EARLIEST) throw fieldError("measured_at", MEASUREMENT_MESSAGES.tooOld);
}

/** A file the caller uploaded, to attach: else a 422 on the field (never a hint it exists). */
async function attachmentOf(ctx: ModuleContext, request: FastifyRequest, hashid: string | null | undefined) {
  if (!hashid) return null;
  const id = ctx.ids.decode(hashid);
  if (id === null) throw fieldError("attachment", MEASUREMENT_MESSAGES.attachmentNotFound);
  try {
    const file = await ownUpload(ctx, principalOf(request), hashid);
    return { id: file.id, name: file.name };
  } catch {
    throw fieldError("attachment", MEASUREMENT_MESSAGES.attachmentNotFound);
  }
}

/** `GET exams`: the parameters catalogue. */
export async function listExams(ctx: ModuleContext) {
  return (await repository.listExams(ctx.db)).map((exam) => presentExam(ctx.ids, exam));
}

/** `GET exams/measurements/all`: the person's readings, newest first, paged; private ones only to their author. */
export async function listMeasurements(ctx: ModuleContext, request: FastifyRequest, query: TMeasurementListQuery) {
  const subject = await readSubject(ctx, request, query.user_id, "parametri");
  const examId = query.exam_id ? ctx.ids.decode(query.exam_id) : null;
  if (query.exam_id && examId === null) throw fieldError("exam_id", MEASUREMENT_MESSAGES.examNotFound);
  const { rows, total } = await repository.listMeasurements(ctx.db, subject.patientId, subject.viewer.userId, examId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentMeasurement(ctx.ids, row, subject.viewer.userId)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * `POST exams/measurements/add`: a reading, its band and risk, and the event for the alert job, in
 * one transaction (the outbox pattern: no event without its reading, no reading without its event).
 */
export async function addMeasurement(ctx: ModuleContext, request: FastifyRequest, body: TMeasurementBody) {
  const subject = await writeSubject(ctx, request, body.user_id);
  const exam = await examOf(ctx, body.exam_id);
  checkReading(exam, body, Date.now());
  const attachment = await attachmentOf(ctx, request, body.attachment);
  const saved = await ctx.db.transaction(async (tx) => {
    const { bands } = await bandsFor(tx, subject.patientId, exam);
    const row = await repository.insertMeasurement(tx, {
      patientId: subject.patientId,
      examId: exam.id,
      value: body.value,
      measuredAt: new Date(body.measured_at),
      authorId: subject.viewer.userId,
      authorKind: authorKindOf(subject),
      private: body.private,
      notes: body.notes,
      ...bandColumns(bands, body.value),
      attachmentId: attachment?.id ?? null,
      attachmentName: attachment?.name ?? null,
    });
    await repository.insertEvents(tx, [measurementEvent("measurement.saved", row)]);
    await recordAudit(tx, actorOf(request), {
      action: "create",
      entity: "health_measurement",
      entityId: row.id,
      companyId: subject.viewer.kind === "operator" ? subject.viewer.companyId : null,
      detail: { patientId: subject.patientId, examId: exam.id },
    });
    return row;
  });
  return presentMeasurement(ctx.ids, { measurement: saved, exam }, subject.viewer.userId);
}

export function measurementEvent(kind: string, row: repository.MeasurementRow) {
  return {
    kind,
    patientId: row.patientId,
    measurementId: row.id,
    examId: row.examId,
    risk: row.risk,
    payload: { value: row.value, measured_at: row.measuredAt.toISOString(), private: row.private },
  };
}

/**
 * A reading the caller may see (the person's file is theirs to read, and a private reading is its
 * author's); 404 otherwise, as if it did not exist.
 */
async function visibleMeasurement(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const principal = principalOf(request);
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findMeasurement(ctx.db, id, principal.userId);
  if (!row) throw notFound(MEASUREMENT_MESSAGES.notFound);
  const subject = await writeSubject(ctx, request, ctx.ids.encode(row.measurement.patientId));
  return { row, subject };
}

/** Only the author changes or deletes a reading (the patient's own, the operator's own). */
async function authoredMeasurement(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const found = await visibleMeasurement(ctx, request, hashid);
  if (found.row.measurement.authorId !== found.subject.viewer.userId) throw forbidden(MEASUREMENT_MESSAGES.authorOnly);
  return found;
}

/** `PUT exams/measurements/edit/{id}`: value, time, privacy, notes and attachment; band and risk again. */
export async function editMeasurement(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TMeasurementFields,
): Promise<TMeasurement> {
  const { row, subject } = await authoredMeasurement(ctx, request, hashid);
  const exam = await examOf(ctx, ctx.ids.encode(row.exam.id));
  checkReading(exam, body, Date.now());
  const previous = row.measurement.attachmentId;
  const keep = body.attachment && previous !== null && ctx.ids.decode(body.attachment) === previous;
  const attachment = keep
    ? { id: previous as number, name: row.measurement.attachmentName ?? "allegato" }
    : await attachmentOf(ctx, request, body.attachment);
  const saved = await withFileReleases(ctx, async (tx, release) => {
    const { bands } = await bandsFor(tx, row.measurement.patientId, exam);
    const updated = await repository.updateMeasurement(tx, row.measurement.id, {
      value: body.value,
      measuredAt: new Date(body.measured_at),
      private: body.private,
      notes: body.notes,
      ...bandColumns(bands, body.value),
      attachmentId: attachment?.id ?? null,
      attachmentName: attachment?.name ?? null,
    });
    if (previous !== null && previous !== attachment?.id) release(previous);
    await repository.insertEvents(tx, [measurementEvent("measurement.updated", updated)]);
    await recordAudit(tx, actorOf(request), {
      action: "update",
      entity: "health_measurement",
      entityId: updated.id,
      companyId: subject.viewer.kind === "operator" ? subject.viewer.companyId : null,
      detail: { patientId: updated.patientId },
    });
    return updated;
  });
  return presentMeasurement(ctx.ids, { measurement: saved, exam: row.exam }, subject.viewer.userId);
}

/** `GET exams/measurements/delete/{id}` and `DELETE exams/measurements/{id}`: the author deletes; the attachment goes with it. */
export async function deleteMeasurement(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { row, subject } = await authoredMeasurement(ctx, request, hashid);
  await withFileReleases(ctx, async (tx, release) => {
    await repository.deleteMeasurement(tx, row.measurement.id);
    release(row.measurement.attachmentId);
    await recordAudit(tx, actorOf(request), {
      action: "delete",
      entity: "health_measurement",
      entityId: row.measurement.id,
      companyId: subject.viewer.kind === "operator" ? subject.viewer.companyId : null,
      detail: { patientId: row.measurement.patientId, examId: row.exam.id },
    });
  });
}

/** `GET exams/measurements/{id}/allegato`: the reading's attachment, decrypted, to whoever may see the reading. */
export async function measurementAttachment(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { row, subject } = await visibleMeasurement(ctx, request, hashid);
  const fileId = row.measurement.attachmentId;
  if (fileId === null) throw notFound(MEASUREMENT_MESSAGES.noAttachment);
  await recordHealthRead(ctx, request, subject, "parametri", hashid);
  return readPrivateFile(ctx, principalOf(request), ctx.ids.encode(fileId));
}

/** The default window of a history: the year up to today (Rome). */
function historyWindow(query: THistoryQuery) {
  const today = zonedDate(Date.now(), ROME);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -365);
  if (from > to) throw fieldError("from", MEASUREMENT_MESSAGES.rangeOrder);
  const start = zonedToInstant(from, "00:00", ROME);
  const end = zonedToInstant(addDays(to, 1), "00:00", ROME) - 1;
  if (end - start > HISTORY_MAX_DAYS * 86_400_000) throw fieldError("from", MEASUREMENT_MESSAGES.range);
  return { from, to, start: new Date(start), end: new Date(end) };
}

/** `GET exams/measurements/history/{id}` ({id}: the parameter): the readings of a window and the bands to draw. */
export async function measurementHistory(
  ctx: ModuleContext,
  request: FastifyRequest,
  examHashid: string,
  query: THistoryQuery,
): Promise<TMeasurementHistory> {
  const subject = await readSubject(ctx, request, query.user_id, "parametri");
  const id = ctx.ids.decode(examHashid);
  const exam = id === null ? null : await repository.findExam(ctx.db, id);
  if (!exam) throw notFound(MEASUREMENT_MESSAGES.examNotFound);
  const window = historyWindow(query);
  const [points, { bands, custom }] = await Promise.all([
    repository.history(ctx.db, subject.patientId, exam.id, subject.viewer.userId, window.start, window.end),
    bandsFor(ctx.db, subject.patientId, exam),
  ]);
  return {
    exam: presentExam(ctx.ids, exam),
    from: window.from,
    to: window.to,
    bands,
    custom,
    points: points.map((p) => ({
      hashid: ctx.ids.encode(p.id),
      value: p.value,
      measured_at: p.measuredAt.toISOString(),
      risk: p.risk,
    })),
  };
}
