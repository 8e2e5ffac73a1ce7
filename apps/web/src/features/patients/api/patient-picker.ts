import type { TPatientCompact } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { patientKeys } from "./keys.ts";

/** GET companies/own/patients/list: followed patients for pickers (at most 50; narrow with q). */
export function fetchPatientPicker(q: string, signal?: AbortSignal): Promise<TPatientCompact[]> {
  return api.get<TPatientCompact[]>("companies/own/patients/list", { signal, query: { q: q || undefined } });
}

export function patientPickerQueryOptions(q: string) {
  return queryOptions({ queryKey: patientKeys.picker(q), queryFn: ({ signal }) => fetchPatientPicker(q, signal) });
}

export function usePatientPicker(q: string) {
  return useQuery(patientPickerQueryOptions(q));
}
