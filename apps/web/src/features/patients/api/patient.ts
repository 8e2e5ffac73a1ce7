import type { TPatient } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { patientKeys } from "./keys.ts";

/** GET companies/own/patients/{id}: one patient of the company (404 for anyone else's). */
export function fetchPatient(hash: string, signal?: AbortSignal): Promise<TPatient> {
  return api.get<TPatient>(`companies/own/patients/${encodeURIComponent(hash)}`, { signal });
}

export function patientQueryOptions(hash: string) {
  return queryOptions({ queryKey: patientKeys.detail(hash), queryFn: ({ signal }) => fetchPatient(hash, signal) });
}

export function usePatient(hash: string) {
  return useQuery(patientQueryOptions(hash));
}
