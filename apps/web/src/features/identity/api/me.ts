import type { TUser } from "@cura/domain";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api.ts";
import { session } from "../../../lib/session.ts";

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

/** Keeps the stored user fresh while a signed-in shell is shown. */
export function useMe(enabled: boolean) {
  const query = useQuery({ ...meQueryOptions(), enabled });
  useEffect(() => {
    if (query.data) session.setUser(query.data);
  }, [query.data]);
  return query;
}

/** A call answered with the fresh user: keep the session and the cache in step with it. */
export function storeUser(queryClient: QueryClient, user: TUser): void {
  session.setUser(user);
  queryClient.setQueryData(meQueryKey, user);
}

/** Asks for the current user again and stores it (after a verification, a password change…). */
export async function refreshMe(queryClient: QueryClient): Promise<TUser> {
  const user = await fetchMe();
  storeUser(queryClient, user);
  return user;
}
