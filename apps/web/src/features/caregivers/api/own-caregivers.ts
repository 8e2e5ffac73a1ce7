import type { TOwnCaregivers } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { caregiverKeys } from "./keys.ts";

/** GET familymembers/caregivers/own: who cares for me, and whom I care for. */
export function fetchOwnCaregivers(signal?: AbortSignal): Promise<TOwnCaregivers> {
  return api.get<TOwnCaregivers>("familymembers/caregivers/own", { signal });
}

export function ownCaregiversQueryOptions() {
  return queryOptions({ queryKey: caregiverKeys.own, queryFn: ({ signal }) => fetchOwnCaregivers(signal) });
}

export function useOwnCaregivers() {
  return useQuery(ownCaregiversQueryOptions());
}
