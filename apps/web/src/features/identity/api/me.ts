import type { TUser } from "@cura/domain";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { session } from "../../../lib/session.ts";
import { fetchMe, meQueryKey, meQueryOptions } from "./me-query.ts";

export { fetchMe, meQueryKey, meQueryOptions };

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
