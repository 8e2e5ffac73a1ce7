import { ACTION_LOG_DAYS } from "@cura/domain";
import type { ModuleContext } from "../../../platform/module.ts";
import { addDays, zonedDate, zonedToInstant } from "../../../platform/zoned-time.ts";
import * as repository from "./repository.ts";

const ROME = "Europe/Rome";

/**
 * `GET users/own/chart/action-logs`: the caller's own recorded actions per day over the last 30 days
 * (Rome), every day present (0 when nothing was done), for the health file's activity chart.
 */
export async function ownActionLog(ctx: ModuleContext, userId: number, now = Date.now()) {
  const today = zonedDate(now, ROME);
  const first = addDays(today, -(ACTION_LOG_DAYS - 1));
  const rows = await repository.actionsPerDay(ctx.db, userId, new Date(zonedToInstant(first, "00:00", ROME)));
  const counts = new Map(rows.map((row) => [row.date, row.count]));
  return Array.from({ length: ACTION_LOG_DAYS }, (_, i) => {
    const date = addDays(first, i);
    return { date, count: counts.get(date) ?? 0 };
  });
}
