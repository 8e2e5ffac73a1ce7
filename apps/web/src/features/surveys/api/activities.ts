import { LIMITS, type TActivity, type TActivityBody, type TActivityStatus } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { surveyKeys } from "./keys.ts";

/** GET activities: the company's activities (raccolte) enabled for it, paged. */
export function fetchActivities(page: number, signal?: AbortSignal): Promise<Paged<TActivity>> {
  return api.page<TActivity>("activities", { signal, query: { page, per_page: 20 } });
}

export function activitiesQueryOptions(page: number) {
  return queryOptions({
    queryKey: surveyKeys.activities(page),
    queryFn: ({ signal }) => fetchActivities(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivities(page: number) {
  return useQuery(activitiesQueryOptions(page));
}

/** POST activities, or PUT activities/{hash} when editing one. */
export function saveActivity({ hashid, body }: { hashid?: string; body: TActivityBody }): Promise<TActivity> {
  return hashid
    ? api.put<TActivity>(`activities/${encodeURIComponent(hashid)}`, body)
    : api.post<TActivity>("activities", body);
}

/** PUT activities/status/update/{hash}: only an active activity takes fills. */
export function setActivityStatus({ hashid, status }: { hashid: string; status: TActivityStatus }) {
  return api.put<TActivity>(`activities/status/update/${encodeURIComponent(hashid)}`, { status });
}

function useSurveysMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: surveyKeys.all }) });
}

export const useSaveActivity = () => useSurveysMutation(saveActivity);
export const useSetActivityStatus = () => useSurveysMutation(setActivityStatus);

/** The activities a new survey may go in: the company's own, as many as a page holds. */
export function useActivityChoices() {
  return useQuery({
    queryKey: [...surveyKeys.all, "activity-choices"],
    queryFn: ({ signal }) =>
      api.page<TActivity>("activities", { signal, query: { page: 1, per_page: LIMITS.pageSizeMax } }),
  });
}

/** GET activities/{hash}: one activity, for its edit form. */
export function useActivity(hashid: string | undefined) {
  return useQuery({
    queryKey: surveyKeys.activity(hashid ?? ""),
    queryFn: ({ signal }) => api.get<TActivity>(`activities/${encodeURIComponent(hashid ?? "")}`, { signal }),
    enabled: Boolean(hashid),
  });
}
