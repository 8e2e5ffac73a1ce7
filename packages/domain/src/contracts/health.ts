import { z } from "zod";
import { envelope } from "./common.ts";

export const ZHealth = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "down"]),
});
export type THealth = z.infer<typeof ZHealth>;
export const ZHealthResponse = envelope(ZHealth);
