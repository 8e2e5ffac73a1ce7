import {
  conflict,
  fieldError,
  forbidden,
  type HealthReadSection,
  INTAKE_MOMENTS,
  HEALTH_THERAPY_MESSAGES as M,
  notFound,
  romeToday,
  type TTherapy,
  type TTherapyBody,
  type TTherapyListQuery,
  type TTherapyState,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { productsByCode } from "../../products/index.ts";
import type { HealthSubject } from "../access.ts";
import { type Adherence, adherenceOf } from "./adherence.ts";
import * as repository from "./repository.ts";
import { accessSubject, authorship, mayEdit } from "./viewer.ts";

/** Therapies of the health file (spec 001 §3 Therapy, §4 states, §5 rules; issue 11 "Therapies"). */

export function stateOf(row: repository.TherapyRow, today = romeToday()): TTherapyState {
  if (row.endDate !== null && row.endDate < today && row.duration !== "periodica") return "terminata";
  return row.suspendedAt ? "sospesa" : "attiva";
}

export function presentTherapy(
  ctx: ModuleContext,
  subject: HealthSubject,
  row: repository.TherapyRow,
  adherence: Adherence,
  pathology: { id: number; name: string } | null,
): TTherapy {
  return {
    hashid: ctx.ids.encode(row.id),
    pathology: pathology ? { hashid: ctx.ids.encode(pathology.id), name: pathology.name } : null,
    drug: { code: row.drugCode, name: row.drugName, not_listed: row.drugNotListed },
    dosage: row.dosage,
    dosage_unit: row.dosageUnit as TTherapy["dosage_unit"],
    route: row.route as TTherapy["route"],
    frequency: row.frequency as TTherapy["frequency"],
    frequency_every: row.frequencyEvery,
    intake_moments: row.intakeMoments as TTherapy["intake_moments"],
    times_per_day: row.intakeMoments.length,
    duration: row.duration as TTherapy["duration"],
    cycle_every: row.cycleEvery,
    cycle_unit: row.cycleUnit as TTherapy["cycle_unit"],
    start_date: row.startDate,
    end_date: row.endDate,
    private: row.private,
    prescriber: row.prescriber,
    source: row.source as TTherapy["source"],
    side_effects: row.sideEffects,
    allergic_reactions: row.allergicReactions,
    interactions: row.interactions,
    notes: row.notes,
    state: stateOf(row),
    adherence: adherence.level,
    adherence_override: adherence.override,
    adherence_scheduled: adherence.scheduled,
    adherence_taken: adherence.taken,
    author: { mine: row.authorId === subject.viewer.userId, role: row.authorRole },
    editable: mayEdit(subject, row),
    created_at: row.createdAt.toISOString(),
  };
}

/** Rows presented with their adherence and pathology, in a constant number of statements. */
export async function presentTherapies(ctx: ModuleContext, subject: HealthSubject, rows: repository.TherapyRow[]) {
  const pathologyIds = [...new Set(rows.map((r) => r.pathologyId).filter((id): id is number => id !== null))];
  const [adherence, pathologies] = await Promise.all([
    adherenceOf(ctx.db, rows),
    repository.pathologiesByIds(ctx.db, subject.patientId, subject.viewer.userId, pathologyIds),
  ]);
  const byId = new Map(pathologies.map((p) => [p.id, p]));
  return rows.map((row) =>
    presentTherapy(
      ctx,
      subject,
      row,
      adherence.get(row.id) as Adherence,
      row.pathologyId === null ? null : (byId.get(row.pathologyId) ?? null),
    ),
  );
}

/** The drug: a catalogue code (422 when unknown), or free text marked 'non in elenco'. */
async function resolveDrug(ctx: ModuleContext, drug: TTherapyBody["drug"]) {
  if ("code" in drug) {
    const product = (await productsByCode(ctx.db, [drug.code])).get(drug.code);
    if (!product) throw fieldError("drug.code", M.drugUnknown);
    const name = product.package ? `${product.name} ${product.package}` : product.name;
    return { drugCode: product.code, drugName: name, drugNotListed: false };
  }
  return { drugCode: null, drugName: drug.name, drugNotListed: true };
}

async function resolvePathology(ctx: ModuleContext, subject: HealthSubject, hashid: string | null) {
  if (hashid === null) return null;
  const id = ctx.ids.decode(hashid);
  const found =
    id === null ? null : await repository.findPathology(ctx.db, subject.patientId, subject.viewer.userId, id);
  if (!found) throw fieldError("pathology", M.pathologyUnknown);
  return found.id;
}

async function therapyValues(ctx: ModuleContext, subject: HealthSubject, body: TTherapyBody) {
  return {
    ...(await resolveDrug(ctx, body.drug)),
    pathologyId: await resolvePathology(ctx, subject, body.pathology),
    dosage: body.dosage,
    dosageUnit: body.dosage_unit,
    route: body.route,
    frequency: body.frequency,
    frequencyEvery: body.frequency_every,
    // Fixed order: the day's order, whatever order the form sent.
    intakeMoments: [...body.intake_moments].sort((a, b) => INTAKE_MOMENTS.indexOf(a) - INTAKE_MOMENTS.indexOf(b)),
    duration: body.duration,
    cycleEvery: body.duration === "periodica" ? body.cycle_every : null,
    cycleUnit: body.duration === "periodica" ? body.cycle_unit : null,
    startDate: body.start_date,
    endDate: body.duration === "indeterminata" && body.frequency === "sempre" ? null : body.end_date,
    prescriber: body.prescriber,
    source: body.source,
    sideEffects: body.side_effects,
    allergicReactions: body.allergic_reactions,
    interactions: body.interactions,
    notes: body.notes,
  };
}

/** `POST therapies`: the person, a caregiver with the consent, or an operator of their company. */
export async function createTherapy(ctx: ModuleContext, request: FastifyRequest, body: TTherapyBody) {
  const subject = await accessSubject(ctx, request, body.patient);
  const values = await therapyValues(ctx, subject, body);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertTherapy(tx, {
      patientId: subject.patientId,
      ...authorship(subject),
      ...values,
      private: body.private,
    });
    await recordAudit(tx, actorOf(request), { action: "create", entity: "therapy", entityId: created.id });
    return created;
  });
  const [presented] = await presentTherapies(ctx, subject, [row]);
  return presented as TTherapy;
}

