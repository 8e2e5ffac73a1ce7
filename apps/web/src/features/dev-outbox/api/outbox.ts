import type { TOutboxMessage } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** GET dev/outbox?to=: the messages the server would have sent (development and tests only). */
export function fetchOutbox(to: string, signal?: AbortSignal): Promise<TOutboxMessage[]> {
  return api.get<TOutboxMessage[]>("dev/outbox", { query: { to: to.trim() || undefined }, signal, on401: "none" });
}

export function outboxQueryOptions(to: string) {
  return queryOptions({
    queryKey: ["dev", "outbox", to.trim()] as const,
    queryFn: ({ signal }) => fetchOutbox(to, signal),
    // Newest first, whatever order the server uses.
    select: (messages) => [...messages].sort((a, b) => b.created_at.localeCompare(a.created_at)),
    retry: false,
  });
}

export function useOutbox(to: string) {
  return useQuery(outboxQueryOptions(to));
}
