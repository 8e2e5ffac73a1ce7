import type { THealthService, THealthServiceBody } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

/** GET companies/own/healthservices: one's company's health services (first 100). */
export function fetchOwnHealthServices(signal?: AbortSignal): Promise<THealthService[]> {
  return api.get<THealthService[]>("companies/own/healthservices", { signal, query: { per_page: 100 } });
}

export function ownHealthServicesQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.healthServices(),
    queryFn: ({ signal }) => fetchOwnHealthServices(signal),
  });
}

export function useOwnHealthServices() {
  return useQuery(ownHealthServicesQueryOptions());
}

/** POST healthservices, or PUT healthservices/{hash} when editing. */
export function saveHealthService({
  hash,
  body,
}: {
  hash?: string;
  body: THealthServiceBody;
}): Promise<THealthService> {
  return hash
    ? api.put<THealthService>(`healthservices/${encodeURIComponent(hash)}`, body)
    : api.post<THealthService>("healthservices", body);
}

/** DELETE healthservices/{hash}: 409 while bookings need it. */
export function deleteHealthService(hash: string): Promise<void> {
  return api.delete<void>(`healthservices/${encodeURIComponent(hash)}`);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: companyKeys.healthServices() });
    void queryClient.invalidateQueries({ queryKey: ["companies", "slots"] });
  };
}

export function useSaveHealthService() {
  return useMutation({ mutationFn: saveHealthService, onSuccess: useRefresh() });
}

export function useDeleteHealthService() {
  return useMutation({ mutationFn: deleteHealthService, onSuccess: useRefresh() });
}
