import type { TPatient } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { patientKeys } from "./keys.ts";

export interface PatientsQuery {
  q: string;
  page: number;
  /** "" every patient, "true" followed ones, "false" archived ones. */
  active: string;
}

/** GET companies/own/patients: the company's patients by surname, paged and searched. */
export function fetchPatients(query: PatientsQuery, signal?: AbortSignal): Promise<Paged<TPatient>> {
  return api.page<TPatient>("companies/own/patients", {
    signal,
    query: { q: query.q || undefined, page: query.page, active: query.active || undefined },
  });
}

export function patientsQueryOptions(query: PatientsQuery) {
  return queryOptions({
    queryKey: patientKeys.list(query),
    queryFn: ({ signal }) => fetchPatients(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePatients(query: PatientsQuery) {
  return useQuery(patientsQueryOptions(query));
}
