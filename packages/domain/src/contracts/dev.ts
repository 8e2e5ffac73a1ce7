import { z } from "zod";
import { envelope } from "./common.ts";

export const ZOutboxQuery = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZOutboxMessage = z.object({
  hashid: z.string(),
  channel: z.enum(["email", "sms", "bot"]),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  /** Names and sizes of the files sent with an e-mail (their bytes are not kept). */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxResponse = envelope(z.array(ZOutboxMessage));

/** `GET dev/load` (development and tests only): what `npm run fault:slow` reads from the API it drives. */
export const ZLoadQuery = z.object({ reset: z.stringbool().default(false) });
export const ZLoadResponse = envelope(
  z.object({
    event_loop_delay_ms: z.object({ p50: z.number(), p99: z.number(), max: z.number(), samples: z.number() }),
    pool: z
      .object({
        size: z.number(),
        total: z.number(),
        idle: z.number(),
        waiting: z.number(),
        peak_waiting: z.number(),
        shed: z.number(),
        queue_limit: z.number().nullable(),
      })
      .nullable(),
  }),
);
