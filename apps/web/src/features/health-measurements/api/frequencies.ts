import type { TMonitoringFrequency } from "@cura/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { measurementKeys } from "./keys.ts";

export type FrequencyKind = "exams" | "scores";

/** GET exams|scores/frequencies/{person}. */
export function useFrequencies(patient: string, kind: FrequencyKind) {
  return useQuery({
    queryKey: measurementKeys.frequencies(patient, kind),
    queryFn: ({ signal }) => api.get<TMonitoringFrequency[]>(`${kind}/frequencies/${patient}`, { signal }),
  });
}

/** POST on the person; PUT, PATCH (suspend/resume), DELETE on the frequency. */
export function useFrequencyChange(kind: FrequencyKind) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: measurementKeys.all });
  const target = kind === "exams" ? "exam_id" : "scale_id";
  return {
    create: useMutation({
      mutationFn: ({ patient, id, every, unit }: { patient: string; id: string; every: number; unit: number }) =>
        api.post<TMonitoringFrequency>(`${kind}/frequencies/${patient}`, { [target]: id, every, unit }),
      onSuccess: refresh,
    }),
    toggle: useMutation({
      mutationFn: ({ hashid, active }: { hashid: string; active: boolean }) =>
        api.patch<TMonitoringFrequency>(`${kind}/frequencies/${hashid}`, { active }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (hashid: string) => api.delete<unknown>(`${kind}/frequencies/${hashid}`),
      onSuccess: refresh,
    }),
  };
}
