import {
  type AnnotationKind,
  forbidden,
  HEALTH_RECORD_MESSAGES,
  notFound,
  type TAnnotation,
  type TAnnotationBody,
  USER_TYPES,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import type { HealthSubject } from "../access.ts";
import { recordCompanyHealthReads, recordHealthRead } from "../read-log.ts";
import { iso, metaOf, type PageQuery, pageOf, subjectOf } from "./common.ts";
import { namesOf } from "./people.ts";
import * as repository from "./repository.ts";

/**
 * Operators' notes on a patient (spec 001 §3 "Health note", spec 002 §3 "Annotation"): simple or SOAP,
 * visible to the patient or hidden. A note is its company's: its operators read and change it, other
 * companies never see it. The patient's side (the person, a consenting caregiver) reads the visible
 * notes of every company; hidden ones never reach them, not even as a count (repository scope).
 */

type ListQuery = PageQuery & { kind?: AnnotationKind | undefined };

function present(
  ctx: ModuleContext,
  row: repository.AnnotationRow,
  names: Map<number, string>,
  viewerId: number,
): TAnnotation {
  return {
    id: ctx.ids.encode(row.id),
    patient_id: ctx.ids.encode(row.patientId),
    kind: row.kind,
    text: row.text,
    subjective: row.subjective,
    objective: row.objective,
    assessment: row.assessment,
    plan: row.plan,
    other: row.other,
    visible: row.visible,
    author: row.authorId === null ? null : (names.get(row.authorId) ?? null),
    company: row.companyName,
    own: row.authorId === viewerId,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt) ?? row.createdAt.toISOString(),
  };
}

async function presentPage(ctx: ModuleContext, rows: repository.AnnotationRow[], viewerId: number) {
  const names = await namesOf(
    ctx.db,
    rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])),
  );
  return rows.map((r) => present(ctx, r, names, viewerId));
}

function scopeOf(subject: HealthSubject): repository.AnnotationScope {
  return subject.viewer.kind === "operator"
    ? { kind: "company", companyId: subject.viewer.companyId, patientId: subject.patientId }
    : { kind: "patient", patientId: subject.patientId };
}

/** `GET annotations/users/all/{id}`: one person's notes, as the viewer may see them. */
export async function listPatientAnnotations(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid: string,
  query: ListQuery,
) {
  const subject = await subjectOf(ctx, request, patientHashid);
  const { rows, total } = await repository.listAnnotations(ctx.db, scopeOf(subject), query.kind, pageOf(query));
  const data = await presentPage(ctx, rows, subject.viewer.userId);
  await recordHealthRead(ctx, request, subject, "note");
  return { data, meta: metaOf(query, total) };
}

/**
 * `GET annotations/users/all` (no person): an operator's company's notes on all its patients, newest
 * first; for a citizen, the visible notes on their own file.
 */
export async function listAnnotations(ctx: ModuleContext, request: FastifyRequest, query: ListQuery) {
  const principal = principalOf(request);
  if (principal.type === USER_TYPES.operator) {
    if (principal.companyId === null) throw notFound();
    const scope = { kind: "company" as const, companyId: principal.companyId };
    const { rows, total } = await repository.listAnnotations(ctx.db, scope, query.kind, pageOf(query));
    const data = await presentPage(ctx, rows, principal.userId);
    await recordCompanyHealthReads(
      ctx,
      request,
      rows.map((r) => r.patientId),
      "note",
    );
    return { data, meta: metaOf(query, total) };
  }
  const subject = await subjectOf(ctx, request, null);
  const { rows, total } = await repository.listAnnotations(ctx.db, scopeOf(subject), query.kind, pageOf(query));
  return { data: await presentPage(ctx, rows, subject.viewer.userId), meta: metaOf(query, total) };
}

