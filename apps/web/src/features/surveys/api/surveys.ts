import type { TSurvey, TSurveySummary, TSurveyTemplate } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { surveyKeys } from "./keys.ts";

/** GET activities/own/surveys: the surveys enabled for the operator's company, paged. */
export function fetchSurveys(page: number, signal?: AbortSignal): Promise<Paged<TSurveySummary>> {
  return api.page<TSurveySummary>("activities/own/surveys", { signal, query: { page, per_page: 20 } });
}

export function surveysQueryOptions(page: number) {
  return queryOptions({
    queryKey: surveyKeys.surveys(page),
    queryFn: ({ signal }) => fetchSurveys(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSurveys(page: number) {
  return useQuery(surveysQueryOptions(page));
}

/** GET activities/surveys/get/{id}: a survey with its template (a citizen: an open survey only). */
export function fetchSurvey(id: string, signal?: AbortSignal): Promise<TSurvey> {
  return api.get<TSurvey>(`activities/surveys/get/${encodeURIComponent(id)}`, { signal });
}

export function surveyQueryOptions(id: string) {
  return queryOptions({ queryKey: surveyKeys.survey(id), queryFn: ({ signal }) => fetchSurvey(id, signal) });
}

export function useSurvey(id: string | undefined) {
  return useQuery({ ...surveyQueryOptions(id ?? ""), enabled: Boolean(id) });
}

export interface SurveyFields {
  name: string;
  description: string | null;
  informativa: string | null;
  template: TSurveyTemplate;
}

/** POST activities/surveys/new, or PUT activities/surveys/edit/{hash} (a changed template is a new version). */
export function saveSurvey({
  hashid,
  activity,
  fields,
}: {
  hashid?: string | undefined;
  activity?: string | undefined;
  fields: SurveyFields;
}): Promise<TSurvey> {
  return hashid
    ? api.put<TSurvey>(`activities/surveys/edit/${encodeURIComponent(hashid)}`, fields)
    : api.post<TSurvey>("activities/surveys/new", { ...fields, activity, active: true });
}

/** PUT activities/surveys/active/update/{hash}. */
export function setSurveyActive({ hashid, active }: { hashid: string; active: boolean }): Promise<TSurvey> {
  return api.put<TSurvey>(`activities/surveys/active/update/${encodeURIComponent(hashid)}`, { active });
}

function useSurveysMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: surveyKeys.all }) });
}

export const useSaveSurvey = () => useSurveysMutation(saveSurvey);
export const useSetSurveyActive = () => useSurveysMutation(setSurveyActive);
