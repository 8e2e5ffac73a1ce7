import type { DownloadScope, TManual, TSupportTicketBody, TVideo } from "@cura/domain";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";

/** POST utilities/ticket. */
export function useSendTicket() {
  return useMutation({
    mutationFn: (body: TSupportTicketBody) =>
      api.post<{ hashid: string }>("utilities/ticket", body, { envelope: true }),
  });
}

export type ManualList = Paged<TManual> & { fallback: { it: string; en: string | null } };

/** GET manuals?is_operatore=: every release of the area's manual (a few dozen at most: one page of 100). */
export function manualsQueryOptions(operator: boolean) {
  return queryOptions({
    queryKey: ["support", "manuals", operator] as const,
    queryFn: ({ signal }) =>
      api.get<ManualList>("manuals", { signal, envelope: true, query: { is_operatore: operator, per_page: 100 } }),
  });
}
export const useManuals = (operator: boolean) => useQuery(manualsQueryOptions(operator));

/** GET downloads?scope=: the scope's manuals and video tutorials. */
export function downloadsQueryOptions(scope: DownloadScope) {
  return queryOptions({
    queryKey: ["support", "downloads", scope] as const,
    queryFn: ({ signal }) =>
      api.get<{ manuali: TManual[]; video: TVideo[] }>("downloads", { signal, query: { scope } }),
  });
}
export const useDownloads = (scope: DownloadScope) => useQuery(downloadsQueryOptions(scope));

/** A download link of the API (`resources/{id}/public/scaricabili`) as a URL the browser opens. */
export const fileUrl = (link: string) => (link.startsWith("/") || link.startsWith("http") ? link : `/api/v1/${link}`);
