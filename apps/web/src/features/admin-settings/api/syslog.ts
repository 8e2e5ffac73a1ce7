import type { TSystemLogEntry } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";

/** The system log's filters as the page holds them (empty strings: no filter). */
export interface SystemLogFilters {
  user: string;
  user_type: string;
  action: string;
  entity: string;
  from: string;
  to: string;
  ip: string;
}

export const EMPTY_FILTERS: SystemLogFilters = {
  user: "",
  user_type: "",
  action: "",
  entity: "",
  from: "",
  to: "",
  ip: "",
};

const queryOf = (filters: SystemLogFilters) =>
  Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.trim() || undefined]));

/** GET utilities/dati/logs: one page of the filtered log, newest first. */
export const systemLogQueryOptions = (filters: SystemLogFilters, page: number) =>
  queryOptions({
    queryKey: ["admin-syslog", filters, page] as const,
    queryFn: ({ signal }) =>
      api.page<TSystemLogEntry>("utilities/dati/logs", { signal, query: { ...queryOf(filters), page, per_page: 20 } }),
    placeholderData: keepPreviousData,
  });
export const useSystemLog = (filters: SystemLogFilters, page: number) => useQuery(systemLogQueryOptions(filters, page));

/** GET utilities/dati/logs?export=xls: the whole filtered log as a workbook. */
export function useExportSystemLog() {
  return useMutation({
    mutationFn: async (filters: SystemLogFilters) => {
      const blob = await api.blob("utilities/dati/logs", { query: { ...queryOf(filters), export: "xls" } });
      saveBlob(blob, `log-di-sistema-${new Date().toISOString().slice(0, 10)}.xlsx`);
    },
  });
}
