import { LIMITS } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { type IncomingFile, invalidFile } from "./service.ts";

/**
 * A multipart form with one file and its text fields (a record with an attachment: an archive entry,
 * a health-file document, an uploaded report). A too large file or a second one is 422 on `file`
 * (`invalidFile`), before any field is validated; the input guard has already checked every part.
 * A form with its own size (an administrator's video) passes `maxBytes` and the 422 that names it.
 */
export async function readUpload(
  request: FastifyRequest,
  options: { maxBytes?: number; refused?: () => Error } = {},
): Promise<{ files: IncomingFile[]; fields: Record<string, string> }> {
  const { maxBytes = LIMITS.uploadMaxBytes, refused = invalidFile } = options;
  const files: IncomingFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type === "file") files.push({ filename: part.filename, bytes: await part.toBuffer() });
      else if (typeof part.value === "string") fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_FILES_LIMIT") throw refused();
    throw error;
  }
  return { files, fields };
}
