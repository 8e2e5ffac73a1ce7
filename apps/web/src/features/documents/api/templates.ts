import type { TDocumentTemplate, TDocumentTemplateBody } from "@cura/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { documentKeys } from "./keys.ts";

/** GET companies/own/documenttemplates: the company's templates (a company keeps a handful: one page). */
export function useDocumentTemplates() {
  return useQuery({
    queryKey: documentKeys.templates(),
    queryFn: ({ signal }) =>
      api.page<TDocumentTemplate>("companies/own/documenttemplates", { signal, query: { per_page: 100 } }),
  });
}

/** POST companies/own/documenttemplates, or PUT …/{id} when editing. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hashid, body }: { hashid: string | null; body: TDocumentTemplateBody }) =>
      hashid
        ? api.put<TDocumentTemplate>(`companies/own/documenttemplates/${encodeURIComponent(hashid)}`, body)
        : api.post<TDocumentTemplate>("companies/own/documenttemplates", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.templates() }),
  });
}
