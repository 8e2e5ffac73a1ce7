import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** GET healthservices/suggestions/name: names already in use on the platform, for the create form. */
export function fetchNameSuggestions(q: string, signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>("healthservices/suggestions/name", { signal, query: { q, limit: 10 } });
}

export function nameSuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ["companies", "healthservices", "suggestions", q] as const,
    queryFn: ({ signal }) => fetchNameSuggestions(q, signal),
    enabled: q.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useNameSuggestions(q: string) {
  return useQuery(nameSuggestionsQueryOptions(q.trim()));
}
