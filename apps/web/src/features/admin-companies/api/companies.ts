import type {
  TAdminCompany,
  TAdminCompanyBody,
  TAdminCompanyDetail,
  TAdminCompanyServiceBody,
  TAdminOperatorRoleBody,
  TCompanyRegisterBody,
  TCompanyReportBody,
  TOperator,
} from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest, type Paged } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";

/** The administrator's companies (spec 002 §7 "Administrator calls", companies/*). */

export interface CompaniesQuery {
  q: string;
  type: string;
  level: string;
  regione: string;
  status: string;
  sort: string;
  page: number;
}

export const adminCompanyKeys = {
  all: ["admin-companies"] as const,
  list: (query: CompaniesQuery) => ["admin-companies", "list", query] as const,
  detail: (hashid: string) => ["admin-companies", "detail", hashid] as const,
  operators: (hashid: string) => ["admin-companies", "operators", hashid] as const,
};

const listParams = (query: CompaniesQuery) => ({
  q: query.q || undefined,
  type: query.type || undefined,
  level: query.level || undefined,
  regione: query.regione || undefined,
  status: query.status || undefined,
  sort: query.sort || undefined,
});

/** GET companies: a page of companies, filtered and sorted. */
export function fetchCompanies(query: CompaniesQuery, signal?: AbortSignal): Promise<Paged<TAdminCompany>> {
  return api.page<TAdminCompany>("companies", { signal, query: { ...listParams(query), page: query.page } });
}

export function useAdminCompanies(query: CompaniesQuery) {
  return useQuery(
    queryOptions({
      queryKey: adminCompanyKeys.list(query),
      queryFn: ({ signal }) => fetchCompanies(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** GET companies?export=xls: the whole filtered list as a workbook. */
export function useExportCompanies() {
  return useMutation({
    mutationFn: async (query: CompaniesQuery) =>
      saveBlob(
        await api.blob("companies", { query: { ...listParams(query), export: "xls" } }),
        `aziende-${today()}.xlsx`,
      ),
  });
}

/** POST companies/massive/report: the selected companies with their booking figures. */
export function useCompaniesReport() {
  return useMutation({
    mutationFn: async (body: TCompanyReportBody) =>
      saveBlob(
        await apiRequest<Blob>("companies/massive/report", { method: "POST", body, responseType: "blob" }),
        `report-aziende-${today()}.xlsx`,
      ),
  });
}

export function useAdminCompany(hashid: string) {
  return useQuery({
    queryKey: adminCompanyKeys.detail(hashid),
    queryFn: ({ signal }) => api.get<TAdminCompanyDetail>(`companies/${hashid}/admin`, { signal }),
  });
}

export function useRegisterCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanyRegisterBody) =>
      apiRequest<{ data: TAdminCompanyDetail; message?: string }>("companies/new/register", {
        method: "POST",
        body,
        envelope: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminCompanyKeys.all }),
  });
}

export function useUpdateCompany(hashid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminCompanyBody) => api.put<TAdminCompanyDetail>(`companies/${hashid}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminCompanyKeys.all }),
  });
}

export function useToggleCompany(hashid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => api.patch<TAdminCompanyDetail>(`companies/${hashid}/toggle-status`, { active }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminCompanyKeys.all }),
  });
}

export function useSetCompanyService(hashid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ service, body }: { service: string; body: TAdminCompanyServiceBody }) =>
      api.patch(`companies/${hashid}/services/set/${service}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminCompanyKeys.detail(hashid) }),
  });
}

/** GET companies/{id}/operators (the companies module's call, open to administrators). */
export function useCompanyOperators(hashid: string) {
  return useQuery({
    queryKey: adminCompanyKeys.operators(hashid),
    queryFn: ({ signal }) => api.page<TOperator>(`companies/${hashid}/operators`, { signal, query: { per_page: 100 } }),
  });
}

export function useRemoveOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (operator: string) =>
      apiRequest<{ message: string }>(`companies/operators/${operator}/remove`, { method: "DELETE", envelope: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminCompanyKeys.all }),
  });
}

export function useChangeOperatorRole(hashid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ operator, body }: { operator: string; body: TAdminOperatorRoleBody }) =>
      api.patch<TOperator>(`companies/operators/${operator}/admin/change-role`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminCompanyKeys.operators(hashid) }),
  });
}

export function useSendCompanyCode(hashid: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>(`companies/${hashid}/admin/code/send`, {
        method: "POST",
        body: {},
        envelope: true,
      }),
  });
}

/** POST companies/{id}/healthservices/import (multipart `file`). */
export function useImportHealthServices(hashid: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return apiRequest<{ data: { imported: number }; message: string }>(`companies/${hashid}/healthservices/import`, {
        method: "POST",
        body: form,
        envelope: true,
      });
    },
  });
}

export async function downloadImportTemplate(): Promise<void> {
  saveBlob(await api.blob("companies/healthservices/import/template"), "modello-prestazioni.xlsx");
}
