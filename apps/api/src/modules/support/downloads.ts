import {
  type DownloadScope,
  fieldError,
  MANUAL_MAX_BYTES,
  notFound,
  SUPPORT_MESSAGES,
  type TManual,
  type TVideo,
  VIDEO_MAX_BYTES,
  type ZManualFields,
  type ZVideoFields,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { fileTypeFromBuffer } from "../../platform/heavy-libraries.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as repository from "./repository.ts";

/**
 * Manuals and video tutorials (spec 001 §2 screens 1–2, §3 Manual and Downloadables). Administrators
 * register them with their file; everyone reads the lists and downloads the files (public documents).
 */

const fileLink = (ctx: ModuleContext, id: number) => `resources/${ctx.ids.encode(id)}/public/scaricabili`;

export function presentManual(ctx: ModuleContext, row: repository.DownloadRow): TManual {
  return {
    id: ctx.ids.encode(row.id),
    version: row.version,
    description: row.description,
    is_italian: row.isItalian,
    is_operatore: row.scope === "operatore",
    data_release: row.releaseDate ?? row.createdAt.toISOString().slice(0, 10),
    download_link: fileLink(ctx, row.id),
  };
}

export function presentVideo(ctx: ModuleContext, row: repository.DownloadRow): TVideo {
  return {
    id: ctx.ids.encode(row.id),
    title: row.title,
    description: row.description,
    scope: row.scope,
    path: fileLink(ctx, row.id),
  };
}

/** `GET manuals?is_operatore=`: with the fallback links for when none is registered. */
export async function listManuals(
  ctx: ModuleContext,
  query: { is_operatore?: boolean; page: number; per_page: number },
) {
  const scope = query.is_operatore === undefined ? undefined : query.is_operatore ? "operatore" : "cittadino";
  const { rows, total } = await repository.listManuals(ctx.db, {
    scope,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const fallback = ctx.config.support.manualFallback;
  return {
    data: rows.map((row) => presentManual(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
    fallback: { it: fallback.it, en: fallback.en || null },
  };
}

/** `GET downloads?scope=`: the scope's manuals and videos (spec 001 §3 Downloadables). */
export async function listDownloads(ctx: ModuleContext, scope?: DownloadScope) {
  const rows = await repository.listDownloads(ctx.db, scope);
  return {
    manuali: rows.filter((r) => r.kind === "manuale").map((r) => presentManual(ctx, r)),
    video: rows.filter((r) => r.kind === "video").map((r) => presentVideo(ctx, r)),
  };
}

/** The type told by the bytes (file-type, as every upload of the app), never by the name or the header. */
const detected = async (bytes: Buffer) => (await fileTypeFromBuffer(bytes))?.mime;

export async function addManual(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  fields: z.output<typeof ZManualFields>,
  file: { filename: string; bytes: Buffer } | null,
) {
  if (!file || file.bytes.length > MANUAL_MAX_BYTES || (await detected(file.bytes)) !== "application/pdf") {
    throw fieldError("file", SUPPORT_MESSAGES.pdfRequired);
  }
  return ctx.db.transaction(async (tx) => {
    const row = await repository.insertDownload(tx, {
      kind: "manuale",
      scope: fields.is_operatore ? "operatore" : "cittadino",
      version: fields.version,
      description: fields.description,
      isItalian: fields.is_italian,
      releaseDate: fields.data_release,
      fileName: file.filename || `manuale-${fields.version}.pdf`,
      mimeType: "application/pdf",
      sizeBytes: file.bytes.length,
      bytes: file.bytes,
      createdBy: principal.userId,
    });
    await recordAudit(tx, actorOf(request), {
      action: "support.manual.created",
      entity: "support_download",
      entityId: row.id,
      detail: { version: fields.version, scope: row.scope },
    });
    return presentManual(ctx, row);
  });
}

export async function addVideo(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  fields: z.output<typeof ZVideoFields>,
  file: { filename: string; bytes: Buffer } | null,
) {
  if (!file || file.bytes.length > VIDEO_MAX_BYTES || (await detected(file.bytes)) !== "video/mp4") {
    throw fieldError("file", SUPPORT_MESSAGES.videoRequired);
  }
  return ctx.db.transaction(async (tx) => {
    const row = await repository.insertDownload(tx, {
      kind: "video",
      scope: fields.scope,
      title: fields.title,
      description: fields.description,
      fileName: file.filename || "video.mp4",
      mimeType: "video/mp4",
      sizeBytes: file.bytes.length,
      bytes: file.bytes,
      createdBy: principal.userId,
    });
    await recordAudit(tx, actorOf(request), {
      action: "support.video.created",
      entity: "support_download",
      entityId: row.id,
      detail: { title: fields.title, scope: row.scope },
    });
    return presentVideo(ctx, row);
  });
}

export async function removeDownload(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  kind: "manuale" | "video",
): Promise<void> {
  const id = ctx.ids.decode(hashid);
  await ctx.db.transaction(async (tx) => {
    if (id === null || !(await repository.deleteDownload(tx, id, kind))) throw notFound();
    await recordAudit(tx, actorOf(request), {
      action: `support.${kind === "manuale" ? "manual" : "video"}.deleted`,
      entity: "support_download",
      entityId: id,
    });
  });
}

/** `GET resources/{id}/public/scaricabili`: the file of a manual or video. */
export async function downloadFile(ctx: ModuleContext, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const file = id === null ? null : await repository.findDownloadFile(ctx.db, id);
  if (!file) throw notFound();
  return file;
}
