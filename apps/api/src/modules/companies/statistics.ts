import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingStatus,
  COMPANY_MESSAGES,
  fieldError,
  STATISTICS_LIMITS,
  type StatisticsInterval,
  type TCompanyStatistics,
  type TStatisticsQuery,
} from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { addDays, daysBetween, isoWeekday, zonedDate, zonedToInstant } from "../../platform/zoned-time.ts";
import { ownCompany } from "./scope.ts";
import * as statisticsRepository from "./statistics-repository.ts";

/**
 * `GET companies/own/statistics` (spec 002 §1: first-level companies only; the route rule checks
 * the level). Bookings of the operator's own company by appointment date: by status, by health
 * service and over time, in the company's time zone.
 */
export async function companyStatistics(
  ctx: ModuleContext,
  principal: Principal,
  query: TStatisticsQuery,
): Promise<TCompanyStatistics> {
  const company = await ownCompany(ctx.db, principal);
  const timeZone = company.timezone;
  const today = zonedDate(Date.now(), timeZone);
  const from =
    query.from ??
    (query.to ? addDays(query.to, -STATISTICS_LIMITS.pastDays) : addDays(today, -STATISTICS_LIMITS.pastDays));
  const to = query.to ?? addDays(from, STATISTICS_LIMITS.pastDays + STATISTICS_LIMITS.futureDays);
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw fieldError("to", COMPANY_MESSAGES.dateOrder);
  if (days > STATISTICS_LIMITS.maxDays)
    throw fieldError("to", `L'intervallo può coprire al massimo ${STATISTICS_LIMITS.maxDays} giorni`);
  const interval: StatisticsInterval = query.interval ?? (days <= STATISTICS_LIMITS.dailyUpToDays ? "day" : "month");

  const window = {
    companyId: company.id,
    from: zonedToInstant(from, "00:00", timeZone),
    until: zonedToInstant(addDays(to, 1), "00:00", timeZone),
    timeZone,
    interval,
  };
  const [statusRows, serviceRows, periodRows, noShowRows] = await Promise.all([
    statisticsRepository.countByStatus(ctx.db, window),
    statisticsRepository.countByService(ctx.db, window),
    statisticsRepository.countByPeriod(ctx.db, window),
    statisticsRepository.noShowCounts(ctx.db, window),
  ]);

  const statusCount = new Map(statusRows.map((r) => [r.status, r.count]));
  const series = new Map(periodStarts(from, to, interval).map((p) => [p, emptyCounts()]));
  for (const row of periodRows) {
    const counts = series.get(row.period);
    if (counts) counts[row.status] += row.count;
  }
  return {
    from,
    to,
    time_zone: timeZone,
    interval,
    total: statusRows.reduce((sum, r) => sum + r.count, 0),
    by_status: BOOKING_STATUSES.map((status) => ({
      status,
      label: BOOKING_STATUS_LABELS[status],
      count: statusCount.get(status) ?? 0,
    })),
    by_service: serviceRows.map((r) => ({
      hashid: r.serviceId === null ? null : ctx.ids.encode(r.serviceId),
      name: r.name ?? "Prodotti",
      count: r.count,
    })),
    over_time: [...series].map(([period, counts]) => ({
      period,
      total: Object.values(counts).reduce((sum, n) => sum + n, 0),
      by_status: counts,
    })),
    no_shows: noShowRates(ctx, noShowRows),
  };
}

type NoShowRow = Awaited<ReturnType<typeof statisticsRepository.noShowCounts>>[number];

/**
 * One line per service and month (issue 12): rate = non presentati / (evasi + non presentati) of
 * the appointments with a reminder sent, and of those without.
 */
function noShowRates(ctx: ModuleContext, rows: NoShowRow[]): TCompanyStatistics["no_shows"] {
  const figures = (served: number, noShows: number) => ({
    served,
    no_shows: noShows,
    rate: served + noShows === 0 ? null : noShows / (served + noShows),
  });
  const lines = new Map<
    string,
    { serviceId: number; name: string; month: string; with: NoShowRow[]; without: NoShowRow[] }
  >();
  for (const row of rows) {
    const key = `${row.serviceId} ${row.month}`;
    const line = lines.get(key) ?? {
      serviceId: row.serviceId,
      name: row.name,
      month: row.month,
      with: [],
      without: [],
    };
    (row.reminded ? line.with : line.without).push(row);
    lines.set(key, line);
  }
  const sum = (part: NoShowRow[]) =>
    figures(
      part.reduce((n, r) => n + r.served, 0),
      part.reduce((n, r) => n + r.noShows, 0),
    );
  return [...lines.values()]
    .sort((a, b) => a.name.localeCompare(b.name, "it") || a.serviceId - b.serviceId || a.month.localeCompare(b.month))
    .map((line) => ({
      hashid: ctx.ids.encode(line.serviceId),
      name: line.name,
      month: line.month,
      with_reminder: sum(line.with),
      without_reminder: sum(line.without),
    }));
}

function emptyCounts(): Record<BookingStatus, number> {
  return Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
}

/** The first local date of every period touching [from, to], as PostgreSQL's date_trunc names them. */
export function periodStarts(from: string, to: string, interval: StatisticsInterval): string[] {
  let start = from;
  if (interval === "week") start = addDays(from, 1 - isoWeekday(from));
  if (interval === "month") start = `${from.slice(0, 7)}-01`;
  const starts: string[] = [];
  for (let p = start; p <= to; ) {
    starts.push(p);
    if (interval === "day") p = addDays(p, 1);
    else if (interval === "week") p = addDays(p, 7);
    else {
      const [y, m] = [Number(p.slice(0, 4)), Number(p.slice(5, 7))];
      p = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    }
  }
  return starts;
}
