import type { TPaese } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { GEO_STALE_TIME } from "./regioni.ts";

/** GET utilities/paesi: countries with their cadastral Z code (Italia has none). */
export function fetchPaesi(signal?: AbortSignal): Promise<TPaese[]> {
  return api.get<TPaese[]>("utilities/paesi", { signal });
}

export function paesiQueryOptions() {
  return queryOptions({
    queryKey: ["geo", "paesi"] as const,
    queryFn: ({ signal }) => fetchPaesi(signal),
    staleTime: GEO_STALE_TIME,
  });
}

export function usePaesi() {
  return useQuery(paesiQueryOptions());
}
