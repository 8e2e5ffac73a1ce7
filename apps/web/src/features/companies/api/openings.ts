import type { TOpeningsBody, TWeeklyOpenings } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

/** GET companies/openings/get/{x}: a company's weekly hours. */
export function fetchCompanyOpenings(company: string, signal?: AbortSignal): Promise<TWeeklyOpenings> {
  return api.get<TWeeklyOpenings>(`companies/openings/get/${encodeURIComponent(company)}`, { signal });
}

export function companyOpeningsQueryOptions(company: string) {
  return queryOptions({
    queryKey: companyKeys.openings(company),
    queryFn: ({ signal }) => fetchCompanyOpenings(company, signal),
    enabled: company !== "",
  });
}

export function useCompanyOpenings(company: string | null | undefined) {
  return useQuery(companyOpeningsQueryOptions(company ?? ""));
}

/** POST companies/own/openings: replaces the company's weekly hours (a weekday left out is closed). */
export function saveCompanyOpenings(body: TOpeningsBody): Promise<TWeeklyOpenings> {
  return api.post<TWeeklyOpenings>("companies/own/openings", body);
}

export function useSaveCompanyOpenings(company: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyOpenings,
    onSuccess: (openings) => {
      queryClient.setQueryData(companyKeys.openings(company), openings);
      // Slots depend on the hours.
      void queryClient.invalidateQueries({ queryKey: ["companies", "slots"] });
    },
  });
}
