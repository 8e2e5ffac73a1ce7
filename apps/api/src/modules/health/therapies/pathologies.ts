import {
  fieldError,
  forbidden,
  HEALTH_THERAPY_MESSAGES as M,
  notFound,
  romeToday,
  type TExemption,
  type TExemptionBody,
  type TExemptionToggleBody,
  type TExemptionUpdateBody,
  type TPathology,
  type TPathologyBody,
  type TPathologyUpdateBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import type { HealthSubject } from "../access.ts";
import { exemptionByCode, icd10ByCode } from "./code-lists.ts";
import * as repository from "./repository.ts";
import { accessSubject, authorship, mayEdit } from "./viewer.ts";

/** Pathologies and exemptions of the health file (spec 001 §3, §7 Health file; issue 11 "Pathologies"). */

function presentPathology(ctx: ModuleContext, subject: HealthSubject, row: repository.PathologyRow): TPathology {
  return {
    hashid: ctx.ids.encode(row.id),
    name: row.name,
    type: row.type,
    start_date: row.startDate,
    end_date: row.endDate,
    private: row.private,
    notes: row.notes,
    icd10_code: row.icd10Code,
    icd10_label: row.icd10Code ? (icd10ByCode(row.icd10Code)?.label ?? null) : null,
    author: { mine: row.authorId === subject.viewer.userId, role: row.authorRole },
    editable: mayEdit(subject, row),
    created_at: row.createdAt.toISOString(),
  };
}

function checkIcd(code: string | null) {
  if (code !== null && !icd10ByCode(code)) throw fieldError("icd10_code", M.icdUnknown);
}

const pathologyValues = (body: TPathologyBody) => ({
  name: body.name,
  type: body.type,
  startDate: body.start_date,
  endDate: body.end_date,
  private: body.private,
  notes: body.notes,
  icd10Code: body.icd10_code,
});

/** `POST pathologies`. */
export async function createPathology(ctx: ModuleContext, request: FastifyRequest, body: TPathologyBody) {
  const subject = await accessSubject(ctx, request, body.patient);
  checkIcd(body.icd10_code);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertPathology(tx, {
      patientId: subject.patientId,
      ...authorship(subject),
      ...pathologyValues(body),
    });
    await recordAudit(tx, actorOf(request), { action: "create", entity: "pathology", entityId: created.id });
    return created;
  });
  return presentPathology(ctx, subject, row);
}

/** `PUT pathologies` (the hashid in the body). */
export async function updatePathology(ctx: ModuleContext, request: FastifyRequest, body: TPathologyUpdateBody) {
  const subject = await accessSubject(ctx, request, body.patient);
  const id = ctx.ids.decode(body.hashid);
  const current =
    id === null ? null : await repository.findPathology(ctx.db, subject.patientId, subject.viewer.userId, id);
  if (!current) throw notFound(M.pathologyUnknown);
  if (!mayEdit(subject, current)) throw forbidden(M.notEditable);
  checkIcd(body.icd10_code);
  // Only the author may make a record private or public again: the flag hides it from everyone else.
  const privateFlag = current.authorId === subject.viewer.userId ? body.private : current.private;
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updatePathology(tx, current.id, {
      ...pathologyValues(body),
      private: privateFlag,
    });
    await recordAudit(tx, actorOf(request), { action: "update", entity: "pathology", entityId: current.id });
    return updated;
  });
  return presentPathology(ctx, subject, row);
}

