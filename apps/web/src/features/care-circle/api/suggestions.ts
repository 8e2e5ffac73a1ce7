import type { TCompanyListItem } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { careCircleKey } from "./care-circle.ts";

/** GET users/own/circolocura?suggestions=true: providers near the citizen's home not yet in the circle. */
export function fetchSuggestions(signal?: AbortSignal): Promise<TCompanyListItem[]> {
  return api.get<TCompanyListItem[]>("users/own/circolocura", { signal, query: { suggestions: true } });
}

export function suggestionsQueryOptions() {
  // Under the circle's key: adding a provider refreshes both the circle and the suggestions.
  return queryOptions({
    queryKey: [...careCircleKey, "suggestions"] as const,
    queryFn: ({ signal }) => fetchSuggestions(signal),
  });
}

export function useSuggestions() {
  return useQuery(suggestionsQueryOptions());
}
