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
 * read 200 at a time, each in its own transaction on the locked rows: one taken meanwhile (bookings'
 * confirm holds the booking's lock) stays taken, and one another run (a second instance) already
 * cancelled is left as it is, so each is cancelled and notified once. Answers how many this run
 * cancelled. `now` is the test clock, `batch` a test's smaller batch.
 */
export async function expireRequests(
  ctx: ModuleContext,
  now: Date = new Date(),
  batch: number = BATCH,
): Promise<number> {
  let cancelled = 0;
  // Batches of 200 until none is left; after the last id read, so a request that could not be
  // cancelled (taken meanwhile, or failing) is not read again in this run.
  let after = 0;
  for (;;) {
    const ids = await repository.expiredWaiting(ctx.db, now, batch, after);
    cancelled += await expireBatch(ctx, ids, now);
    if (ids.length < batch) return cancelled;
    after = ids[ids.length - 1] as number;
  }
}

async function expireBatch(ctx: ModuleContext, ids: number[], now: Date): Promise<number> {
  const request = systemRequest();
  let cancelled = 0;
  for (const id of ids) {
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
