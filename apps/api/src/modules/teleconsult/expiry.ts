import { TELECONSULT_MESSAGES } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { ModuleContext } from "../../platform/module.ts";
import { lockTeleconsultBooking, settleTeleconsultBooking } from "../bookings/index.ts";
import { notifyCitizenExpired } from "./popups.ts";
import * as repository from "./repository.ts";

export const EXPIRY_JOB = "teleconsult-expiry";
const BATCH = 200;

/** The job's requests name it in the history and audit (no user, no address). */
function systemRequest(): FastifyRequest {
  return { principal: undefined, ip: null, id: `job:${EXPIRY_JOB}` } as unknown as FastifyRequest;
}

/**
 * Cancels every quick and paediatric request nobody took in charge within 60 minutes (issue 10),
 * each in its own transaction on the locked rows: one taken meanwhile (bookings' confirm holds the
 * booking's lock) stays taken. Answers how many it cancelled. `now` is the test clock.
 */
export async function expireRequests(ctx: ModuleContext, now: Date = new Date()): Promise<number> {
  const request = systemRequest();
  let cancelled = 0;
  for (const id of await repository.expiredWaiting(ctx.db, now, BATCH)) {
    await ctx.db.transaction(async (tx) => {
      // The booking first, as bookings' confirm locks it (then this row): never the other order.
      await lockTeleconsultBooking(tx, id);
      const row = await repository.lockTeleconsult(tx, id);
      if (!row || row.takenAt !== null || !row.open) return;
      const done = await settleTeleconsultBooking(tx, request, id, "ricevuto", "annullato", "teleconsult_expired", {
        reason: TELECONSULT_MESSAGES.expired,
      });
      await repository.updateTeleconsult(tx, id, { open: false, endedAt: now, endReason: "expired" });
      if (done) {
        await notifyCitizenExpired(tx, row.userId, row.kind, TELECONSULT_MESSAGES.expired);
        cancelled += 1;
      }
    });
  }
  return cancelled;
}
