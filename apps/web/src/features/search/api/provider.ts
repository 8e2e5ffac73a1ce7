import type { TCompanyDetail } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** GET companies/{company}: a provider's public data with its weekly opening hours. */
export function fetchProvider(company: string, signal?: AbortSignal): Promise<TCompanyDetail> {
  return api.get<TCompanyDetail>(`companies/${encodeURIComponent(company)}`, { signal });
}

export function providerQueryOptions(company: string) {
  return queryOptions({
    queryKey: ["search", "provider", company] as const,
    queryFn: ({ signal }) => fetchProvider(company, signal),
    enabled: company !== "",
  });
}

export function useProvider(company: string | undefined) {
  return useQuery(providerQueryOptions(company ?? ""));
}
