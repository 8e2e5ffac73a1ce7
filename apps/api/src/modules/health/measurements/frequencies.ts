import {
  conflict,
  fieldError,
  MONITORING_FREQUENCY_MESSAGES,
  type MonitoringUnit,
  nextDue,
  notFound,
  type TMonitoringFrequency,
  type TMonitoringFrequencyFields,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { presentFrequency } from "./presenters.ts";
import * as repository from "./repository.ts";
import { operatorViewer, readSubject, writeSubject } from "./subject.ts";

/**
 * Monitoring frequencies of parameters (`exams/frequencies`) and of scales (`scores/frequencies`):
 * every N months, weeks, days, hours or minutes, active or suspended, with the next due time.
 */
export type FrequencyKind = "exam" | "scale";

async function targets(ctx: ModuleContext, kind: FrequencyKind) {
  const rows = kind === "exam" ? await repository.listExams(ctx.db) : await repository.listScales(ctx.db);
  return new Map(rows.map((row) => [row.id, { id: row.id, name: "name" in row ? row.name : "" }]));
}

const targetIdOf = (kind: FrequencyKind, row: repository.FrequencyRow) =>
  (kind === "exam" ? row.examId : row.scaleId) as number;

/**
 * The frequencies with their next due time, from the last reading the viewer may see (a private
 * reading is its author's alone: it moves no one else's due time, or it would show that it exists).
 */
async function present(
  ctx: ModuleContext,
  kind: FrequencyKind,
  rows: repository.FrequencyRow[],
  patientId: number,
  viewerId: number,
) {
  const ids = rows.map((row) => targetIdOf(kind, row));
  const [names, last] = await Promise.all([
    targets(ctx, kind),
    kind === "exam"
      ? repository.lastMeasuredAt(ctx.db, patientId, viewerId, ids)
      : repository.lastScoredAt(ctx.db, patientId, ids),
  ]);
  return rows.map((row) => {
    const targetId = targetIdOf(kind, row);
    const from = last.get(targetId) ?? row.createdAt;
    return presentFrequency(
      ctx.ids,
      row,
      names.get(targetId) ?? { id: targetId, name: "" },
      nextDue(from, row.every, row.unit as MonitoringUnit),
    );
  });
}

/** `GET exams|scores/frequencies/{id}` ({id}: the person). */
export async function listFrequencies(
  ctx: ModuleContext,
  request: FastifyRequest,
  kind: FrequencyKind,
  person: string,
) {
  const subject = await readSubject(ctx, request, person, "frequenze");
  const rows = await repository.listFrequencies(ctx.db, subject.patientId, kind);
  return present(ctx, kind, rows, subject.patientId, subject.viewer.userId);
}

/** `POST exams|scores/frequencies/{id}` ({id}: the person): one frequency per parameter or scale. */
export async function createFrequency(
  ctx: ModuleContext,
  request: FastifyRequest,
  kind: FrequencyKind,
  person: string,
  targetHashid: string,
  fields: TMonitoringFrequencyFields,
): Promise<TMonitoringFrequency> {
  const subject = await writeSubject(ctx, request, person);
  const viewer = operatorViewer(subject);
  const field = kind === "exam" ? "exam_id" : "scale_id";
  const targetId = ctx.ids.decode(targetHashid);
  const target =
    targetId === null
      ? null
      : kind === "exam"
        ? await repository.findExam(ctx.db, targetId)
        : await repository.findScale(ctx.db, targetId);
  if (!target) {
    throw fieldError(
      field,
      kind === "exam" ? MONITORING_FREQUENCY_MESSAGES.target : MONITORING_FREQUENCY_MESSAGES.scaleTarget,
    );
  }
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insertFrequency(tx, {
      patientId: subject.patientId,
      examId: kind === "exam" ? target.id : null,
      scaleId: kind === "scale" ? target.id : null,
      every: fields.every,
      unit: fields.unit,
      setBy: viewer.userId,
      companyId: viewer.companyId,
    });
    if (!inserted) throw conflict(MONITORING_FREQUENCY_MESSAGES.exists);
    await recordAudit(tx, actorOf(request), {
      action: "create",
      entity: "health_frequency",
      entityId: inserted.id,
      companyId: viewer.companyId,
      detail: { patientId: subject.patientId, kind, targetId: target.id, every: fields.every, unit: fields.unit },
    });
    return inserted;
  });
  return (await present(ctx, kind, [row], subject.patientId, viewer.userId))[0] as TMonitoringFrequency;
}

/** A frequency of this kind whose person is a patient of the operator's company; else 404. */
async function ownFrequency(ctx: ModuleContext, request: FastifyRequest, kind: FrequencyKind, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findFrequency(ctx.db, id);
  if (!row || (kind === "exam" ? row.examId : row.scaleId) === null)
    throw notFound(MONITORING_FREQUENCY_MESSAGES.notFound);
  const subject = await writeSubject(ctx, request, ctx.ids.encode(row.patientId));
  return { row, viewer: operatorViewer(subject) };
}

/** `PUT …/frequencies/{id}`: a new interval; `PATCH …/frequencies/{id}`: active or suspended. */
export async function changeFrequency(
  ctx: ModuleContext,
  request: FastifyRequest,
  kind: FrequencyKind,
  hashid: string,
  change: Partial<TMonitoringFrequencyFields> & { active?: boolean },
): Promise<TMonitoringFrequency> {
  const { row, viewer } = await ownFrequency(ctx, request, kind, hashid);
  const saved = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateFrequency(tx, row.id, change);
    await recordAudit(tx, actorOf(request), {
      action: "update",
      entity: "health_frequency",
      entityId: row.id,
      companyId: viewer.companyId,
      detail: { patientId: row.patientId, ...change },
    });
    return updated;
  });
  return (await present(ctx, kind, [saved], row.patientId, viewer.userId))[0] as TMonitoringFrequency;
}

/** `DELETE …/frequencies/{id}`. */
export async function deleteFrequency(
  ctx: ModuleContext,
  request: FastifyRequest,
  kind: FrequencyKind,
  hashid: string,
) {
  const { row, viewer } = await ownFrequency(ctx, request, kind, hashid);
  await ctx.db.transaction(async (tx) => {
    await repository.deleteFrequency(tx, row.id);
    await recordAudit(tx, actorOf(request), {
      action: "delete",
      entity: "health_frequency",
      entityId: row.id,
      companyId: viewer.companyId,
      detail: { patientId: row.patientId, kind },
    });
  });
}
