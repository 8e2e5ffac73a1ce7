import { randomUUID } from "node:crypto";
import { DomainError, notFound, type TUploadFields, type TUploadResult } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor, Transaction } from "../../db/client.ts";
import { recordAccess } from "../../platform/access-log/access-log.ts";
import { type Principal, principalOf } from "../../platform/auth/access.ts";
import { acceptedMimeType } from "../../platform/files/content-type.ts";
import { decrypt, encrypt } from "../../platform/files/crypto.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { isHealthContent } from "./health-content.ts";
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

/** A file just stored: its public result, and what the caller may copy onto its own record. */
export interface StoredUpload extends TUploadResult {
  id: number;
  mimeType: string;
  sizeBytes: number;
}

/** Checks every file first, so that one bad file stores none (spec 001 §5 "File upload"). */
export async function storeUploads(
  ctx: ModuleContext,
  principal: Principal,
  fields: TUploadFields,
  files: IncomingFile[],
): Promise<TUploadResult[]> {
  return storeUploadsWith(ctx, principal, fields, files, async (_tx, stored) =>
    stored.map(({ hashid, full_path, name, nre }) => ({ hashid, full_path, name, nre })),
  );
}

/**
 * Stores files and hands their rows to `use` inside the same transaction, so a record that refers to
 * an upload (an archive entry) is written with it or not at all. The bytes are written first, outside
 * the transaction (a transaction must not wait on storage); when anything after fails, the bytes
 * written are removed before the error goes on. A crash between the two leaves bytes with no row,
 * which the orphan sweep removes after an hour.
 */
export async function storeUploadsWith<T>(
  ctx: ModuleContext,
  principal: Principal,
  fields: TUploadFields,
  files: IncomingFile[],
  use: (tx: Transaction, stored: StoredUpload[]) => Promise<T>,
): Promise<T> {
  if (files.length === 0) throw invalidFile();
  const destination = fields.destination.replace(/[^a-z0-9_-]/gi, "_");
  const checked = await Promise.all(
    files.map(async (file) => {
      const mimeType = await acceptedMimeType(file.bytes, fields);
      if (!mimeType) throw invalidFile();
      return { ...file, mimeType, storageKey: `${destination}/${randomUUID()}` };
    }),
  );
  const encrypted = isHealthContent(fields.destination);
  const written: string[] = [];
  try {
    for (const file of checked) {
      written.push(file.storageKey);
      await ctx.storage.put(file.storageKey, encrypted ? encrypt(ctx.config.filesKey, file.bytes) : file.bytes);
    }
    return await ctx.db.transaction(async (tx) => {
      const stored: StoredUpload[] = [];
      for (const file of checked) {
        const name = (files.length === 1 && fields.name ? fields.name : file.filename).slice(0, 255) || "file";
        const row = await repository.insertFile(tx, {
          uploadedBy: principal.userId,
          ownerUserId: fields.has_owner ? principal.userId : null,
          name,
          destination: fields.destination,
          mimeType: file.mimeType,
          sizeBytes: file.bytes.length,
          storageKey: file.storageKey,
          encrypted,
        });
        const hashid = ctx.ids.encode(row.id);
        // Reading an NRE from a prescription file needs the bookings work; until then none is read.
        stored.push({
          id: row.id,
          hashid,
          full_path: `/api/v1/resources/private/${hashid}`,
          name,
          nre: null,
          mimeType: file.mimeType,
          sizeBytes: file.bytes.length,
        });
      }
      return use(tx, stored);
    });
  } catch (error) {
    await removeBlobs(ctx, written);
    throw error;
  }
}

/**
 * Whether some record still uses a stored file. Modules that keep a file's id on their records (a
 * profile picture, a company's picture, an attachment, an archive entry) add a rule here, as they do
 * for reading; a file no rule claims may be deleted when one of its uses goes.
 */
export type FileReferenceRule = (db: Executor, fileId: number) => Promise<boolean>;
const referenceRules: FileReferenceRule[] = [];
export function addFileReferenceRule(rule: FileReferenceRule): void {
  referenceRules.push(rule);
}

/**
 * Runs `work` in one transaction; a file it `release`s (a record that used it was deleted or now
 * uses another) is deleted with the transaction when no record uses it any more, its row in the
 * transaction and its bytes after the commit: a rolled-back change must find its bytes again. Bytes
 * that cannot be removed then are left to the orphan sweep.
 */
