import type { TAdminPopupQuestion, TPopupQuestionBody } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

const key = ["admin-settings", "popup-questions"] as const;

/** GET admin/popup-questions: every question, newest period first, paged. */
export const adminPopupQuestionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...key, page] as const,
    queryFn: ({ signal }) =>
      api.page<TAdminPopupQuestion>("admin/popup-questions", { signal, query: { page, per_page: 20 } }),
    placeholderData: keepPreviousData,
  });
export const useAdminPopupQuestions = (page: number) => useQuery(adminPopupQuestionsQueryOptions(page));

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

/** POST admin/popup-questions, or PUT admin/popup-questions/{id} when an id is given. */
export function useSavePopupQuestion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TPopupQuestionBody }) =>
      id
        ? api.put<TAdminPopupQuestion>(`admin/popup-questions/${id}`, body)
        : api.post<TAdminPopupQuestion>("admin/popup-questions", body),
    onSuccess: invalidate,
  });
}

/** DELETE admin/popup-questions/{id}. */
export function useRemovePopupQuestion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete(`admin/popup-questions/${id}`),
    onSuccess: invalidate,
  });
}
