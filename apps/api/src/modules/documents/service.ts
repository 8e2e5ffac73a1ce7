import {
  conflict,
  DOCUMENT_MESSAGES,
  notFound,
  type TAssignDocumentsBody,
  type TCreateDocumentBody,
  type TDocument,
  type TDocumentSummary,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { type Principal, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { ownCompanyId } from "../companies/index.ts";
import { currentUser } from "../identity/index.ts";
import { type DocumentRole, reservationParty, roleOnReservation } from "./access.ts";
import { presentDocument, presentDocumentSummary } from "./presenters.ts";
import * as repository from "./repository.ts";
import { sanitizeDocumentHtml } from "./sanitize.ts";

/**
 * Documents to be signed (spec 002 §3): created by an operator from a company template, assigned
 * to a reservation of the company, read by both sides. Signing and the PDFs are in signing.ts.
 */

/** A document and how the person asking stands to it, or a 404 for anyone else. */
export async function accessibleDocument(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
): Promise<{ row: repository.DocumentWithTemplate; role: DocumentRole }> {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findDocument(ctx.db, id);
  if (!row) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
  if (principal.type === 1) {
    // An operator sees every document of their company, assigned or not.
    if (ownCompanyId(principal) !== row.doc.companyId) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
    return { row, role: { kind: "operator" } };
  }
  // A citizen sees only documents assigned to a reservation of theirs (or of whom they care for).
  if (row.doc.bookingId === null) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
  const party = await reservationParty(ctx, row.doc.bookingId);
  const role = await roleOnReservation(ctx, principal, party, DOCUMENT_MESSAGES.documentNotFound);
  return { row, role };
}

/** `POST tobesigneddocuments`: a copy of a company template with the operator's edits, unassigned. */
export async function createDocument(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TCreateDocumentBody,
): Promise<TDocument> {
  const principal = principalOf(request);
  const companyId = ownCompanyId(principal);
  const templateId = ctx.ids.decode(body.document_template_hashid);
  const template = templateId === null ? null : await repository.findTemplate(ctx.db, companyId, templateId);
  if (!template) throw notFound(DOCUMENT_MESSAGES.templateNotFound);
  const htmlContent = await sanitizeDocumentHtml(body.html_content);
  return ctx.db.transaction(async (tx) => {
    const doc = await repository.insertDocument(tx, {
      companyId,
      templateId: template.id,
      name: body.name ?? template.name,
      htmlContent,
      createdBy: principal.userId,
    });
    await recordAudit(tx, actorOf(request), {
      action: "create",
      entity: "to_be_signed_document",
      entityId: doc.id,
      companyId,
    });
    return presentDocument(ctx, { doc, templateName: template.name }, { kind: "operator" });
  });
}

/**
 * `POST tobesigneddocuments/assign-to-reservation`: the company's documents to one of its
 * reservations. Another company's reservation or document is a 404; a document already assigned
 * to another reservation is a 409; assigning again to the same reservation changes nothing.
 */
export async function assignDocuments(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TAssignDocumentsBody,
): Promise<TDocumentSummary[]> {
  const principal = principalOf(request);
  const companyId = ownCompanyId(principal);
  const party = await reservationParty(ctx, ctx.ids.decode(body.reservation_hashid));
  if (party.companyId !== companyId) throw notFound(DOCUMENT_MESSAGES.reservationNotFound);
  const ids = [...new Set(body.document_hashids.map((h) => ctx.ids.decode(h)))];
  if (ids.some((id) => id === null)) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
  const documentIds = ids as number[];
  await ctx.db.transaction(async (tx) => {
    const docs = await repository.lockCompanyDocuments(tx, companyId, documentIds);
    if (docs.length !== documentIds.length) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
    if (docs.some((d) => d.bookingId !== null && d.bookingId !== party.bookingId)) {
      throw conflict(DOCUMENT_MESSAGES.assignedElsewhere);
    }
    const fresh = docs.filter((d) => d.bookingId === null).map((d) => d.id);
    if (fresh.length === 0) return;
    await repository.assignDocuments(tx, fresh, party.bookingId, new Date());
    await recordAudit(tx, actorOf(request), {
      action: "assign",
      entity: "to_be_signed_document",
      entityId: party.bookingId,
      companyId,
      detail: { documents: fresh },
    });
  });
  // The documents the request named, as they now are (not the reservation's first page of them).
  const rows = await repository.findDocuments(ctx.db, documentIds);
  return rows.map((row) => presentDocumentSummary(ctx, row, { kind: "operator" }));
}

/** `GET tobesigneddocuments/reservation/{id}`: the reservation's documents, newest first, paged. */
export async function reservationDocuments(
  ctx: ModuleContext,
  request: FastifyRequest,
  reservationHashid: string,
  query: { page: number; per_page: number },
) {
  const party = await reservationParty(ctx, ctx.ids.decode(reservationHashid));
  const role = await roleOnReservation(ctx, principalOf(request), party);
  const { rows, total } = await repository.listBookingDocuments(ctx.db, party.bookingId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentDocumentSummary(ctx, row, role)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * `GET tobesigneddocuments/{id}`: the document with its text. When the reader may sign it (the
 * citizen or a consenting caregiver), their opening is recorded: signing requires the signer's own.
 */
export async function readDocument(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<TDocument> {
  const principal = principalOf(request);
  const { row, role } = await accessibleDocument(ctx, principal, hashid);
  if (role.kind !== "operator" && row.doc.signedAt === null && row.doc.openedBy !== principal.userId) {
    row.doc.openedAt = await repository.markOpened(ctx.db, row.doc.id, principal.userId, new Date());
    row.doc.openedBy = principal.userId;
  }
  const behalf = role.kind === "caregiver" ? await currentUser(ctx, role.citizenId).catch(() => null) : null;
  const name = behalf?.anagrafica ? `${behalf.anagrafica.name} ${behalf.anagrafica.surname}`.trim() : null;
  return presentDocument(ctx, row, role, name);
}

/** `DELETE tobesigneddocuments/{id}`: the company's unsigned document; a signed one stays (409). */
export async function deleteDocument(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<void> {
  const principal = principalOf(request);
  const { row } = await accessibleDocument(ctx, principal, hashid);
  if (row.doc.signedAt) throw conflict(DOCUMENT_MESSAGES.signedNotDeletable);
  await ctx.db.transaction(async (tx) => {
    // Signed between the read and here: the signature wins.
    if (!(await repository.deleteUnsigned(tx, row.doc.id))) throw conflict(DOCUMENT_MESSAGES.signedNotDeletable);
    await recordAudit(tx, actorOf(request), {
      action: "delete",
      entity: "to_be_signed_document",
      entityId: row.doc.id,
      companyId: row.doc.companyId,
    });
  });
}
