import {
  forbidden,
  HEALTH_RECORD_MESSAGES,
  HEALTH_UPLOAD_DESTINATIONS,
  notFound,
  type TDocumentFields,
  type TDocumentUpdateBody,
  type THealthDocument,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { zonedDate } from "../../../platform/zoned-time.ts";
import {
  type IncomingFile,
  invalidFile,
  readPrivateFile,
  storeUploadsWith,
  withFileReleases,
} from "../../files/index.ts";
import type { HealthSubject } from "../access.ts";
import { recordHealthRead } from "../read-log.ts";
import { metaOf, operatorCompany, type PageQuery, pageOf, subjectOf } from "./common.ts";
import { namesOf } from "./people.ts";
import * as repository from "./repository.ts";

/**
 * Health-file documents (spec 001 §3 "Health-file document", spec 002 §7 patientarchives): name, date,
 * uploader; archive, restore and delete are the uploader's (403 for anyone else who may see it, 404 for
 * anyone who may not). The person, a consenting caregiver and the operators of the person's companies
 * see them all: a document is part of the file, not of a company.
 */

const TIME_ZONE = "Europe/Rome";

interface FileFacts {
  mimeType: string;
  sizeBytes: number;
}

function present(
  ctx: ModuleContext,
  row: repository.HealthDocumentRow,
  names: Map<number, string>,
  viewerId: number,
  file: FileFacts | null,
): THealthDocument {
  const id = ctx.ids.encode(row.id);
  return {
    id,
    name: row.name,
    date: row.date,
    uploader: row.uploaderId === null ? null : (names.get(row.uploaderId) ?? null),
    own: row.uploaderId === viewerId,
    archived: row.archivedAt !== null,
    mime_type: file?.mimeType ?? "application/octet-stream",
    size: file?.sizeBytes ?? 0,
    url: `/api/v1/patientarchives/${id}/file`,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET patientarchives` (?user_id) and `GET users/own/patientarchives`: newest document date first. */
export async function listDocuments(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid: string | undefined,
  query: PageQuery & { archived: boolean },
) {
  const subject = await subjectOf(ctx, request, patientHashid);
  const { rows, total } = await repository.listDocuments(ctx.db, subject.patientId, query.archived, pageOf(query));
  const names = await namesOf(
    ctx.db,
    rows.flatMap((r) => (r.uploaderId === null ? [] : [r.uploaderId])),
  );
  await recordHealthRead(ctx, request, subject, "documenti");
  return {
    data: rows.map((r) =>
      present(ctx, r, names, subject.viewer.userId, { mimeType: r.mimeType, sizeBytes: r.sizeBytes }),
    ),
    meta: metaOf(query, total),
  };
}

/** `POST patientarchives` and `POST users/own/patientarchives` (multipart: file, name, date, user_id). */
export async function addDocument(
  ctx: ModuleContext,
  request: FastifyRequest,
  fields: TDocumentFields,
  files: IncomingFile[],
): Promise<{ data: THealthDocument; message: string }> {
  const subject = await subjectOf(ctx, request, fields.user_id);
  const file = files[0];
  if (!file || files.length !== 1) throw invalidFile();
  const date = fields.date ?? zonedDate(Date.now(), TIME_ZONE);
  const principal = principalOf(request);
  const row = await storeUploadsWith(
    ctx,
    principal,
    {
      destination: HEALTH_UPLOAD_DESTINATIONS.document,
      encrypt: true,
      has_owner: false,
      read_nre: false,
      name: file.filename,
    },
    [file],
    async (tx, [stored]) => {
      if (!stored) throw invalidFile();
      const id = await repository.insertDocument(tx, {
        patientId: subject.patientId,
        uploaderId: subject.viewer.userId,
        companyId: operatorCompany(subject),
        name: fields.name,
        date,
        fileId: stored.id,
        mimeType: stored.mimeType,
        sizeBytes: stored.sizeBytes,
      });
      await recordAudit(tx, actorOf(request), {
        action: "health_document.created",
        entity: "health_document",
        entityId: id,
        companyId: operatorCompany(subject),
        detail: { patient: subject.patientId, file: stored.hashid },
      });
      return repository.findDocument(tx, id);
    },
  );
  if (!row) throw notFound();
  const names = await namesOf(ctx.db, [subject.viewer.userId]);
  return {
    data: present(ctx, row, names, subject.viewer.userId, { mimeType: row.mimeType, sizeBytes: row.sizeBytes }),
    message: HEALTH_RECORD_MESSAGES.documentSaved,
  };
}

/** The document, for someone who may see the person's file (else 404), and that subject. */
async function visibleDocument(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findDocument(ctx.db, id);
  if (!row) throw notFound();
  const subject: HealthSubject = await subjectOf(ctx, request, ctx.ids.encode(row.patientId));
  return { row, subject };
}

async function uploaderDocument(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const found = await visibleDocument(ctx, request, hashid);
  if (found.row.uploaderId !== found.subject.viewer.userId) throw forbidden(HEALTH_RECORD_MESSAGES.uploaderOnly);
  return found;
}

/** `PUT patientarchives/{id}`: rename, redate, archive (`archived: true`) or restore (`false`). */
export async function updateDocument(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TDocumentUpdateBody,
) {
  const { row, subject } = await uploaderDocument(ctx, request, hashid);
  const archivedAt =
    body.archived === undefined ? row.archivedAt : body.archived ? (row.archivedAt ?? new Date()) : null;
  await ctx.db.transaction(async (tx) => {
    await repository.updateDocument(tx, row.id, {
      name: body.name ?? row.name,
      date: body.date ?? row.date,
      archivedAt,
    });
    await recordAudit(tx, actorOf(request), {
      action:
        body.archived === true
          ? "health_document.archived"
          : body.archived === false
            ? "health_document.restored"
            : "health_document.updated",
      entity: "health_document",
      entityId: row.id,
      companyId: operatorCompany(subject),
      detail: { patient: row.patientId },
    });
  });
  const updated = await repository.findDocument(ctx.db, row.id);
  if (!updated) throw notFound();
  const names = await namesOf(ctx.db, [subject.viewer.userId]);
  const message =
    body.archived === true
      ? HEALTH_RECORD_MESSAGES.documentArchived
      : body.archived === false
        ? HEALTH_RECORD_MESSAGES.documentRestored
        : HEALTH_RECORD_MESSAGES.documentUpdated;
  return {
    data: present(ctx, updated, names, subject.viewer.userId, {
      mimeType: updated.mimeType,
      sizeBytes: updated.sizeBytes,
    }),
    message,
  };
}

/** `DELETE patientarchives/{id}` and `DELETE users/own/patientarchives/{id}`: the entry and its file. */
export async function deleteDocument(ctx: ModuleContext, request: FastifyRequest, hashid: string, ownOnly: boolean) {
  const { row, subject } = await uploaderDocument(ctx, request, hashid);
  // users/own/... is the caller's own file only: another person's document there is not found.
  if (ownOnly && subject.viewer.kind !== "self") throw notFound();
  await withFileReleases(ctx, async (tx, release) => {
    const fileId = await repository.deleteDocument(tx, row.id);
    if (fileId === null) throw notFound();
    release(fileId);
    await recordAudit(tx, actorOf(request), {
      action: "health_document.deleted",
      entity: "health_document",
      entityId: row.id,
      companyId: operatorCompany(subject),
      detail: { patient: row.patientId },
    });
  });
  return HEALTH_RECORD_MESSAGES.documentDeleted;
}

/** `GET patientarchives/{id}/file`: the bytes, for whoever may see the file (the read logged first). */
export async function downloadDocument(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { row, subject } = await visibleDocument(ctx, request, hashid);
  await recordHealthRead(ctx, request, subject, "documenti", hashid);
  return readPrivateFile(ctx, principalOf(request), ctx.ids.encode(row.fileId));
}
