import { z } from "zod";
import { LIMITS } from "../constants.ts";

/** A public id: a sqids string (never a sequential integer). */
export const ZHashid = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, "Identificativo non valido");

export const ZErrorBody = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: "Error" });

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

export const ZPageMeta = z.object({ page: z.number(), per_page: z.number(), total: z.number() });

/** The success envelope of DESIGN §3: `{ data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** A paged list: `{ data: [...], meta: { page, per_page, total } }`. */
export const pagedEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: ZPageMeta });

export const ZMessage = z.object({ message: z.string() });
