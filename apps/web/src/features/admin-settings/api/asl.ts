import type { TAsl, TAslAdmin, TAslMergeBody, TAslUpdateBody } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** GET utilities/aslinfo?regione=: the ASL of a region (all without one); no sign-in. */
export const aslInfoQueryOptions = (regione: string | null) =>
  queryOptions({
    queryKey: ["asl", "info", regione ?? ""] as const,
    queryFn: ({ signal }) => api.get<TAsl[]>("utilities/aslinfo", { signal, query: { regione: regione || undefined } }),
    staleTime: 5 * 60_000,
    retry: false,
  });
export const useAslInfo = (regione: string | null, enabled = true) =>
  useQuery({ ...aslInfoQueryOptions(regione), enabled });

/** GET utilities/aslinfo/admin: every ASL with the source's name and the linked companies. */
export const aslAdminQueryOptions = () =>
  queryOptions({
    queryKey: ["asl", "admin"] as const,
    queryFn: ({ signal }) => api.get<TAslAdmin[]>("utilities/aslinfo/admin", { signal }),
  });
export const useAslAdmin = () => useQuery(aslAdminQueryOptions());

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["asl"] });
}

/** PUT utilities/aslinfo/admin/{codice}. */
export function useUpdateAsl() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ codice, body }: { codice: string; body: TAslUpdateBody }) =>
      api.put<TAslAdmin>(`utilities/aslinfo/admin/${codice}`, body),
    onSuccess: invalidate,
  });
}

/** POST utilities/aslinfo/admin/merge. */
export function useMergeAsl() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TAslMergeBody) => api.post<TAslAdmin[]>("utilities/aslinfo/admin/merge", body),
    onSuccess: invalidate,
  });
}

/** PUT utilities/aslinfo/admin/{codice}/companies/{company}: the company belongs to this ASL. */
export function useLinkCompany() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ codice, company }: { codice: string; company: string }) =>
      api.put<TAslAdmin>(`utilities/aslinfo/admin/${codice}/companies/${company}`),
    onSuccess: invalidate,
  });
}

/** DELETE utilities/aslinfo/admin/{codice}/companies/{company}. */
export function useUnlinkCompany() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ codice, company }: { codice: string; company: string }) =>
      api.delete<TAslAdmin>(`utilities/aslinfo/admin/${codice}/companies/${company}`),
    onSuccess: invalidate,
  });
}

/** GET companies/compact/search?q=: companies by name, to link one (3 characters at least). */
export const useCompanyLookup = (q: string) =>
  useQuery({
    queryKey: ["asl", "company-lookup", q] as const,
    queryFn: ({ signal }) =>
      api.get<Array<{ hashid: string; name: string; comune: string | null }>>("companies/compact/search", {
        signal,
        query: { q, per_page: 10 },
      }),
    enabled: q.trim().length >= 3,
  });
