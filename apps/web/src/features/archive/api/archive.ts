import type { TArchiveItem } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const archiveKey = ["archive"] as const;

/** GET companyarchives: the company's archive, newest first, paged (first-level companies). */
export function fetchArchive(page: number, signal?: AbortSignal) {
  return api.page<TArchiveItem>("companyarchives", { signal, query: { page, per_page: 20 } });
}

export function archiveQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...archiveKey, page] as const,
    queryFn: ({ signal }) => fetchArchive(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useArchive(page: number) {
  return useQuery(archiveQueryOptions(page));
}
