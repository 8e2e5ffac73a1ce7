import { fieldError, forbidden, HEALTH_THERAPY_MESSAGES as M, type TIntake } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { addDays, daysBetween, zonedDate, zonedToInstant } from "../../../platform/zoned-time.ts";
import { scheduleOf } from "./adherence.ts";
import * as repository from "./repository.ts";
import { scheduledIntakes, TIME_ZONE } from "./schedule.ts";
import { therapyFor } from "./therapies.ts";

/** The scheduled intakes of a therapy and their marks (issue 11 "Adherence"). */

const MAX_DAYS = 31;

/** `GET therapies/{hashid}/intakes`: the scheduled intakes of a span of days (default the last 7), with marks. */
export async function listIntakes(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  query: { from?: string; to?: string },
): Promise<TIntake[]> {
  const { row } = await therapyFor(ctx, request, hashid, { section: "aderenza" });
  const today = zonedDate(Date.now(), TIME_ZONE);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -6);
  if (daysBetween(from, to) < 0) throw fieldError("to", M.endBeforeStart);
  if (daysBetween(from, to) > MAX_DAYS) throw fieldError("to", M.spanTooLong(MAX_DAYS));
  const due = scheduledIntakes(scheduleOf(row), from, to);
  const marks = await repository.intakesSince(
    ctx.db,
    [row.id],
    new Date(zonedToInstant(from, "00:00", TIME_ZONE)),
    new Date(zonedToInstant(addDays(to, 1), "00:00", TIME_ZONE)),
  );
  const byInstant = new Map(marks.map((m) => [m.scheduledAt.getTime(), m.taken]));
  return due.map((i) => ({
    scheduled_at: new Date(i.at).toISOString(),
    moment: i.moment,
    taken: byInstant.get(i.at) ?? null,
  }));
}

/**
 * `POST therapies/{hashid}/intakes`: the patient or a caregiver marks one scheduled intake. It must
 * be one the schedule has (not suspended, within the therapy) and not in the future; marking again
 * changes the mark, so a retried request changes nothing more.
 */
export async function markIntake(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: { scheduled_at: string; taken: boolean },
): Promise<TIntake> {
  const { subject, row } = await therapyFor(ctx, request, hashid);
  // Issue 11: the patient or caregiver marks; operators read the index and may override it instead.
  if (subject.viewer.kind === "operator") throw forbidden();
  const at = Date.parse(body.scheduled_at);
  if (at > Date.now()) throw fieldError("scheduled_at", M.intakeFuture);
  const day = zonedDate(at, TIME_ZONE);
  const slot = scheduledIntakes(scheduleOf(row), day, day).find((i) => i.at === at);
  if (!slot) throw fieldError("scheduled_at", M.intakeNotScheduled);
  await ctx.db.transaction(async (tx) => {
    await repository.upsertIntake(tx, {
      therapyId: row.id,
      scheduledAt: new Date(at),
      taken: body.taken,
      markedBy: subject.viewer.userId,
    });
    await recordAudit(tx, actorOf(request), {
      action: body.taken ? "intake_taken" : "intake_missed",
      entity: "therapy",
      entityId: row.id,
      detail: { scheduled_at: body.scheduled_at },
    });
  });
  return { scheduled_at: new Date(at).toISOString(), moment: slot.moment, taken: body.taken };
}
