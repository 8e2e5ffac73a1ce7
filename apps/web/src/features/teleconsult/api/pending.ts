import { TELECONSULT_PENDING_POLL_MS, type TeleconsultPathKind, type TTeleconsultPending } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { teleconsultKeys } from "./keys.ts";

/** GET reservations/{kind}/pending: the citizen's open quick or paediatric request, if any. */
export function fetchPending(kind: TeleconsultPathKind, signal?: AbortSignal): Promise<TTeleconsultPending> {
  return api.get<TTeleconsultPending>(`reservations/${kind}/pending`, { signal });
}

/** Polled while a request waits, so the page sees it taken in charge (or cancelled) without a reload. */
export function pendingQueryOptions(kind: TeleconsultPathKind) {
  return queryOptions({
    queryKey: teleconsultKeys.pending(kind),
    queryFn: ({ signal }) => fetchPending(kind, signal),
    refetchInterval: (query) => (query.state.data?.has_pending ? TELECONSULT_PENDING_POLL_MS : false),
  });
}

export function usePending(kind: TeleconsultPathKind) {
  return useQuery(pendingQueryOptions(kind));
}
