import {
  conflict,
  fieldError,
  forbidden,
  IRST_FREQUENCIES,
  IRST_LABELS,
  IRST_MAX_ITEMS,
  IRST_PRESCRIBERS,
  IRST_PRODUCT_TYPES,
  IRST_ROUTES,
  IRST_MESSAGES as M,
  notFound,
  type TIrstDrugBody,
  type TIrstItem,
  type TIrstKeys,
  type TIrstKind,
  type TIrstProductBody,
  type TIrstTherapiesQuery,
  type TIrstTherapiesResponse,
  type TIrstUpdate,
  USER_TYPES,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/client.ts";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
// Public surfaces: the health file's one access check and read trace, and the medicine catalogue.
import { type HealthSubject, healthSubject, recordHealthRead } from "../../health/index.ts";
import { productsByCode } from "../../products/index.ts";
import * as repository from "./repository.ts";

/**
 * The IRST reconciliation is part of the patient's health file, so it follows the health file's
 * access rule (`healthSubject`): the person, an enabled caregiver with the 'gestione dati sanitari'
 * consent, and the operators of a company the person is a patient of read it; anyone else gets 404
 * (administrators 403). Only the patient's side writes it (the route admits citizens only): the list
 * is what the patient declares, which the care team reconciles against its own records.
 */
async function subjectOf(ctx: ModuleContext, request: FastifyRequest, patient: string | undefined) {
  const principal = principalOf(request);
  // An operator always reads someone else's list: without naming the patient there is nothing to read.
  if (principal.type === USER_TYPES.operator && patient === undefined) throw fieldError("patient", M.required);
  return healthSubject(ctx.db, ctx.ids, principal, patient);
}

type Writer = { kind: "self" | "caregiver"; userId: number };
function writerOf(subject: HealthSubject): Writer {
  // The routes that write admit citizens only; this keeps the rule if one ever admits more.
  if (subject.viewer.kind === "operator") throw forbidden();
  return subject.viewer;
}
const roleOf = (writer: Writer) => (writer.kind === "self" ? "paziente" : "caregiver");

const key = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

function presentItem(ctx: ModuleContext, row: repository.IrstItemRow): TIrstItem {
  return {
    hashid: ctx.ids.encode(row.id),
    kind: row.kind,
    name: row.name,
    code: row.productCode,
    not_listed: row.kind === "farmaco" && row.productCode === null,
    type: row.productType,
    dosage: row.dosage,
    frequency: row.frequency,
    route: row.route,
    prescriber: row.prescriber,
    notes: row.notes,
    author_role: row.authorRole,
    created_at: row.createdAt.toISOString(),
  };
}

function presentUpdate(row: repository.IrstUpdateRow): TIrstUpdate {
  return {
    kind: row.kind,
    at: row.createdAt.toISOString(),
    since: row.since?.toISOString() ?? null,
    author_role: row.authorRole,
  };
}

/** `GET utilities/irst/keys`: the code lists of the forms, with their Italian labels. */
export function irstKeys(): TIrstKeys {
  const list = <C extends string>(codes: readonly C[], labels: Record<C, string>) =>
    codes.map((code) => ({ code, label: labels[code] }));
  return {
    frequenze: list(IRST_FREQUENCIES, IRST_LABELS.frequenze),
    vie: list(IRST_ROUTES, IRST_LABELS.vie),
    prescrittori: list(IRST_PRESCRIBERS, IRST_LABELS.prescrittori),
    tipi_prodotto: list(IRST_PRODUCT_TYPES, IRST_LABELS.tipi_prodotto),
  };
}

/** `GET activities/irst/therapies`: a page of the lists, the last compilation and each list's size. */
export async function listTherapies(
  ctx: ModuleContext,
  request: FastifyRequest,
  query: TIrstTherapiesQuery,
): Promise<TIrstTherapiesResponse> {
  const subject = await subjectOf(ctx, request, query.patient);
  await recordHealthRead(ctx, request, subject, "terapie");
  const [rows, counts, last] = await Promise.all([
    repository.listItems(ctx.db, subject.patientId, query.kind, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
    repository.countByKind(ctx.db, subject.patientId),
    repository.lastUpdate(ctx.db, subject.patientId),
  ]);
  const total = query.kind ? counts[query.kind] : counts.farmaco + counts.altro;
  return {
    data: rows.map((row) => presentItem(ctx, row)),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total,
      last_update: last ? presentUpdate(last) : null,
      farmaci: counts.farmaco,
      altri: counts.altro,
    },
  };
}

/** The drug's name and code: a catalogue code (422 when unknown), or free text 'non in elenco'. */
async function resolveDrug(ctx: ModuleContext, drug: TIrstDrugBody["drug"]) {
  if ("code" in drug) {
    const product = (await productsByCode(ctx.db, [drug.code])).get(drug.code);
    if (!product) throw fieldError("drug.code", M.drugUnknown);
    const name = product.package ? `${product.name} ${product.package}` : product.name;
    return { name, productCode: product.code, dedupeKey: `code:${product.code}` };
  }
  return { name: drug.name, productCode: null, dedupeKey: `name:${key(drug.name)}` };
}

/** Adds one entry and records the change (a new compilation), in one transaction. */
async function addItem(
  ctx: ModuleContext,
  request: FastifyRequest,
  subject: HealthSubject,
  values: Omit<repository.IrstItemInsert, "patientId" | "authorId" | "authorRole">,
): Promise<TIrstItem> {
  const writer = writerOf(subject);
  const kind = values.kind as TIrstKind;
  return ctx.db.transaction(async (tx) => {
    await repository.lockPatient(tx, subject.patientId);
    const counts = await repository.countByKind(tx, subject.patientId);
    if (counts[kind] >= IRST_MAX_ITEMS) throw conflict(M.tooMany(IRST_MAX_ITEMS));
    const row = await repository.insertItem(tx, {
      ...values,
      patientId: subject.patientId,
      authorId: writer.userId,
      authorRole: roleOf(writer),
    });
    if (!row) throw conflict(kind === "farmaco" ? M.duplicateDrug : M.duplicateOther);
    await recordChange(tx, subject, writer);
    await recordAudit(tx, actorOf(request), {
      action: "irst.item_added",
      entity: "irst_item",
      entityId: row.id,
      detail: { kind, patient_id: subject.patientId },
    });
    return presentItem(ctx, row);
  });
}

/** Every change of the lists is a new compilation, the one a later 'nessuna variazione' confirms. */
async function recordChange(tx: Executor, subject: HealthSubject, writer: Writer) {
  await repository.insertUpdate(tx, {
    patientId: subject.patientId,
    kind: "variazione",
    authorId: writer.userId,
    authorRole: roleOf(writer),
  });
}

/** `POST activities/irst/farmaco`. */
export async function addDrug(ctx: ModuleContext, request: FastifyRequest, body: TIrstDrugBody): Promise<TIrstItem> {
  const subject = await subjectOf(ctx, request, body.patient);
  const drug = await resolveDrug(ctx, body.drug);
  return addItem(ctx, request, subject, {
    kind: "farmaco",
    ...drug,
    dosage: body.dosage,
    frequency: body.frequency,
    route: body.route,
    prescriber: body.prescriber,
    notes: body.notes,
  });
}

/** `POST activities/irst/altro`. */
export async function addProduct(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TIrstProductBody,
): Promise<TIrstItem> {
  const subject = await subjectOf(ctx, request, body.patient);
  return addItem(ctx, request, subject, {
    kind: "altro",
    name: body.name,
    productType: body.type,
    dedupeKey: `${body.type}:${key(body.name)}`,
    dosage: body.dosage,
    frequency: body.frequency,
    notes: body.notes,
  });
}

/**
 * `GET|DELETE activities/irst/{farmaco|altro}/delete/{id}`: removes an entry of one's own list (or of
 * the assisted person's, with the consent). Someone else's entry, or one of the other list, is a 404.
 */
export async function deleteItem(ctx: ModuleContext, request: FastifyRequest, kind: TIrstKind, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findItem(ctx.db, kind, id);
  if (!row) throw notFound();
  const subject = await healthSubject(ctx.db, ctx.ids, principalOf(request), ctx.ids.encode(row.patientId));
  const writer = writerOf(subject);
  await ctx.db.transaction(async (tx) => {
    await repository.lockPatient(tx, subject.patientId);
    // Gone meanwhile (a parallel delete): the second answers 404, and one change is recorded.
    if (!(await repository.deleteItem(tx, subject.patientId, kind, row.id))) throw notFound();
    await recordChange(tx, subject, writer);
    await recordAudit(tx, actorOf(request), {
      action: "irst.item_deleted",
      entity: "irst_item",
      entityId: row.id,
      detail: { kind, patient_id: subject.patientId },
    });
  });
  return { message: M.deleted };
}

/**
 * `POST activities/irst/novar`: the patient confirms that nothing changed since the last compilation
 * (`since`; null when there was none: the patient declares the lists, even empty, as they stand).
 */
export async function noVariation(
  ctx: ModuleContext,
  request: FastifyRequest,
  patient: string | undefined,
): Promise<TIrstUpdate> {
  const subject = await subjectOf(ctx, request, patient);
  const writer = writerOf(subject);
  return ctx.db.transaction(async (tx) => {
    await repository.lockPatient(tx, subject.patientId);
    const last = await repository.lastUpdate(tx, subject.patientId);
    const row = await repository.insertUpdate(tx, {
      patientId: subject.patientId,
      kind: "nessuna_variazione",
      since: last?.createdAt ?? null,
      authorId: writer.userId,
      authorRole: roleOf(writer),
    });
    await recordAudit(tx, actorOf(request), {
      action: "irst.no_variation",
      entity: "irst_update",
      entityId: row.id,
      detail: { patient_id: subject.patientId },
    });
    return presentUpdate(row);
  });
}
