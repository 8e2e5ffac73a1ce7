import type { TAdminExam, TAdminExamBody, TExam, TFdsAdhesionBody, TFdsService } from "@cura/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/**
 * The administrator's catalogues on `servizi`: the parameters (GET exams, POST exams, GET, PUT and
 * DELETE exams/{id}) and the 'farmacia dei servizi' (GET fdsservices, POST fdsservices/fdservice/adesioni/set/{hashid}).
 */

const keys = {
  exams: ["exams"] as const,
  exam: (hashid: string) => ["exams", hashid] as const,
  fds: (company: string) => ["admin-catalogue", "fds", company] as const,
  fdsAll: ["admin-catalogue", "fds"] as const,
  pharmacies: ["admin-catalogue", "pharmacies"] as const,
};

export function useExams() {
  return useQuery({ queryKey: keys.exams, queryFn: ({ signal }) => api.get<TExam[]>("exams", { signal }) });
}

/** One parameter with its default bands (the list carries none), for the form. */
export function useExam(hashid: string | null) {
  return useQuery({
    queryKey: keys.exam(hashid ?? ""),
    queryFn: ({ signal }) => api.get<TAdminExam>(`exams/${hashid}`, { signal }),
    enabled: hashid !== null,
  });
}

export function useSaveExam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hashid, body }: { hashid: string | null; body: TAdminExamBody }) =>
      hashid ? api.put<TAdminExam>(`exams/${hashid}`, body) : api.post<TAdminExam>("exams", body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.exams }),
  });
}

export function useDeleteExam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hashid: string) => api.delete<unknown>(`exams/${hashid}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.exams }),
  });
}

export function useFdsServices(company: string) {
  return useQuery({
    queryKey: keys.fds(company),
    queryFn: ({ signal }) =>
      api.get<TFdsService[]>("fdsservices", { signal, query: { company: company || undefined } }),
  });
}

/** The pharmacies that may adhere (the first hundred by name). */
export function usePharmacies() {
  return useQuery({
    queryKey: keys.pharmacies,
    queryFn: ({ signal }) =>
      api.page<{ hashid: string; name: string; comune: string | null }>("companies", {
        signal,
        query: { type: "farmacia", per_page: 100, sort: "name" },
      }),
    staleTime: 60_000,
  });
}

export function useSetAdhesion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hashid, body }: { hashid: string; body: TFdsAdhesionBody }) =>
      api.post<TFdsService>(`fdsservices/fdservice/adesioni/set/${hashid}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.fdsAll }),
  });
}
