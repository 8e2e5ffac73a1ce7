import type { TRegione } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Reference data changes only with a release: kept for the whole visit. */
export const GEO_STALE_TIME = Number.POSITIVE_INFINITY;

/** GET utilities/regioni: the 20 regions. */
export function fetchRegioni(signal?: AbortSignal): Promise<TRegione[]> {
  return api.get<TRegione[]>("utilities/regioni", { signal });
}

export function regioniQueryOptions() {
  return queryOptions({
    queryKey: ["geo", "regioni"] as const,
    queryFn: ({ signal }) => fetchRegioni(signal),
    staleTime: GEO_STALE_TIME,
  });
}

export function useRegioni() {
  return useQuery(regioniQueryOptions());
}
