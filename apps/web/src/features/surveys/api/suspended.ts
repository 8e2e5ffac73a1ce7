import type { TFill, TSurveyAnswer, TSuspendedSurvey } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { surveyKeys } from "./keys.ts";

/** GET activities/surveys/suspended/get/{id}: the mandatory survey of a teleconsult request; 404 once filled. */
export function fetchSuspended(id: string, signal?: AbortSignal): Promise<TSuspendedSurvey> {
  return api.get<TSuspendedSurvey>(`activities/surveys/suspended/get/${encodeURIComponent(id)}`, { signal });
}

export function suspendedQueryOptions(id: string) {
  return queryOptions({
    queryKey: surveyKeys.suspended(id),
    queryFn: ({ signal }) => fetchSuspended(id, signal),
    retry: false,
  });
}

export function useSuspended(id: string, enabled: boolean) {
  return useQuery({ ...suspendedQueryOptions(id), enabled });
}

/** POST activities/survey/suspended/filled: the answers, saved on the request's reservation. */
export function fillSuspended(body: { suspended: string; response: TSurveyAnswer[] }): Promise<TFill> {
  return api.post<TFill>("activities/survey/suspended/filled", body);
}

export function useFillSuspended() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fillSuspended,
    onSuccess: () => client.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}
