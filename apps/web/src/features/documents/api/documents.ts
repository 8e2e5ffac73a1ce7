import type { TDocument, TDocumentSummary } from "@cura/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { documentKeys } from "./keys.ts";

const path = (hashid: string) => encodeURIComponent(hashid);

/** GET tobesigneddocuments/reservation/{id}: the reservation's documents, newest first. */
export function useReservationDocuments(reservation: string) {
  return useQuery({
    queryKey: documentKeys.reservation(reservation),
    queryFn: ({ signal }) =>
      api.page<TDocumentSummary>(`tobesigneddocuments/reservation/${path(reservation)}`, {
        signal,
        query: { per_page: 100 },
      }),
  });
}

/** GET tobesigneddocuments/{id}: the text; for the signer, the API records the opening. */
export function useDocument(hashid: string | null) {
  return useQuery({
    queryKey: documentKeys.detail(hashid ?? ""),
    queryFn: ({ signal }) => api.get<TDocument>(`tobesigneddocuments/${path(hashid ?? "")}`, { signal }),
    enabled: hashid !== null,
  });
}

/** POST tobesigneddocuments, then assign-to-reservation: what the operator prepared, on the reservation. */
export function useAssignDocument(reservation: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { template: string; html: string }) => {
      const created = await api.post<TDocument>("tobesigneddocuments", {
        document_template_hashid: input.template,
        html_content: input.html,
      });
      return api.post<TDocumentSummary[]>("tobesigneddocuments/assign-to-reservation", {
        document_hashids: [created.hashid],
        reservation_hashid: reservation,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.reservation(reservation) }),
  });
}

/** DELETE tobesigneddocuments/{id} (unsigned only). */
export function useDeleteDocument(reservation: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hashid: string) => api.delete<unknown>(`tobesigneddocuments/${path(hashid)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.reservation(reservation) }),
  });
}

/** POST tobesigneddocuments/{id}/sign `{ confirm: true }`. */
export function useSignDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hashid: string) =>
      api.post<TDocumentSummary>(`tobesigneddocuments/${path(hashid)}/sign`, { confirm: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
