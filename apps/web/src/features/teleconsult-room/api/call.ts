import type { TCallState } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const callKey = (hashid: string) => ["teleconsult-room", hashid] as const;

/** GET teleconsult/room/{id}: the call for one of its members (ICE servers with fresh TURN credentials). */
export function callStateQuery(hashid: string) {
  return queryOptions({
    queryKey: callKey(hashid),
    queryFn: ({ signal }) => api.get<TCallState>(`teleconsult/room/${encodeURIComponent(hashid)}`, { signal }),
    // Credentials are handed out once per page: no refetch behind the call's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useCallState(hashid: string) {
  return useQuery(callStateQuery(hashid));
}

/** POST reservations/company/tc/connected/{id}: first status 4, the server's clock starts. */
export const markConnected = (hashid: string) =>
  api.post<TCallState>(`reservations/company/tc/connected/${encodeURIComponent(hashid)}`);

/** 'Termina'. */
export const endCall = (hashid: string) => api.post<TCallState>(`teleconsult/room/${encodeURIComponent(hashid)}/end`);

export const inviteGuest = (hashid: string, body: { name: string; email?: string; prefix?: string; phone?: string }) =>
  api.post<{ hashid: string; name: string; status: string }>(
    `teleconsult/room/${encodeURIComponent(hashid)}/guests`,
    body,
  );

export const admitGuest = (hashid: string, guest: string) =>
  api.post(`teleconsult/room/${encodeURIComponent(hashid)}/guests/${encodeURIComponent(guest)}/admit`);

/** The guest's single opening of the link (no account: no token). */
export const openGuestLink = (token: string) =>
  api.post<{ token: string; state: TCallState }>(`teleconsult/guest/${encodeURIComponent(token)}/open`, undefined, {
    on401: "none",
  });

/** The guest's state with their socket token: admitted yet (among the parties, with ICE servers)? */
export const guestState = (token: string) =>
  api.post<TCallState>("teleconsult/guest/state", { token }, { on401: "none" });
