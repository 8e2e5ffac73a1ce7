import { COMPANY_MESSAGES, notFound, type TArchiveFields, type TArchiveItem } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { acceptedMimeType } from "../../platform/files/content-type.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { type IncomingFile, invalidFile, storeUploads } from "../files/service.ts";
import * as archiveRepository from "./archive-repository.ts";
import { namesOf } from "./operators-repository.ts";
import { deleteOwnRecord } from "./own-records.ts";
import { fileUrl } from "./presenters.ts";
import { ownCompanyId } from "./scope.ts";

/**
 * The company archive (archivio, first-level companies only: the route rule). Files go through the
 * platform's upload mechanism and are always stored encrypted, whatever the client asks; the
 * company's operators read them back through GET resources/private/{id} (a file read rule).
 */

export const ARCHIVE_DESTINATION = "archivio";

function present(ctx: ModuleContext, row: archiveRepository.ArchiveRow, names: Map<number, string>): TArchiveItem {
  return {
    id: ctx.ids.encode(row.id),
    title: row.title,
    description: row.description,
    file: {
      hashid: ctx.ids.encode(row.fileId),
      name: row.fileName,
      mime_type: row.mimeType,
      size: row.sizeBytes,
      url: fileUrl(ctx.ids, row.fileId),
    },
    uploaded_by: row.uploadedBy ? (names.get(row.uploadedBy) ?? null) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listArchive(
  ctx: ModuleContext,
  principal: Principal,
  query: { q?: string; page: number; per_page: number },
) {
  const { rows, total } = await archiveRepository.listArchive(ctx.db, ownCompanyId(principal), {
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const names = await namesOf(ctx.db, [...new Set(rows.map((r) => r.archive.uploadedBy).filter((id) => id !== null))]);
  return {
    data: rows.map((r) => present(ctx, r.archive, names)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

export async function getArchive(ctx: ModuleContext, principal: Principal, hashid: string): Promise<TArchiveItem> {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await archiveRepository.findArchive(ctx.db, ownCompanyId(principal), id);
  if (!row) throw notFound();
  return present(ctx, row, await namesOf(ctx.db, row.uploadedBy ? [row.uploadedBy] : []));
}

/** `POST companyarchives` (multipart: file, title, description). */
export async function addToArchive(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  fields: TArchiveFields,
  files: IncomingFile[],
): Promise<TArchiveItem> {
  const companyId = ownCompanyId(principal);
  const file = files[0];
  if (!file || files.length !== 1) throw invalidFile();
  const mimeType = await acceptedMimeType(file.bytes, { destination: ARCHIVE_DESTINATION, encrypt: true });
  if (!mimeType) throw invalidFile();
  const [stored] = await storeUploads(
    ctx,
    principal,
    { destination: ARCHIVE_DESTINATION, encrypt: true, has_owner: false, read_nre: false, name: file.filename },
    [file],
  );
  const fileId = stored ? ctx.ids.decode(stored.hashid) : null;
  if (!stored || fileId === null) throw invalidFile();
  const id = await ctx.db.transaction(async (tx) => {
    const id = await archiveRepository.insertArchive(tx, {
      companyId,
      fileId,
      title: fields.title,
      description: fields.description,
      fileName: stored.name,
      mimeType,
      sizeBytes: file.bytes.length,
      uploadedBy: principal.userId,
    });
    await recordAudit(tx, actorOf(request), {
      action: "archive.created",
      entity: "company_archive",
      entityId: id,
      companyId,
      detail: { title: fields.title, file: stored.hashid },
    });
    return id;
  });
  return getArchive(ctx, principal, ctx.ids.encode(id));
}

/** `PUT companyarchives/{id}`: title and description (the file stays). */
export async function updateArchive(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  fields: TArchiveFields,
): Promise<TArchiveItem> {
  const companyId = ownCompanyId(principal);
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const updated = await archiveRepository.updateArchive(tx, companyId, id, {
      title: fields.title,
      description: fields.description,
    });
    if (!updated) throw notFound();
    await recordAudit(tx, actorOf(request), {
      action: "archive.updated",
      entity: "company_archive",
      entityId: id,
      companyId,
      detail: { title: fields.title },
    });
  });
  return getArchive(ctx, principal, hashid);
}

/** `DELETE companyarchives/{id}`: the entry goes; its encrypted file is no longer readable by the company. */
export async function deleteArchive(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
): Promise<string> {
  await deleteOwnRecord(ctx, request, principal, hashid, {
    entity: "company_archive",
    action: "archive.deleted",
    remove: archiveRepository.deleteArchive,
  });
  return COMPANY_MESSAGES.archiveDeleted;
}
