import type { TBand, TThresholdNotesBody, TThresholdSet } from "@cura/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { measurementKeys } from "./keys.ts";

/** GET exams/thresholds/{person}: every parameter's bands in effect. */
export function useThresholds(patient: string) {
  return useQuery({
    queryKey: measurementKeys.thresholds(patient),
    queryFn: ({ signal }) => api.get<TThresholdSet[]>(`exams/thresholds/${patient}`, { signal }),
  });
}

/** POST exams/thresholds/{person}, PUT and DELETE exams/thresholds/custom/{id}, PUT …/custom/notes/{id}. */
export function useThresholdChange() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: measurementKeys.all });
  return {
    create: useMutation({
      mutationFn: ({ patient, exam, bands }: { patient: string; exam: string; bands: TBand[] }) =>
        api.post<TThresholdSet>(`exams/thresholds/${patient}`, { exam_id: exam, bands }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ hashid, bands }: { hashid: string; bands: TBand[] }) =>
        api.put<TThresholdSet>(`exams/thresholds/custom/${hashid}`, { bands }),
      onSuccess: refresh,
    }),
    notes: useMutation({
      mutationFn: ({ hashid, body }: { hashid: string; body: TThresholdNotesBody }) =>
        api.put<TThresholdSet>(`exams/thresholds/custom/notes/${hashid}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (hashid: string) => api.delete<TThresholdSet>(`exams/thresholds/custom/${hashid}`),
      onSuccess: refresh,
    }),
  };
}
