import type { TTeleconsultService } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";

export const TELECONSULT_SERVICES_PAGE = 10;

export interface TeleconsultServiceFilter {
  /** Part of the service's or the company's name. */
  q: string;
  /** The company's town, whole. */
  comune: string;
}

/**
 * GET teleconsults/specialist/services: the health services booked as specialist teleconsultations
 * (ref 2) at companies subscribed to them, the citizen's care circle first.
 */
export function fetchTeleconsultServices(
  where: TeleconsultServiceFilter,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<TTeleconsultService>> {
  return api.page<TTeleconsultService>("teleconsults/specialist/services", {
    signal,
    query: { page, per_page: TELECONSULT_SERVICES_PAGE, q: where.q, comune: where.comune },
  });
}

export function useTeleconsultServices(where: TeleconsultServiceFilter, page: number) {
  return useQuery(
    queryOptions({
      queryKey: ["booking-wizard", "teleconsult-services", where, page] as const,
      queryFn: ({ signal }) => fetchTeleconsultServices(where, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
