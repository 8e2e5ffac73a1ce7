import type { TComune } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { GEO_STALE_TIME } from "./regioni.ts";

/** GET utilities/comuni/by/provincia/{sigla}: the comuni of a province. */
export function fetchComuniByProvincia(sigla: string, signal?: AbortSignal): Promise<TComune[]> {
  return api.get<TComune[]>(`utilities/comuni/by/provincia/${encodeURIComponent(sigla)}`, { signal });
}

export function comuniQueryOptions(sigla: string) {
  return queryOptions({
    queryKey: ["geo", "comuni", sigla] as const,
    queryFn: ({ signal }) => fetchComuniByProvincia(sigla, signal),
    staleTime: GEO_STALE_TIME,
    enabled: sigla !== "",
  });
}

export function useComuni(sigla: string | null | undefined) {
  return useQuery(comuniQueryOptions(sigla ?? ""));
}
