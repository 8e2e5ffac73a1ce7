import { z } from "zod";
import { UPLOAD_DESTINATIONS } from "../constants.ts";
import { envelope } from "./common.ts";

/** Text fields of `POST resources/public` (multipart; the file parts are read separately). */
export const ZUploadFields = z.object({
  name: z.string().max(255).optional(),
  destination: z.string().min(1).max(64).default(UPLOAD_DESTINATIONS.default),
  has_owner: z.stringbool().default(false),
  encrypt: z.stringbool().default(false),
  read_nre: z.stringbool().default(false),
});
export type TUploadFields = z.infer<typeof ZUploadFields>;

export const ZUploadResult = z.object({
  hashid: z.string(),
  full_path: z.string(),
  name: z.string(),
  nre: z.string().nullable().optional(),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;
export const ZUploadResponse = envelope(z.union([ZUploadResult, z.array(ZUploadResult)]));

/** Accepted content by mode (spec 001 §5 "File upload"). */
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const ENCRYPTED_MIME_TYPES = [...IMAGE_MIME_TYPES, "application/pdf"] as const;
