import {
  ADHERENCE_RULES,
  adherenceLevel,
  FREQUENCY_KINDS_UNSCHEDULED,
  type TAdherenceLevel,
  type TFrequencyKind,
  type TIntakeMoment,
} from "@cura/domain";
import type { Executor } from "../../../db/client.ts";
import { addDays, zonedDate, zonedToInstant } from "../../../platform/zoned-time.ts";
import * as repository from "./repository.ts";
import { type ScheduleInput, scheduledIntakes, TIME_ZONE } from "./schedule.ts";

/**
 * The adherence index (issue 11 "Adherence"): over the last 30 days, the share of scheduled intakes
 * marked 'Assunta'; ≥80% optimal, 50–79% medium, <50% poor; undeterminable under 7 scheduled intakes
 * and for as-needed and occasional therapies. An operator's override wins over the computation.
 */

export interface Adherence {
  level: TAdherenceLevel;
  override: boolean;
  scheduled: number;
  taken: number;
}

export function scheduleOf(row: repository.TherapyRow): ScheduleInput {
  return {
    frequency: row.frequency as TFrequencyKind,
    frequencyEvery: row.frequencyEvery,
    intakeMoments: row.intakeMoments as TIntakeMoment[],
    duration: row.duration,
    cycleEvery: row.cycleEvery,
    cycleUnit: row.cycleUnit,
    startDate: row.startDate,
    endDate: row.endDate,
    suspendedAt: row.suspendedAt,
  };
}

/** The indexes of several therapies with one query for their marks (lists stay at a constant statement count). */
export async function adherenceOf(
  db: Executor,
  rows: repository.TherapyRow[],
  now = Date.now(),
): Promise<Map<number, Adherence>> {
  const today = zonedDate(now, TIME_ZONE);
  const fromDay = addDays(today, -(ADHERENCE_RULES.windowDays - 1));
  const from = new Date(zonedToInstant(fromDay, "00:00", TIME_ZONE));
  const marks = await repository.intakesSince(
    db,
    rows.map((r) => r.id),
    from,
  );
  const taken = new Map<number, Set<number>>();
  for (const mark of marks) {
    if (!mark.taken) continue;
    const set = taken.get(mark.therapyId) ?? new Set<number>();
    taken.set(mark.therapyId, set);
    set.add(mark.scheduledAt.getTime());
  }
  const out = new Map<number, Adherence>();
  for (const row of rows) {
    const due = FREQUENCY_KINDS_UNSCHEDULED.includes(row.frequency as TFrequencyKind)
      ? []
      : scheduledIntakes(scheduleOf(row), fromDay, today).filter((i) => i.at <= now);
    const set = taken.get(row.id);
    const takenCount = set ? due.filter((i) => set.has(i.at)).length : 0;
    const computed = adherenceLevel(due.length, takenCount);
    out.set(row.id, {
      level: (row.adherenceOverride as TAdherenceLevel | null) ?? computed,
      override: row.adherenceOverride !== null,
      scheduled: due.length,
      taken: takenCount,
    });
  }
  return out;
}
