import type { TFill, TFillSummary, TSurveyAnswer } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";
import { uploadPublic } from "../../files/api/upload-public.ts";
import { surveyKeys } from "./keys.ts";

/**
 * Where a survey's uploads go: a destination of health content, so the file is encrypted at rest
 * (spec 001 §9: encrypt on for the survey uploader), and the fill takes only the filler's own upload.
 */
export const SURVEY_UPLOAD_DESTINATION = "questionari";

/** POST resources/public: one file of a file question; the player keeps its hashid as the answer. */
export async function uploadSurveyFile(file: File): Promise<{ hashid: string; name: string }> {
  const uploaded = await uploadPublic({ file, destination: SURVEY_UPLOAD_DESTINATION });
  return { hashid: uploaded.hashid, name: uploaded.name };
}

/** GET activities/surveys/filled/all/{hash}: a survey's fills (the company's), paged. */
export function fetchFills(survey: string, page: number, signal?: AbortSignal): Promise<Paged<TFillSummary>> {
  return api.page<TFillSummary>(`activities/surveys/filled/all/${encodeURIComponent(survey)}`, {
    signal,
    query: { page, per_page: 20 },
  });
}

export function fillsQueryOptions(survey: string, page: number) {
  return queryOptions({
    queryKey: surveyKeys.fills(survey, page),
    queryFn: ({ signal }) => fetchFills(survey, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFills(survey: string, page: number) {
  return useQuery(fillsQueryOptions(survey, page));
}

/** POST activities/surveys/filled/new: the citizen's own fill, one answer per question. */
export function fillOwn(body: { survey: string; answers: TSurveyAnswer[] }): Promise<TFill> {
  return api.post<TFill>("activities/surveys/filled/new", body);
}

/** POST activities/surveys/filled/patient: an operator's fill for a patient of the company. */
export function fillForPatient(body: { survey: string; user: string; answers: TSurveyAnswer[] }): Promise<TFill> {
  return api.post<TFill>("activities/surveys/filled/patient", body);
}

/** POST activities/surveys/filled/asl/new: an operator's fill on one of the company's ASL appointments. */
export function fillOnAslAppointment(body: {
  reservation: string;
  survey: string;
  answers: TSurveyAnswer[];
}): Promise<TFill> {
  return api.post<TFill>("activities/surveys/filled/asl/new", body);
}

function useFillMutation<V>(mutationFn: (vars: V) => Promise<TFill>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: surveyKeys.all }) });
}

export const useFillOwn = () => useFillMutation(fillOwn);
export const useFillForPatient = () => useFillMutation(fillForPatient);
export const useFillOnAslAppointment = () => useFillMutation(fillOnAslAppointment);

/** GET activities/survey/filled/pdf/{id}: the filler's own fill as PDF. */
export async function downloadOwnFillPdf(id: string): Promise<void> {
  saveBlob(await api.blob(`activities/survey/filled/pdf/${encodeURIComponent(id)}`), `questionario-${id}.pdf`);
}

/** GET activities/surveys/filled/pdf/{id}: a fill as PDF, for its company's managers. */
export async function downloadFillPdf(id: string): Promise<void> {
  saveBlob(await api.blob(`activities/surveys/filled/pdf/${encodeURIComponent(id)}`), `compilazione-${id}.pdf`);
}

/** GET activities/surveys/filled/xls/{id}: a survey's fills, a row per fill and a column per question. */
export async function downloadFillsXls(survey: string): Promise<void> {
  saveBlob(
    await api.blob(`activities/surveys/filled/xls/${encodeURIComponent(survey)}`),
    `compilazioni-${survey}.xlsx`,
  );
}
