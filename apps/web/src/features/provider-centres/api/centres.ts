import type { TCompanyCompact, TCompanyDetail, THealthService, TOpeningsBody, TWeeklyOpenings } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { companyDetailQueryOptions } from "../../companies/api/company-detail.ts";
import { companyKeys } from "../../companies/api/keys.ts";

/** Provider centres (centri erogatori): companies a monitoring room manages (spec 002 §2). */

export const centreKeys = {
  list: () => ["provider-centres", "list"] as const,
  services: (centre: string) => ["provider-centres", "services", centre] as const,
};

/** GET companies/compact/search?managed=true: the centres the operator's room manages. */
export function fetchCentres(signal?: AbortSignal): Promise<Paged<TCompanyCompact>> {
  return api.page<TCompanyCompact>("companies/compact/search", { signal, query: { managed: true, per_page: 100 } });
}

export function useCentres() {
  return useQuery(queryOptions({ queryKey: centreKeys.list(), queryFn: ({ signal }) => fetchCentres(signal) }));
}

/** GET companies/{company}: the centre's data, hours and options (its managing room sees them). */
export function useCentre(centre: string) {
  return useQuery(companyDetailQueryOptions(centre));
}

/** GET companies/{company}/healthservices: the centre's health services. */
export function fetchCentreServices(centre: string, signal?: AbortSignal): Promise<Paged<THealthService>> {
  return api.page<THealthService>(`companies/${encodeURIComponent(centre)}/healthservices`, {
    signal,
    query: { per_page: 100 },
  });
}

export function useCentreServices(centre: string) {
  return useQuery(
    queryOptions({
      queryKey: centreKeys.services(centre),
      queryFn: ({ signal }) => fetchCentreServices(centre, signal),
    }),
  );
}

function useRefreshDetail(centre: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companyKeys.detail(centre) });
}

/** POST companies/{company}/openings: the centre's weekly hours. */
export function useSaveCentreOpenings(centre: string) {
  return useMutation({
    mutationFn: (body: TOpeningsBody) =>
      api.post<TWeeklyOpenings>(`companies/${encodeURIComponent(centre)}/openings`, body),
    onSuccess: useRefreshDetail(centre),
  });
}

/** PATCH companies/{company}/option/overlap. */
export function useSetCentreOverlap(centre: string) {
  return useMutation({
    mutationFn: (overlap: boolean) =>
      api.patch<TCompanyDetail["options"]>(`companies/${encodeURIComponent(centre)}/option/overlap`, { overlap }),
    onSuccess: useRefreshDetail(centre),
  });
}
