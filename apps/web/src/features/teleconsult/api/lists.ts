import type { TeleconsultKind, TTeleconsult } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { teleconsultKeys } from "./keys.ts";

/** The sections' lists refresh on their own: a new request or one taken by a colleague shows up. */
const LIST_POLL_MS = 15_000;

/** GET teleconsults/own: the citizen's teleconsultations, newest first. */
export function ownTeleconsultsQueryOptions(page: number) {
  return queryOptions({
    queryKey: teleconsultKeys.own(page),
    queryFn: ({ signal }): Promise<Paged<TTeleconsult>> =>
      api.page<TTeleconsult>("teleconsults/own", { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}
export const useOwnTeleconsults = (page: number) => useQuery(ownTeleconsultsQueryOptions(page));

/** GET teleconsults/company/{kind}: the operator's section; `open` for the queue. */
export function companyTeleconsultsQueryOptions(kind: TeleconsultKind, open: boolean, page: number) {
  return queryOptions({
    queryKey: teleconsultKeys.company(kind, open, page),
    queryFn: ({ signal }): Promise<Paged<TTeleconsult>> =>
      api.page<TTeleconsult>(`teleconsults/company/${kind}`, {
        signal,
        query: { page, open: open ? "true" : undefined },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
    // A queue is read again whenever it is shown (a popup's action opens it for a new request).
    staleTime: 0,
  });
}
export const useCompanyTeleconsults = (kind: TeleconsultKind, open: boolean, page: number) =>
  useQuery(companyTeleconsultsQueryOptions(kind, open, page));

/** GET teleconsults/admin: every teleconsultation, read-only. */
export function adminTeleconsultsQueryOptions(page: number) {
  return queryOptions({
    queryKey: teleconsultKeys.admin(page),
    queryFn: ({ signal }): Promise<Paged<TTeleconsult>> =>
      api.page<TTeleconsult>("teleconsults/admin", { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}
export const useAdminTeleconsults = (page: number) => useQuery(adminTeleconsultsQueryOptions(page));

/** GET teleconsults/{hash}: the preview. */
export function teleconsultQueryOptions(hashid: string) {
  return queryOptions({
    queryKey: teleconsultKeys.one(hashid),
    queryFn: ({ signal }) => api.get<TTeleconsult>(`teleconsults/${encodeURIComponent(hashid)}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && ["ricevuto", "confermato"].includes(query.state.data.status) ? LIST_POLL_MS : false,
  });
}
export const useTeleconsult = (hashid: string) => useQuery(teleconsultQueryOptions(hashid));
