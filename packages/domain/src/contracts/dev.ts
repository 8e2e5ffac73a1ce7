import { z } from "zod";
import { envelope } from "./common.ts";

export const ZOutboxQuery = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZOutboxMessage = z.object({
  hashid: z.string(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxResponse = envelope(z.array(ZOutboxMessage));
