import type { TSurveySummary } from "@cura/domain";
import type { TCompilation, TSessionCreateBody, TSurveySession } from "@cura/domain/sessions";
import type { TSurveyAnswer } from "@cura/domain/surveys/template";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";

/** Survey sessions and compilations (issue 13): the calls of spec 002 §7 "Survey sessions". */
export const sessionKeys = {
  all: ["survey-sessions"] as const,
  list: (scope: string, page: number) => ["survey-sessions", "list", scope, page] as const,
  one: (id: string) => ["survey-sessions", "one", id] as const,
  compilations: (id: string, page: number) => ["survey-sessions", "compilations", id, page] as const,
  compilation: (id: string) => ["survey-sessions", "compilation", id] as const,
  available: (page: number) => ["survey-sessions", "available", page] as const,
  own: (page: number) => ["survey-sessions", "own", page] as const,
};
const PER_PAGE = 20;
const enc = encodeURIComponent;

/** GET companies/own/survey-sessions (operators) or GET survey-sessions (administrators: all). */
export function useSessions(scope: "own" | "all", page: number) {
  return useQuery({
    queryKey: sessionKeys.list(scope, page),
    queryFn: ({ signal }) =>
      api.page<TSurveySession>(scope === "own" ? "companies/own/survey-sessions" : "survey-sessions", {
        signal,
        query: { page, per_page: PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSession(id: string | undefined) {
  return useQuery({
    queryKey: sessionKeys.one(id ?? ""),
    queryFn: ({ signal }) => api.get<TSurveySession>(`survey-sessions/${enc(id ?? "")}`, { signal }),
    enabled: Boolean(id),
  });
}

/** GET survey-sessions/available-surveys: what a manager may put in a session. */
export function useAvailableSurveys(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.available(1),
    queryFn: ({ signal }): Promise<Paged<TSurveySummary>> =>
      api.page<TSurveySummary>("survey-sessions/available-surveys", { signal, query: { page: 1, per_page: 100 } }),
    enabled,
  });
}

/** GET survey-sessions/{id}/filled-sessions. */
export function useSessionCompilations(id: string, page: number) {
  return useQuery({
    queryKey: sessionKeys.compilations(id, page),
    queryFn: ({ signal }) =>
      api.page<TCompilation>(`survey-sessions/${enc(id)}/filled-sessions`, {
        signal,
        query: { page, per_page: PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET users/own/filled-survey-sessions: the citizen's own compilations of in-clear sessions. */
export function useOwnCompilations(page: number, enabled = true) {
  return useQuery({
    queryKey: sessionKeys.own(page),
    queryFn: ({ signal }) =>
      api.page<TCompilation>("users/own/filled-survey-sessions", { signal, query: { page, per_page: PER_PAGE } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCompilation(id: string | undefined) {
  return useQuery({
    queryKey: sessionKeys.compilation(id ?? ""),
    queryFn: ({ signal }) => api.get<TCompilation>(`filled-survey-sessions/${enc(id ?? "")}`, { signal }),
    enabled: Boolean(id),
  });
}

function useSessionMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }) });
}

export const useCreateSession = () =>
  useSessionMutation((body: TSessionCreateBody) => api.post<TSurveySession>("survey-sessions", body));
export const useSetSessionStatus = () =>
  useSessionMutation(({ session, status }: { session: TSurveySession; status: "completata" | "annullata" }) =>
    api.put<TSurveySession>(`survey-sessions/${enc(session.hashid)}`, {
      name: session.name,
      description: session.description,
      type: session.type,
      allowed_roles: session.allowed_roles,
      signature_required: session.signature_required,
      days_to_sign: session.days_to_sign,
      status,
    }),
  );
export const useDeleteSession = () =>
  useSessionMutation((id: string) => api.delete<{ message: string }>(`survey-sessions/${enc(id)}`));
export const useReorderSession = () =>
  useSessionMutation(({ id, ordered_items }: { id: string; ordered_items: string[] }) =>
    api.put<TSurveySession>(`survey-sessions/${enc(id)}/reorder`, { ordered_items }),
  );
export const useStartCompilation = () =>
  useSessionMutation((body: { survey_session_id: string; user?: string; pseudonym?: string }) =>
    api.post<TCompilation>("companies/own/filled-survey-sessions/start", body),
  );
export const useSubmitSurvey = () =>
  useSessionMutation(({ id, survey_id, answers }: { id: string; survey_id: string; answers: TSurveyAnswer[] }) =>
    api.post<TCompilation>(`filled-survey-sessions/${enc(id)}/submit-survey`, { survey_id, answers }),
  );
export const useUpdateCompilation = () =>
  useSessionMutation(({ id, action }: { id: string; action: "sign" | "abandon" }) =>
    api.put<TCompilation>(`filled-survey-sessions/${enc(id)}`, { action }),
  );
export const useEnableSession = () =>
  useSessionMutation(({ id, company_id, enabled }: { id: string; company_id: string; enabled: boolean }) =>
    api.post<unknown>(`survey-sessions/enable/${enc(id)}`, { company_id, enabled }),
  );
