import type {
  TExemption,
  TExemptionBody,
  TExemptionCode,
  TExemptionToggleBody,
  TExemptionUpdateBody,
} from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { healthTherapyKeys } from "./keys.ts";

/** pathologies/exemptioncodes/users: without an id the caller's own, with the patient's hashid theirs. */
const path = (patient: string | null) =>
  patient ? `pathologies/exemptioncodes/users/${encodeURIComponent(patient)}` : "pathologies/exemptioncodes/users";

export function exemptionsQueryOptions(patient: string | null) {
  return queryOptions({
    queryKey: healthTherapyKeys.exemptions(patient),
    queryFn: ({ signal }) => api.get<TExemption[]>(path(patient), { signal }),
  });
}
export const useExemptions = (patient: string | null) => useQuery(exemptionsQueryOptions(patient));

/** GET pathologies/exemptioncodes/list: the national codes (chronic and rare). */
export const useExemptionCodes = () =>
  useQuery({
    queryKey: healthTherapyKeys.search("exemption-codes", ""),
    queryFn: ({ signal }) => api.get<TExemptionCode[]>("pathologies/exemptioncodes/list", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST (new), PUT (hashid in the body), PATCH (enable or disable). */
export function useSaveExemption(patient: string | null) {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: healthTherapyKeys.exemptions(patient) });
  const save = useMutation({
    mutationFn: (body: TExemptionBody | TExemptionUpdateBody) =>
      "hashid" in body ? api.put<TExemption>(path(patient), body) : api.post<TExemption>(path(patient), body),
    onSuccess: invalidate,
  });
  const toggle = useMutation({
    mutationFn: (body: TExemptionToggleBody) => api.patch<TExemption>(path(patient), body),
    onSuccess: invalidate,
  });
  return { save, toggle };
}
