import { COMPANY_MESSAGES, notFound, type TArchiveFields, type TArchiveItem, UPLOAD_DESTINATIONS } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { type IncomingFile, invalidFile, storeUploadsWith } from "../files/index.ts";
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

export const ARCHIVE_DESTINATION = UPLOAD_DESTINATIONS.archive;

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
  // The entry is written in the file's own transaction: an entry that cannot be written leaves no
  // file behind (issue 9 §4).
  const id = await storeUploadsWith(
    ctx,
    principal,
    { destination: ARCHIVE_DESTINATION, encrypt: true, has_owner: false, read_nre: false, name: file.filename },
    [file],
    async (tx, [stored]) => {
      if (!stored) throw invalidFile();
      const id = await archiveRepository.insertArchive(tx, {
        companyId,
        fileId: stored.id,
        title: fields.title,
        description: fields.description,
        fileName: stored.name,
        mimeType: stored.mimeType,
        sizeBytes: stored.sizeBytes,
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
    },
  );
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

/** `DELETE companyarchives/{id}`: the entry goes, and its file with it (row now, bytes after the commit). */
export async function deleteArchive(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
): Promise<string> {
  await deleteOwnRecord(ctx, request, principal, hashid, {
    entity: "company_archive",
    action: "archive.deleted",
    // The entry was its file's only use: the file goes with it (issue 9 §4).
    remove: async (tx, companyId, id, release) => {
      const fileId = await archiveRepository.deleteArchive(tx, companyId, id);
      release(fileId);
      return fileId !== null;
    },
  });
  return COMPANY_MESSAGES.archiveDeleted;
}