/**
 * A therapy the caller can see, by its hashid alone (`therapies/{hashid}`): its patient is read
 * first, then the one access check runs on that patient, then the private-to-author filter.
 */
export async function therapyFor(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  read?: { section: HealthReadSection },
) {
  const id = ctx.ids.decode(hashid);
  const patientId = id === null ? null : await repository.therapyPatient(ctx.db, id);
  if (id === null || patientId === null) throw notFound();
  const principal = principalOf(request);
  const subject = await accessSubject(
    ctx,
    request,
    patientId === principal.userId ? undefined : ctx.ids.encode(patientId),
    read ? { section: read.section, recordId: hashid } : undefined,
  );
  const row = await repository.findTherapy(ctx.db, subject.patientId, subject.viewer.userId, id);
  if (!row) throw notFound();
  return { subject, row };
}

async function editable(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const found = await therapyFor(ctx, request, hashid);
  if (!mayEdit(found.subject, found.row)) throw forbidden(M.notEditable);
  return found;
}

/** `GET therapies/{hashid}`. */
export async function getTherapy(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { subject, row } = await therapyFor(ctx, request, hashid, { section: "terapie" });
  const [presented] = await presentTherapies(ctx, subject, [row]);
  return presented as TTherapy;
}

/** `GET therapies`: paged, by start date; the state filter splits current therapies from history. */
export async function listTherapies(ctx: ModuleContext, request: FastifyRequest, query: TTherapyListQuery) {
  const subject = await accessSubject(ctx, request, query.patient, { section: "terapie" });
  const { rows, total } = await repository.listTherapies(
    ctx.db,
    subject.patientId,
    subject.viewer.userId,
    { state: query.state, today: romeToday() },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: await presentTherapies(ctx, subject, rows),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** `PUT therapies/{hashid}`: every field again (the form's save). */
export async function updateTherapy(ctx: ModuleContext, request: FastifyRequest, hashid: string, body: TTherapyBody) {
  const { subject, row: current } = await editable(ctx, request, hashid);
  const values = await therapyValues(ctx, subject, body);
  const privateFlag = current.authorId === subject.viewer.userId ? body.private : current.private;
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateTherapy(tx, current.id, { ...values, private: privateFlag });
    await recordAudit(tx, actorOf(request), { action: "update", entity: "therapy", entityId: current.id });
    return updated;
  });
  const [presented] = await presentTherapies(ctx, subject, [row]);
  return presented as TTherapy;
}

/** Suspend or resume (spec 001 §4); a finished therapy stays in the history (409). */
export async function setTherapyState(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  state: "attiva" | "sospesa",
) {
  const { subject, row: current } = await editable(ctx, request, hashid);
  if (stateOf(current) === "terminata") throw conflict(M.finished);
  const row = await ctx.db.transaction(async (tx) => {
    // Suspending twice keeps the first instant: intakes stop being scheduled from when it began.
    const suspendedAt = state === "sospesa" ? (current.suspendedAt ?? new Date()) : null;
    const updated = await repository.updateTherapy(tx, current.id, { suspendedAt });
    await recordAudit(tx, actorOf(request), {
      action: state === "sospesa" ? "suspend" : "resume",
      entity: "therapy",
      entityId: current.id,
    });
    return updated;
  });
  const [presented] = await presentTherapies(ctx, subject, [row]);
  return presented as TTherapy;
}

/** `DELETE therapies/{hashid}`: soft, audited (the row stays for the audit trail, out of every list). */
export async function deleteTherapy(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { row } = await editable(ctx, request, hashid);
  await ctx.db.transaction(async (tx) => {
    await repository.updateTherapy(tx, row.id, { deletedAt: new Date() });
    await recordAudit(tx, actorOf(request), {
      action: "delete",
      entity: "therapy",
      entityId: row.id,
      detail: { drug: row.drugName },
    });
  });
}

/** An operator overrides the computed adherence index, or gives it back (null). */
export async function overrideAdherence(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  level: TTherapy["adherence"] | null,
) {
  const { subject, row: current } = await therapyFor(ctx, request, hashid);
  // Issue 11: "operators may override it"; the patient's side marks intakes instead.
  if (subject.viewer.kind !== "operator") throw forbidden();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateTherapy(tx, current.id, { adherenceOverride: level });
    await recordAudit(tx, actorOf(request), {
      action: "adherence_override",
      entity: "therapy",
      entityId: current.id,
      detail: { adherence: level },
    });
    return updated;
  });
  const [presented] = await presentTherapies(ctx, subject, [row]);
  return presented as TTherapy;
}
