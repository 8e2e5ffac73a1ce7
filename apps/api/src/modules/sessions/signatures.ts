import { conflict, SESSION_MESSAGES as M } from "@cura/domain";
import { type AuditActor, recordAudit, systemActor } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { withFileReleases } from "../files/index.ts";
import { notifyUser } from "../notifications/index.ts";
import { deleteFillsWithin } from "../surveys/index.ts";
import * as repository from "./repository.ts";
import { workableCompilation } from "./service.ts";

/**
 * The compilations' clock (issue 13): an open compilation idle for 24 hours is abandoned; a
 * completed one whose session requires the operator's signature and that is still unsigned after
 * the session's days to sign is deleted with its fills, once (rows locked, SKIP LOCKED: two runs
 * never take the same one), audited; the operator is warned a day before.
 */
export const SESSION_SIGNATURES_JOB = "survey-sessions-signatures";
const BATCH = 200;

async function deleteWithFills(ctx: ModuleContext, actor: AuditActor, id: number, reason: string) {
  await withFileReleases(ctx, async (tx, release) => {
    // Locked and read again: signed meanwhile, or taken by another run, it stays.
    const row = await repository.findCompilation(tx, id, true);
    if (!row || row.signedAt) return;
    const fillIds = await repository.fillIdsOf(tx, id);
    await repository.deleteCompilation(tx, id);
    await deleteFillsWithin(ctx, tx, fillIds, release);
    await recordAudit(tx, actor, {
      action: "survey_session.compilation_deleted",
      entity: "filled_survey_session",
      entityId: id,
      companyId: row.companyId,
      detail: { reason, session_id: row.sessionId, fills: fillIds.length },
    });
  });
}

export async function runSignatureClock(ctx: ModuleContext, now = new Date()): Promise<void> {
  await repository.abandonIdle(ctx.db, new Date(now.getTime() - 24 * 3_600_000));
  await ctx.db.transaction(async (tx) => {
    for (const due of await repository.dueForWarning(tx, BATCH)) {
      if (due.operatorId !== null)
        await notifyUser(tx, {
          userId: due.operatorId,
          audience: "operator",
          title: M.signWarningTitle,
          body: M.signWarningBody(due.sessionName),
        });
      await repository.updateCompilation(tx, due.id, { signWarnedAt: new Date() });
    }
  });
  const due = await repository.dueForDeletion(ctx.db, BATCH);
  for (const row of due) await deleteWithFills(ctx, systemActor, row.id, "unsigned");
}

/** `DELETE filled-survey-sessions/{id}`: a compilation and its fills; a signed one stays (409). */
export async function deleteCompilation(ctx: ModuleContext, p: Principal, actor: AuditActor, hash: string) {
  const row = await workableCompilation(ctx, ctx.db, p, hash);
  if (row.signedAt) {
    throw conflict(M.notAllowed);
  }
  await deleteWithFills(ctx, actor, row.id, "operator");
}

export function defineSignatureClock(ctx: ModuleContext): void {
  ctx.jobs.define({ name: SESSION_SIGNATURES_JOB, cron: "*/15 * * * *", run: () => runSignatureClock(ctx) });
}
