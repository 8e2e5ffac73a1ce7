import {
  conflict,
  fieldError,
  notFound,
  type TBand,
  THRESHOLD_MESSAGES,
  type TThresholdCreateBody,
  type TThresholdNotesBody,
  type TThresholdSet,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { presentThresholds } from "./presenters.ts";
import * as repository from "./repository.ts";
import { operatorViewer, readSubject, writeSubject } from "./subject.ts";

/** Thresholds (issue 11): 1 to 7 bands per parameter; the defaults, or the operator's custom ones per person. */

/** The bands must lie within the parameter's plausible range (a band no reading can reach is a typo). */
function checkWithinRange(exam: repository.ExamRow, bands: TBand[]) {
  bands.forEach((band, i) => {
    if (band.min < exam.plausibleMin || band.max > exam.plausibleMax) {
      throw fieldError(`bands.${i}.min`, THRESHOLD_MESSAGES.outside);
    }
  });
}

/** `GET exams/thresholds/{id}` ({id}: the person): every parameter's bands in effect for them. */
export async function listThresholds(ctx: ModuleContext, request: FastifyRequest, personHashid: string) {
  const subject = await readSubject(ctx, request, personHashid, "soglie");
  const [exams, custom] = await Promise.all([
    repository.listExams(ctx.db),
    repository.listThresholds(ctx.db, subject.patientId),
  ]);
  const byExam = new Map(custom.map((row) => [row.examId, row]));
  return exams.map((exam) => presentThresholds(ctx.ids, exam, byExam.get(exam.id) ?? null));
}

/** `POST exams/thresholds/{id}` ({id}: the person): an operator sets custom bands for one parameter. */
export async function createThresholds(
  ctx: ModuleContext,
  request: FastifyRequest,
  personHashid: string,
  body: TThresholdCreateBody,
): Promise<TThresholdSet> {
  const subject = await writeSubject(ctx, request, personHashid);
  const viewer = operatorViewer(subject);
  const patientId = subject.patientId;
  const examId = ctx.ids.decode(body.exam_id);
  const exam = examId === null ? null : await repository.findExam(ctx.db, examId);
  if (!exam) throw fieldError("exam_id", THRESHOLD_MESSAGES.notFound);
  checkWithinRange(exam, body.bands);
  const row = await ctx.db.transaction(async (tx) => {
    // The unique index decides between two operators saving at once: the second gets 409.
    const inserted = await repository.insertThreshold(tx, {
      patientId,
      examId: exam.id,
      bands: body.bands,
      setBy: viewer.userId,
      companyId: viewer.companyId,
    });
    if (!inserted) throw conflict(THRESHOLD_MESSAGES.exists);
    await recordAudit(tx, actorOf(request), {
      action: "create",
      entity: "health_threshold",
      entityId: inserted.id,
      companyId: viewer.companyId,
      detail: { patientId, examId: exam.id, bands: body.bands },
    });
    return inserted;
  });
  return presentThresholds(ctx.ids, exam, row);
}

/** A custom set the operator may change: its person must be a patient of the operator's company. */
async function customSet(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findThresholdById(ctx.db, id);
  if (!row) throw notFound(THRESHOLD_MESSAGES.notFound);
  const viewer = operatorViewer(await writeSubject(ctx, request, ctx.ids.encode(row.patientId)));
  const exam = (await repository.findExam(ctx.db, row.examId)) as repository.ExamRow;
  return { row, viewer, exam };
}

/** `PUT exams/thresholds/custom/{id}`: new bands for a custom set. */
export async function updateThresholds(ctx: ModuleContext, request: FastifyRequest, hashid: string, bands: TBand[]) {
  const { row, viewer, exam } = await customSet(ctx, request, hashid);
  checkWithinRange(exam, bands);
  const saved = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateThreshold(tx, row.id, {
      bands,
      setBy: viewer.userId,
      companyId: viewer.companyId,
    });
    await recordAudit(tx, actorOf(request), {
      action: "update",
      entity: "health_threshold",
      entityId: row.id,
      companyId: viewer.companyId,
      detail: { patientId: row.patientId, bands },
    });
    return updated;
  });
  return presentThresholds(ctx.ids, exam, saved);
}

/** `PUT exams/thresholds/custom/notes/{id}`: the diagnostic and/or operational protocol, and notes. */
export async function updateThresholdNotes(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TThresholdNotesBody,
) {
  const { row, viewer, exam } = await customSet(ctx, request, hashid);
  const saved = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateThreshold(tx, row.id, {
      diagnosticProtocol: body.diagnostic_protocol,
      operationalProtocol: body.operational_protocol,
      notes: body.notes,
    });
    await recordAudit(tx, actorOf(request), {
      action: "update",
      entity: "health_threshold_notes",
      entityId: row.id,
      companyId: viewer.companyId,
      detail: { patientId: row.patientId },
    });
    return updated;
  });
  return presentThresholds(ctx.ids, exam, saved);
}

/** `DELETE exams/thresholds/custom/{id}`: back to the parameter's defaults. */
export async function deleteThresholds(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { row, viewer, exam } = await customSet(ctx, request, hashid);
  await ctx.db.transaction(async (tx) => {
    await repository.deleteThreshold(tx, row.id);
    await recordAudit(tx, actorOf(request), {
      action: "delete",
      entity: "health_threshold",
      entityId: row.id,
      companyId: viewer.companyId,
      detail: { patientId: row.patientId, examId: row.examId },
    });
  });
  return presentThresholds(ctx.ids, exam, null);
}
