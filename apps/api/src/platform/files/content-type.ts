import { ENCRYPTED_MIME_TYPES, IMAGE_MIME_TYPES, UPLOAD_DESTINATIONS } from "@cura/domain";
import { fileTypeFromBuffer } from "../heavy-libraries.ts";

/**
 * The type of a file told by its bytes, never by its name or the client's header. Returns the
 * MIME type when the file is accepted for this upload mode, otherwise null (spec 001 §5).
 */
export async function acceptedMimeType(
  bytes: Uint8Array,
  mode: { encrypt: boolean; destination: string },
): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  const allowed: readonly string[] =
    mode.destination === UPLOAD_DESTINATIONS.profile || !mode.encrypt ? IMAGE_MIME_TYPES : ENCRYPTED_MIME_TYPES;
  return allowed.includes(detected.mime) ? detected.mime : null;
}
