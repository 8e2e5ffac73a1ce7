import type { TMeasurement, TMeasurementBody, TMeasurementFields, TMeasurementHistory } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { measurementKeys, userQuery } from "./keys.ts";

export const MEASUREMENTS_PER_PAGE = 10;

/** GET exams/measurements/all: the person's readings of one parameter, newest first, paged. */
export function fetchMeasurements(patient: string | null, exam: string | null, page: number, signal?: AbortSignal) {
  const query = [userQuery(patient), exam ? `exam_id=${exam}` : "", `page=${page}`, `per_page=${MEASUREMENTS_PER_PAGE}`]
    .filter(Boolean)
    .join("&");
  return api.page<TMeasurement>(`exams/measurements/all?${query}`, { signal });
}

export function useMeasurements(patient: string | null, exam: string | null, page: number) {
  return useQuery(
    queryOptions({
      queryKey: measurementKeys.list(patient, exam, page),
      queryFn: ({ signal }) => fetchMeasurements(patient, exam, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET exams/measurements/history/{exam}: the last year of one parameter and the bands in effect. */
export function fetchHistory(patient: string | null, exam: string, signal?: AbortSignal) {
  const query = userQuery(patient);
  return api.get<TMeasurementHistory>(`exams/measurements/history/${exam}${query ? `?${query}` : ""}`, { signal });
}

export function useHistory(patient: string | null, exam: string | null) {
  return useQuery({
    queryKey: measurementKeys.history(patient, exam ?? ""),
    queryFn: ({ signal }) => fetchHistory(patient, exam as string, signal),
    enabled: exam !== null,
  });
}

/** POST exams/measurements/add. */
export function addMeasurement(body: TMeasurementBody) {
  return api.post<TMeasurement>("exams/measurements/add", body);
}

/** PUT exams/measurements/edit/{id}: the author changes a reading (band and risk computed again). */
export function editMeasurement({ hashid, body }: { hashid: string; body: TMeasurementFields }) {
  return api.put<TMeasurement>(`exams/measurements/edit/${hashid}`, body);
}

/** DELETE exams/measurements/{id} (the proper verb of GET exams/measurements/delete/{id}). */
export function deleteMeasurement(hashid: string) {
  return api.delete<unknown>(`exams/measurements/${hashid}`);
}

export function useMeasurementChange() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: measurementKeys.all });
  return {
    add: useMutation({ mutationFn: addMeasurement, onSuccess: refresh }),
    edit: useMutation({ mutationFn: editMeasurement, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteMeasurement, onSuccess: refresh }),
  };
}
