import type { TPathology, TPathologyBody, TPathologyUpdateBody } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { healthTherapyKeys } from "./keys.ts";

/** GET pathologies: a health file's pathologies (the patient's hashid for an operator), newest first, 100 a page. */
export function pathologiesQueryOptions(patient: string | null, page = 1) {
  return queryOptions({
    queryKey: [...healthTherapyKeys.pathologies(patient), page],
    queryFn: ({ signal }) =>
      api.page<TPathology>("pathologies", { signal, query: { patient: patient ?? undefined, page, per_page: 100 } }),
    placeholderData: keepPreviousData,
  });
}
export const usePathologies = (patient: string | null, page = 1) => useQuery(pathologiesQueryOptions(patient, page));

/** POST pathologies, or PUT pathologies with the hashid in the body. */
export function useSavePathology(patient: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPathologyBody | TPathologyUpdateBody) =>
      "hashid" in body ? api.put<TPathology>("pathologies", body) : api.post<TPathology>("pathologies", body),
    onSuccess: () => client.invalidateQueries({ queryKey: healthTherapyKeys.pathologies(patient) }),
  });
}