export async function withFileReleases<T>(
  ctx: ModuleContext,
  work: (tx: Transaction, release: (fileId: number | null | undefined) => void) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const released = new Set<number>();
    const value = await work(tx, (fileId) => {
      if (fileId !== null && fileId !== undefined) released.add(fileId);
    });
    // Checked after the work's own writes, so the use it just removed no longer counts.
    for (const fileId of released) {
      if (await isReferenced(tx, fileId)) continue;
      const key = await repository.deleteFile(tx, fileId);
      if (key) keys.push(key);
    }
    return value;
  });
  await removeBlobs(ctx, keys);
  return result;
}

async function isReferenced(db: Executor, fileId: number): Promise<boolean> {
  for (const rule of referenceRules) if (await rule(db, fileId)) return true;
  return false;
}

async function removeBlobs(ctx: ModuleContext, keys: string[]): Promise<void> {
  // Best effort: whatever stays is an orphan the sweep removes.
  await Promise.allSettled(keys.map((key) => ctx.storage.remove(key)));
}

/** The scheduled sweep of bytes with no row: its job's name, and how old an orphan must be. */
export const ORPHAN_FILES_JOB = "files-orphans";
const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * Removes stored bytes that no row names and that are older than an hour: left by a crash between
 * writing the bytes and committing the row, or by a removal that failed after a commit. The hour
 * keeps an upload in progress (bytes written, row not yet committed) safe. Safe to run twice.
 */
export async function removeOrphanBlobs(ctx: ModuleContext, now = Date.now()): Promise<number> {
  const cutoff = now - ORPHAN_MIN_AGE_MS;
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const known = await repository.knownStorageKeys(ctx.db, batch);
    const orphans = batch.filter((key) => !known.has(key));
    for (const key of orphans) await ctx.storage.remove(key);
    removed += orphans.length;
    batch = [];
  };
  for await (const blob of ctx.storage.list()) {
    if (blob.modifiedAt.getTime() > cutoff) continue;
    batch.push(blob.key);
    if (batch.length >= SWEEP_BATCH) await sweep();
  }
  if (batch.length > 0) await sweep();
  return removed;
}

/**
 * A file the caller may put on a record (a reading's attachment, a profile or company picture): one
 * they uploaded themselves. A file they may merely read (a patient's attachment, through a read
 * rule) is not theirs to copy: on another record it would be read by that record's readers, or made
 * public as a picture. `current` is the file the record holds now, which it may keep whoever
 * uploaded it. Anything else is 404, never a hint it exists.
 */
export async function ownUpload(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  current: number | null = null,
) {
  const id = ctx.ids.decode(hashid);
  const file = id ? await repository.findFile(ctx.db, id) : null;
  if (!file || (file.uploadedBy !== principal.userId && file.id !== current)) throw notFound();
  return { id: file.id, name: file.name, mimeType: file.mimeType };
}

/** A private file for someone allowed to read it; anyone else gets 404, never a hint it exists. */
export async function readPrivateFile(ctx: ModuleContext, principal: Principal, hashid: string) {
  const { file, bytes } = await openPrivateFile(ctx, principal, hashid);
  return { name: file.name, mimeType: file.mimeType, bytes };
}

/**
 * `GET resources/private/{id}`: the file, and for health content a line in the access log written
 * before the bytes are answered (a read that cannot be logged is not served). The subject is the
 * person the file belongs to as far as this module knows: its owner, else its uploader.
 */
export async function downloadPrivateFile(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { file, bytes } = await openPrivateFile(ctx, principalOf(request), hashid);
  if (isHealthContent(file.destination)) {
    await recordAccess(ctx.db, request, {
      entity: "file",
      entityId: file.id,
      subjectUserId: file.ownerUserId ?? file.uploadedBy,
    });
  }
  return { name: file.name, mimeType: file.mimeType, bytes };
}

async function openPrivateFile(ctx: ModuleContext, principal: Principal, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const file = id ? await repository.findFile(ctx.db, id) : null;
  if (!file) throw notFound();
  const own = file.uploadedBy === principal.userId || file.ownerUserId === principal.userId;
  if (!own && !(await anyRuleAllows(ctx, principal, file.id))) throw notFound();
  const stored = await ctx.storage.get(file.storageKey);
  if (!stored) throw notFound();
  const bytes = file.encrypted ? decrypt(ctx.config.filesKey, stored) : stored;
  return { file, bytes };
}

async function anyRuleAllows(ctx: ModuleContext, principal: Principal, fileId: number): Promise<boolean> {
  for (const rule of readRules) if (await rule(ctx, principal, fileId)) return true;
  return false;
}
