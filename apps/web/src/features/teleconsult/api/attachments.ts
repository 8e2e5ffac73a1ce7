import type { TUploadResult } from "@cura/domain";
import { api, apiPathOf } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";

/**
 * POST resources/public: one file for a request's attachments. `encrypt` lets PDFs through (spec 001
 * §5); the default destination (order) is health content, kept encrypted and its reads logged.
 */
export function uploadAttachment(file: File): Promise<TUploadResult> {
  const form = new FormData();
  form.append("encrypt", "true");
  form.append("file", file, file.name);
  return api.post<TUploadResult>("resources/public", form);
}

/** An attachment, fetched with the bearer token (a plain link cannot send it) and saved. */
export async function downloadAttachment(file: { full_path: string; name: string }): Promise<void> {
  saveBlob(await api.blob(apiPathOf(file.full_path)), file.name);
}
