import { randomUUID } from "node:crypto";
import { DomainError, notFound, type TUploadFields, type TUploadResult } from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import { acceptedMimeType } from "../../platform/files/content-type.ts";
import { decrypt, encrypt } from "../../platform/files/crypto.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as repository from "./repository.ts";

export interface IncomingFile {
  filename: string;
  bytes: Buffer;
}

export const invalidFile = () =>
  new DomainError("invalidFile", {
    publicCode: "invalidFile",
    errors: { file: ["file non valido o di dimensioni eccessive, max 8 MB"] },
  });

/**
 * Who else may read a stored file besides its uploader and owner. Modules that attach files to
 * their records (bookings, health file) add a rule here; each answers for its own records.
 */
export type FileReadRule = (ctx: ModuleContext, principal: Principal, fileId: number) => Promise<boolean>;
const readRules: FileReadRule[] = [];
export function addFileReadRule(rule: FileReadRule): void {
  readRules.push(rule);
}

/** Checks every file first, so that one bad file stores none (spec 001 §5 "File upload"). */
export async function storeUploads(
  ctx: ModuleContext,
  principal: Principal,
  fields: TUploadFields,
  files: IncomingFile[],
): Promise<TUploadResult[]> {
  if (files.length === 0) throw invalidFile();
  const checked = await Promise.all(
    files.map(async (file) => {
      const mimeType = await acceptedMimeType(file.bytes, fields);
      if (!mimeType) throw invalidFile();
      return { ...file, mimeType };
    }),
  );
  const results: TUploadResult[] = [];
  for (const file of checked) {
    const storageKey = `${fields.destination.replace(/[^a-z0-9_-]/gi, "_")}/${randomUUID()}`;
    await ctx.storage.put(storageKey, fields.encrypt ? encrypt(ctx.config.filesKey, file.bytes) : file.bytes);
    const name = (files.length === 1 && fields.name ? fields.name : file.filename).slice(0, 255) || "file";
    const row = await repository.insertFile(ctx.db, {
      uploadedBy: principal.userId,
      ownerUserId: fields.has_owner ? principal.userId : null,
      name,
      destination: fields.destination,
      mimeType: file.mimeType,
      sizeBytes: file.bytes.length,
      storageKey,
      encrypted: fields.encrypt,
    });
    const hashid = ctx.ids.encode(row.id);
    // Reading an NRE from a prescription file needs the bookings work; until then none is read.
    results.push({ hashid, full_path: `/api/v1/resources/private/${hashid}`, name, nre: null });
  }
  return results;
}

/** A private file for someone allowed to read it; anyone else gets 404, never a hint it exists. */
export async function readPrivateFile(ctx: ModuleContext, principal: Principal, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const file = id ? await repository.findFile(ctx.db, id) : null;
  if (!file) throw notFound();
  const own = file.uploadedBy === principal.userId || file.ownerUserId === principal.userId;
  if (!own && !(await anyRuleAllows(ctx, principal, file.id))) throw notFound();
  const stored = await ctx.storage.get(file.storageKey);
  if (!stored) throw notFound();
  const bytes = file.encrypted ? decrypt(ctx.config.filesKey, stored) : stored;
  return { name: file.name, mimeType: file.mimeType, bytes };
}

async function anyRuleAllows(ctx: ModuleContext, principal: Principal, fileId: number): Promise<boolean> {
  for (const rule of readRules) if (await rule(ctx, principal, fileId)) return true;
  return false;
}