async function getAnnotation(
  ctx: ModuleContext,
  companyId: number,
  id: number,
  viewerId: number,
): Promise<TAnnotation> {
  const row = await repository.findAnnotation(ctx.db, id, companyId);
  if (!row) throw notFound();
  return present(ctx, row, await namesOf(ctx.db, row.authorId === null ? [] : [row.authorId]), viewerId);
}

function operatorOnly(subject: HealthSubject): number {
  // Notes are the operators' (spec 002 §7): the person's side reads them, never writes them.
  if (subject.viewer.kind !== "operator") throw forbidden();
  return subject.viewer.companyId;
}

/** `POST annotations` (person in the body) and `POST annotations/{id}` (person in the path). */
export async function addAnnotation(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid: string | undefined,
  body: TAnnotationBody,
) {
  if (principalOf(request).type !== USER_TYPES.operator) throw forbidden();
  // Without a person an operator would write on their own file: a note is always on a patient.
  if (!patientHashid) throw notFound();
  const subject = await subjectOf(ctx, request, patientHashid);
  const companyId = operatorOnly(subject);
  const id = await ctx.db.transaction(async (tx) => {
    const id = await repository.insertAnnotation(tx, {
      patientId: subject.patientId,
      companyId,
      authorId: subject.viewer.userId,
      ...noteFields(body),
    });
    await recordAudit(tx, actorOf(request), {
      action: "annotation.created",
      entity: "annotation",
      entityId: id,
      companyId,
      detail: { patient: subject.patientId, kind: body.kind, visible: body.visible },
    });
    return id;
  });
  return {
    data: await getAnnotation(ctx, companyId, id, subject.viewer.userId),
    message: HEALTH_RECORD_MESSAGES.annotationSaved,
  };
}

/** A simple note keeps only its text; a SOAP note only its parts. */
function noteFields(body: TAnnotationBody) {
  const soap = body.kind === "soap";
  return {
    kind: body.kind,
    text: soap ? null : body.text,
    subjective: soap ? body.subjective : null,
    objective: soap ? body.objective : null,
    assessment: soap ? body.assessment : null,
    plan: soap ? body.plan : null,
    other: soap ? body.other : null,
    visible: body.visible,
  };
}

/**
 * The note of the operator's company (404 for anyone else's, and for a patient who is no longer the
 * company's); changing or deleting it is its author's (403 for a colleague).
 */
async function ownNote(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const principal = principalOf(request);
  if (principal.type !== USER_TYPES.operator || principal.companyId === null) throw forbidden();
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findAnnotation(ctx.db, id, principal.companyId);
  if (!row) throw notFound();
  await subjectOf(ctx, request, ctx.ids.encode(row.patientId));
  if (row.authorId !== principal.userId) throw forbidden(HEALTH_RECORD_MESSAGES.annotationAuthorOnly);
  return { row, companyId: principal.companyId, userId: principal.userId };
}

/** `PUT annotations/{id}`. */
export async function updateAnnotation(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TAnnotationBody,
) {
  const { row, companyId, userId } = await ownNote(ctx, request, hashid);
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.updateAnnotation(tx, row.id, companyId, noteFields(body)))) throw notFound();
    await recordAudit(tx, actorOf(request), {
      action: "annotation.updated",
      entity: "annotation",
      entityId: row.id,
      companyId,
      detail: { patient: row.patientId, kind: body.kind, visible: body.visible },
    });
  });
  return {
    data: await getAnnotation(ctx, companyId, row.id, userId),
    message: HEALTH_RECORD_MESSAGES.annotationUpdated,
  };
}

/** `DELETE annotations/{id}`. */
export async function deleteAnnotation(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { row, companyId } = await ownNote(ctx, request, hashid);
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.deleteAnnotation(tx, row.id, companyId))) throw notFound();
    await recordAudit(tx, actorOf(request), {
      action: "annotation.deleted",
      entity: "annotation",
      entityId: row.id,
      companyId,
      detail: { patient: row.patientId },
    });
  });
  return HEALTH_RECORD_MESSAGES.annotationDeleted;
}
