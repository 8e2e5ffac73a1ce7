import type { StatisticsInterval, TCompanyStatistics } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface StatisticsFilter {
  from?: string;
  to?: string;
  interval?: StatisticsInterval;
}

/** GET companies/own/statistics: bookings by status, by service and over time (level 1 only). */
export function fetchStatistics(filter: StatisticsFilter, signal?: AbortSignal): Promise<TCompanyStatistics> {
  return api.get<TCompanyStatistics>("companies/own/statistics", {
    signal,
    query: { from: filter.from || undefined, to: filter.to || undefined, interval: filter.interval || undefined },
  });
}

export function statisticsQueryOptions(filter: StatisticsFilter) {
  return queryOptions({
    queryKey: ["analytics", "statistics", filter] as const,
    queryFn: ({ signal }) => fetchStatistics(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStatistics(filter: StatisticsFilter, enabled = true) {
  return useQuery({ ...statisticsQueryOptions(filter), enabled });
}
