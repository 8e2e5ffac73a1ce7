import {
  ADMIN_EXAM_MESSAGES,
  conflict,
  fieldError,
  notFound,
  type TAdminExam,
  type TAdminExamBody,
  type TBand,
  THRESHOLD_MESSAGES,
} from "@cura/domain";
import { and, arrayContains, count, eq, max, ne, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/client.ts";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { presentExam } from "./presenters.ts";
import type { ExamRow } from "./repository.ts";
import {
  deviceModels,
  healthExams,
  healthFrequencies,
  healthMeasurements,
  healthThresholds,
  patientDevices,
} from "./tables.ts";

/**
 * The parameters catalogue as the platform administrators keep it (issue 14, spec 002 §7 "Exams
 * CRUD"): create, change, delete. The admin module's routes admit administrators only; every change
 * is audited in its transaction with the values before and after. A parameter that readings use is
 * never deleted (409): the readings keep their meaning only with it.
 */

const snapshot = (row: ExamRow) => ({
  name: row.name,
  unit: row.unit,
  decimals: row.decimals,
  min: row.plausibleMin,
  max: row.plausibleMax,
  reference_min: row.referenceMin,
  reference_max: row.referenceMax,
  loinc: row.loinc,
  bands: row.bands,
});

async function measurementCount(db: Executor, examId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(healthMeasurements).where(eq(healthMeasurements.examId, examId));
  return row?.n ?? 0;
}

function present(ctx: ModuleContext, row: ExamRow, measurements: number): TAdminExam {
  return { ...presentExam(ctx.ids, row), bands: row.bands, measurements };
}

async function nameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: healthExams.id })
    .from(healthExams)
    .where(
      and(
        sql`lower(${healthExams.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(healthExams.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

function valuesOf(body: TAdminExamBody, bands: TBand[]) {
  return {
    name: body.name,
    unit: body.unit,
    decimals: body.decimals,
    plausibleMin: body.min,
    plausibleMax: body.max,
    referenceMin: body.reference_min ?? null,
    referenceMax: body.reference_max ?? null,
    loinc: body.loinc ?? null,
    bands,
  };
}

async function examOf(ctx: ModuleContext, db: Executor, hashid: string): Promise<ExamRow> {
  const id = ctx.ids.decode(hashid);
  const [row] = id === null ? [] : await db.select().from(healthExams).where(eq(healthExams.id, id)).for("update");
  if (!row) throw notFound(ADMIN_EXAM_MESSAGES.notFound);
  return row;
}

/** `GET exams/{id}`: one parameter with its default bands and how many readings use it (the administrators' form). */
export async function readExam(ctx: ModuleContext, hashid: string): Promise<TAdminExam> {
  const id = ctx.ids.decode(hashid);
  const [row] = id === null ? [] : await ctx.db.select().from(healthExams).where(eq(healthExams.id, id));
  if (!row) throw notFound(ADMIN_EXAM_MESSAGES.notFound);
  return present(ctx, row, await measurementCount(ctx.db, row.id));
}

/** `POST exams`: a new parameter, last in the catalogue's order. */
export async function createExam(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TAdminExamBody,
): Promise<TAdminExam> {
  return ctx.db.transaction(async (tx) => {
    if (await nameTaken(tx, body.name)) throw fieldError("name", ADMIN_EXAM_MESSAGES.nameTaken);
    const bands = body.bands ?? [{ min: body.min, max: body.max, risk: 0 }];
    const [last] = await tx.select({ n: max(healthExams.sortOrder) }).from(healthExams);
    const [row] = await tx
      .insert(healthExams)
      .values({ ...valuesOf(body, bands), sortOrder: (last?.n ?? -1) + 1 })
      .returning();
    if (!row) throw new Error("exam insert returned nothing");
    await recordAudit(tx, actorOf(request), {
      action: "exam.created",
      entity: "health_exam",
      entityId: row.id,
      detail: { after: snapshot(row) },
    });
    return present(ctx, row, 0);
  });
}

/** `PUT exams/{id}`: the parameter's data; the bands stay unless given, and must fit the new range. */
export async function updateExam(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TAdminExamBody,
): Promise<TAdminExam> {
  return ctx.db.transaction(async (tx) => {
    const before = await examOf(ctx, tx, hashid);
    if (await nameTaken(tx, body.name, before.id)) throw fieldError("name", ADMIN_EXAM_MESSAGES.nameTaken);
    const bands = body.bands ?? before.bands;
    if (!body.bands && bands.some((band) => band.min < body.min || band.max > body.max)) {
      throw fieldError("bands", THRESHOLD_MESSAGES.outside);
    }
    const [row] = await tx
      .update(healthExams)
      .set(valuesOf(body, bands))
      .where(eq(healthExams.id, before.id))
      .returning();
    if (!row) throw notFound(ADMIN_EXAM_MESSAGES.notFound);
    await recordAudit(tx, actorOf(request), {
      action: "exam.updated",
      entity: "health_exam",
      entityId: row.id,
      detail: { before: snapshot(before), after: snapshot(row) },
    });
    return present(ctx, row, await measurementCount(tx, row.id));
  });
}

/** `DELETE exams/{id}`: 409 while readings, custom thresholds, frequencies or devices use it. */
export async function deleteExam(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await examOf(ctx, tx, hashid);
    if ((await measurementCount(tx, before.id)) > 0) throw conflict(ADMIN_EXAM_MESSAGES.inUse);
    const [thresholds, frequencies, models, devices] = await Promise.all([
      tx.select({ n: count() }).from(healthThresholds).where(eq(healthThresholds.examId, before.id)),
      tx.select({ n: count() }).from(healthFrequencies).where(eq(healthFrequencies.examId, before.id)),
      tx
        .select({ n: count() })
        .from(deviceModels)
        .where(arrayContains(deviceModels.examIds, [before.id])),
      tx
        .select({ n: count() })
        .from(patientDevices)
        .where(arrayContains(patientDevices.enabledExamIds, [before.id])),
    ]);
    const linked = [thresholds, frequencies, models, devices].some((rows) => (rows[0]?.n ?? 0) > 0);
    if (linked) throw conflict(ADMIN_EXAM_MESSAGES.linked);
    await tx.delete(healthExams).where(eq(healthExams.id, before.id));
    await recordAudit(tx, actorOf(request), {
      action: "exam.deleted",
      entity: "health_exam",
      entityId: before.id,
      detail: { before: snapshot(before) },
    });
  });
}
