import type { TPopupAnswer, TPopupAnswerBody, TPopupQuestion } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const unansweredKey = ["popup-questions", "unanswered"] as const;

/**
 * GET users/popup/questions/unanswered: asked once when the citizen area opens (spec 001 §7). A 401
 * shows nothing (spec 001 §8): the shell's session handling is not triggered from here.
 */
export const unansweredQueryOptions = () =>
  queryOptions({
    queryKey: unansweredKey,
    queryFn: ({ signal }) => api.get<TPopupQuestion[]>("users/popup/questions/unanswered", { signal, on401: "none" }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
export const useUnansweredQuestions = () => useQuery(unansweredQueryOptions());

/** POST users/popup/questions `{ ref, response }`: the list is not refetched, the modal moves on itself. */
export function useAnswerQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPopupAnswerBody) => api.post<TPopupAnswer>("users/popup/questions", body, { on401: "none" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["popup-questions", "answers"] }),
  });
}
