import { HEALTH_READ_RETENTION_MONTHS } from "@cura/domain";
import type { ModuleContext } from "../../../platform/module.ts";
import * as repository from "./repository.ts";

export const HEALTH_READS_PURGE_JOB = "health-reads-purge";

/** The retention limit: reads older than this many months are removed (issue 11: 24 months). */
export function retentionLimit(now: Date): Date {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - HEALTH_READ_RETENTION_MONTHS);
  return limit;
}

/** Nightly: removes the health file's reads past the retention. Safe to run twice. */
export function defineHealthReadPurge(ctx: ModuleContext): void {
  ctx.jobs.define({
    name: HEALTH_READS_PURGE_JOB,
    cron: "30 3 * * *",
    run: async () => {
      await repository.purgeHealthReads(ctx.db, retentionLimit(new Date()));
    },
  });
}
