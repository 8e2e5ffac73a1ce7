import type { TCareCircleItem } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const careCircleKey = ["care-circle"] as const;

/** GET users/own/circolocura: the citizen's providers with contacts, hours and the preferred flag. */
export function fetchCareCircle(signal?: AbortSignal): Promise<TCareCircleItem[]> {
  return api.get<TCareCircleItem[]>("users/own/circolocura", { signal });
}

export function careCircleQueryOptions() {
  return queryOptions({ queryKey: careCircleKey, queryFn: ({ signal }) => fetchCareCircle(signal) });
}

export function useCareCircle() {
  return useQuery(careCircleQueryOptions());
}
