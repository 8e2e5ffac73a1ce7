import type { TComune } from "@cura/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { GEO_STALE_TIME } from "./regioni.ts";

/**
 * GET utilities/comuni/by/catastale/{code}: the comune of a cadastral code (a tax code's birth
 * place). 404 for an unknown code and for the Z codes of foreign countries (those are in paesi).
 */
export function fetchComuneByCatastale(code: string, signal?: AbortSignal): Promise<TComune> {
  return api.get<TComune>(`utilities/comuni/by/catastale/${encodeURIComponent(code)}`, { signal });
}

export function comuneByCatastaleQueryOptions(code: string) {
  return queryOptions({
    queryKey: ["geo", "comune", "catastale", code] as const,
    queryFn: ({ signal }) => fetchComuneByCatastale(code, signal),
    staleTime: GEO_STALE_TIME,
    retry: false,
  });
}
