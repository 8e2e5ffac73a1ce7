import type {
  TActivityReport,
  TGrowthReport,
  TRegistrationsReport,
  TReportsOverview,
  TReportsQuery,
} from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The reports page's calls (issue 14): the overview, then one call per dashboard with the filters. */
export const reportsKeys = {
  all: ["admin-reports"] as const,
  overview: ["admin-reports", "overview"] as const,
  dashboard: (name: string, filters: TReportsQuery) => ["admin-reports", name, filters] as const,
};

const clean = (filters: TReportsQuery) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string>;

export const overviewQuery = queryOptions({
  queryKey: reportsKeys.overview,
  queryFn: () => api.get<TReportsOverview>("admin/reports"),
});
export const useReportsOverview = () => useQuery(overviewQuery);

function dashboardQuery<T>(name: string, filters: TReportsQuery, enabled: boolean) {
  return queryOptions({
    queryKey: reportsKeys.dashboard(name, filters),
    queryFn: () => api.get<T>(`admin/reports/${name}`, { query: clean(filters) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
export const useRegistrationsReport = (filters: TReportsQuery, enabled = true) =>
  useQuery(dashboardQuery<TRegistrationsReport>("registrations", filters, enabled));
export const useGrowthReport = (filters: TReportsQuery, enabled = true) =>
  useQuery(dashboardQuery<TGrowthReport>("growth", filters, enabled));
export const useActivityReport = (filters: TReportsQuery, enabled = true) =>
  useQuery(dashboardQuery<TActivityReport>("activity", filters, enabled));
