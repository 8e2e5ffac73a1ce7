import type { TCompanyDetail } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

/** GET companies/{company}: public data, plus options and code for the company's own operators. */
export function fetchCompanyDetail(company: string, signal?: AbortSignal): Promise<TCompanyDetail> {
  return api.get<TCompanyDetail>(`companies/${encodeURIComponent(company)}`, { signal });
}

export function companyDetailQueryOptions(company: string) {
  return queryOptions({
    queryKey: companyKeys.detail(company),
    queryFn: ({ signal }) => fetchCompanyDetail(company, signal),
    enabled: company !== "",
  });
}

export function useCompanyDetail(company: string | null | undefined) {
  return useQuery(companyDetailQueryOptions(company ?? ""));
}
