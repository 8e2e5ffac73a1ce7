import type { TSurveyAnswer, TSurveyDraft } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { surveyKeys } from "./keys.ts";

/** GET activities/surveys/draft/{id}: the citizen's saved answers of a survey (save and resume), or null. */
export function fetchDraft(survey: string, signal?: AbortSignal): Promise<TSurveyDraft | null> {
  return api.get<TSurveyDraft | null>(`activities/surveys/draft/${encodeURIComponent(survey)}`, { signal });
}

export function draftQueryOptions(survey: string) {
  return queryOptions({
    queryKey: surveyKeys.draft(survey),
    queryFn: ({ signal }) => fetchDraft(survey, signal),
    // The draft is read once when the player opens; the player's own saves are what counts after.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useDraft(survey: string) {
  return useQuery(draftQueryOptions(survey));
}

/** PUT activities/surveys/draft/{id}: the answers so far and the question the filler goes to. */
export function saveDraft(survey: string, answers: TSurveyAnswer[], nextIndex: number): Promise<TSurveyDraft> {
  return api.put<TSurveyDraft>(`activities/surveys/draft/${encodeURIComponent(survey)}`, {
    answers,
    next_index: nextIndex,
  });
}
