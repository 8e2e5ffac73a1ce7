import type { TProvincia } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { GEO_STALE_TIME } from "./regioni.ts";

/** GET utilities/province/by/{region}: the provinces of a region (by name). */
export function fetchProvinceByRegion(region: string, signal?: AbortSignal): Promise<TProvincia[]> {
  return api.get<TProvincia[]>(`utilities/province/by/${encodeURIComponent(region)}`, { signal });
}

export function provinceQueryOptions(region: string) {
  return queryOptions({
    queryKey: ["geo", "province", region] as const,
    queryFn: ({ signal }) => fetchProvinceByRegion(region, signal),
    staleTime: GEO_STALE_TIME,
    enabled: region !== "",
  });
}

export function useProvince(region: string | null | undefined) {
  return useQuery(provinceQueryOptions(region ?? ""));
}
