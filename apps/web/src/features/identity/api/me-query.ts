import type { TUser } from "@cura/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

// Apart from me.ts's hooks: main.tsx starts this query before any area's code has arrived.

export const meQueryKey = ["users", "me"] as const;

/** GET users/fresh/me: the current user (spec 000 §7). `token` overrides the stored one. */
export function fetchMe(options: { token?: string; signal?: AbortSignal } = {}): Promise<TUser> {
  return api.get<TUser>("users/fresh/me", { on401: "session", signal: options.signal, token: options.token });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe({ signal }),
    staleTime: 60_000,
  });
}
