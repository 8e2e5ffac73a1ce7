import type { TLibraryItem } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const libraryKey = ["library"] as const;

/** GET companies/own/libraries: the company's library items (banca dati). */
export function fetchLibrary(signal?: AbortSignal): Promise<TLibraryItem[]> {
  return api.get<TLibraryItem[]>("companies/own/libraries", { signal });
}

export function libraryQueryOptions() {
  return queryOptions({ queryKey: libraryKey, queryFn: ({ signal }) => fetchLibrary(signal) });
}

export function useLibrary() {
  return useQuery(libraryQueryOptions());
}