/** `GET pathologies`: paged, newest first; others' private pathologies never appear, not even in the total. */
export async function listPathologies(
  ctx: ModuleContext,
  request: FastifyRequest,
  query: { patient?: string; page: number; per_page: number },
) {
  const subject = await accessSubject(ctx, request, query.patient, { section: "patologie" });
  const { rows, total } = await repository.listPathologies(ctx.db, subject.patientId, subject.viewer.userId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentPathology(ctx, subject, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

// ---- Exemptions ---------------------------------------------------------------------------------

async function presentExemptions(
  ctx: ModuleContext,
  subject: HealthSubject,
  rows: repository.ExemptionRow[],
): Promise<TExemption[]> {
  const links = await repository.linkedPathologies(
    ctx.db,
    rows.map((r) => r.id),
    subject.viewer.userId,
  );
  const today = romeToday();
  return rows.map((row) => {
    const known = exemptionByCode(row.code);
    return {
      hashid: ctx.ids.encode(row.id),
      code: row.code,
      label: known?.label ?? row.code,
      kind: known?.kind ?? "cronica",
      pathologies: links
        .filter((l) => l.exemptionId === row.id)
        .map((l) => ({ hashid: ctx.ids.encode(l.id), name: l.name })),
      valid_from: row.validFrom,
      valid_to: row.validTo,
      valid: row.validFrom <= today && (row.validTo === null || row.validTo >= today),
      enabled: row.enabled,
      notes: row.notes,
      editable: mayEdit(subject, row),
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** The pathologies named by hashid: each one the viewer can see in this person's file, else 422. */
async function linkedPathologyIds(ctx: ModuleContext, subject: HealthSubject, hashids: string[]): Promise<number[]> {
  const ids = [...new Set(hashids)].map((h) => ctx.ids.decode(h));
  const found = ids.some((id) => id === null)
    ? []
    : await repository.pathologiesByIds(ctx.db, subject.patientId, subject.viewer.userId, ids as number[]);
  if (found.length !== ids.length) throw fieldError("pathologies", M.pathologyUnknown);
  return found.map((p) => p.id);
}

function checkExemptionCode(code: string): string {
  const known = exemptionByCode(code);
  if (!known) throw fieldError("code", M.exemptionUnknown);
  return known.code;
}

/** `GET pathologies/exemptioncodes/users[/{id}]`. */
export async function listExemptions(ctx: ModuleContext, request: FastifyRequest, patient?: string) {
  const subject = await accessSubject(ctx, request, patient, { section: "esenzioni" });
  return presentExemptions(ctx, subject, await repository.listExemptions(ctx.db, subject.patientId));
}

/** `POST pathologies/exemptioncodes/users[/{id}]`. */
export async function createExemption(
  ctx: ModuleContext,
  request: FastifyRequest,
  patient: string | undefined,
  body: TExemptionBody,
) {
  const subject = await accessSubject(ctx, request, patient);
  const code = checkExemptionCode(body.code);
  const pathologyIds = await linkedPathologyIds(ctx, subject, body.pathologies);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertExemption(tx, {
      patientId: subject.patientId,
      ...authorship(subject),
      code,
      validFrom: body.valid_from,
      validTo: body.valid_to,
      notes: body.notes,
    });
    await repository.replaceExemptionPathologies(tx, created.id, pathologyIds);
    await recordAudit(tx, actorOf(request), { action: "create", entity: "exemption", entityId: created.id });
    return created;
  });
  const [presented] = await presentExemptions(ctx, subject, [row]);
  return presented as TExemption;
}

async function editableExemption(ctx: ModuleContext, subject: HealthSubject, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findExemption(ctx.db, subject.patientId, id);
  if (!row) throw notFound();
  if (!mayEdit(subject, row)) throw forbidden(M.notEditable);
  return row;
}

/** `PUT pathologies/exemptioncodes/users[/{id}]` (the exemption's hashid in the body). */
export async function updateExemption(
  ctx: ModuleContext,
  request: FastifyRequest,
  patient: string | undefined,
  body: TExemptionUpdateBody,
) {
  const subject = await accessSubject(ctx, request, patient);
  const current = await editableExemption(ctx, subject, body.hashid);
  const code = checkExemptionCode(body.code);
  const pathologyIds = await linkedPathologyIds(ctx, subject, body.pathologies);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateExemption(tx, current.id, {
      code,
      validFrom: body.valid_from,
      validTo: body.valid_to,
      notes: body.notes,
    });
    await repository.replaceExemptionPathologies(tx, current.id, pathologyIds);
    await recordAudit(tx, actorOf(request), { action: "update", entity: "exemption", entityId: current.id });
    return updated;
  });
  const [presented] = await presentExemptions(ctx, subject, [row]);
  return presented as TExemption;
}

/** `PATCH pathologies/exemptioncodes/users[/{id}]`: enables or disables one exemption. */
export async function toggleExemption(
  ctx: ModuleContext,
  request: FastifyRequest,
  patient: string | undefined,
  body: TExemptionToggleBody,
) {
  const subject = await accessSubject(ctx, request, patient);
  const current = await editableExemption(ctx, subject, body.hashid);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateExemption(tx, current.id, { enabled: body.enabled });
    await recordAudit(tx, actorOf(request), {
      action: body.enabled ? "enable" : "disable",
      entity: "exemption",
      entityId: current.id,
    });
    return updated;
  });
  const [presented] = await presentExemptions(ctx, subject, [row]);
  return presented as TExemption;
}
