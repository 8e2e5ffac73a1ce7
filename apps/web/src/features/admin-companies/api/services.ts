import type { TAdminHealthService, TAdminPlatformService, TAdminPlatformServiceBody } from "@cura/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The administrator's `servizi`: platform services (GET services, PUT services/{id}) and every health service. */

export interface HealthServicesQuery {
  q: string;
  position_ref: string;
  active: string;
  page: number;
}

const keys = {
  platform: ["admin-services", "platform"] as const,
  health: (query: HealthServicesQuery) => ["admin-services", "health", query] as const,
};

export function usePlatformServices() {
  return useQuery({
    queryKey: keys.platform,
    queryFn: ({ signal }) => api.get<TAdminPlatformService[]>("services", { signal }),
  });
}

export function useUpdatePlatformService() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hashid, body }: { hashid: string; body: TAdminPlatformServiceBody }) =>
      api.put<TAdminPlatformService>(`services/${hashid}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.platform }),
  });
}

export function useAllHealthServices(query: HealthServicesQuery) {
  return useQuery({
    queryKey: keys.health(query),
    queryFn: ({ signal }) =>
      api.page<TAdminHealthService>("healthservices", {
        signal,
        query: {
          q: query.q || undefined,
          position_ref: query.position_ref || undefined,
          active: query.active || undefined,
          page: query.page,
        },
      }),
    placeholderData: keepPreviousData,
  });
}
