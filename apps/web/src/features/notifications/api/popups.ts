import { POPUP_POLL_MS, type TPopupNotification } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { isClientError, notificationsKey } from "./notifications.ts";

export const popupsKey = ["popup-notifications", "unseen"] as const;

/** GET popupnotifications?unseen=true: the popups still to show, oldest first. */
export function fetchUnseenPopups(signal?: AbortSignal): Promise<TPopupNotification[]> {
  return api.get<TPopupNotification[]>("popupnotifications", { signal, query: { unseen: true } });
}

/**
 * Polled every 4.5 s (spec 001 §9) while none is shown; paused while one is on screen, and given
 * up after a client error (4xx: no session, or a server without popups), which asking again every
 * few seconds would not change.
 */
export function unseenPopupsQueryOptions(showing: boolean) {
  return queryOptions({
    queryKey: popupsKey,
    queryFn: ({ signal }) => fetchUnseenPopups(signal),
    refetchInterval: (query) => (showing || isClientError(query.state.error) ? false : POPUP_POLL_MS),
  });
}

export function useUnseenPopups(showing: boolean) {
  return useQuery(unseenPopupsQueryOptions(showing));
}

/** PATCH popupnotifications/{id}/seen: closing the modal or pressing its action. */
export function markPopupSeen(hashid: string): Promise<TPopupNotification> {
  return api.patch<TPopupNotification>(`popupnotifications/${hashid}/seen`);
}

export function useMarkPopupSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPopupSeen,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: popupsKey });
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
