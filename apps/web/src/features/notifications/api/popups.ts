import { POPUP_POLL_MS, REALTIME_EVENTS, type TPopupNotification, type TRealtimeServerMessage } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { api } from "../../../lib/api.ts";
import { useRealtime, useRealtimeMessages } from "../../../lib/realtime.ts";
import { useSession } from "../../../lib/session.ts";
import { isClientError, notificationsKey } from "./notifications.ts";

export const popupsKey = ["popup-notifications", "unseen"] as const;

/** GET popupnotifications?unseen=true: the popups still to show, oldest first. */
export function fetchUnseenPopups(signal?: AbortSignal): Promise<TPopupNotification[]> {
  return api.get<TPopupNotification[]>("popupnotifications", { signal, query: { unseen: true } });
}

/** While the realtime socket is open, a new popup is pushed; the poll only catches what a push missed. */
export const POPUP_POLL_PUSHED_MS = 60_000;

/**
 * Polled every 4.5 s (spec 001 §9) while none is shown, every minute while the realtime socket
 * pushes new ones (`pushed`); paused while one is on screen, and given up after a client error
 * (4xx: no session, or a server without popups), which asking again every few seconds would not change.
 */
export function unseenPopupsQueryOptions(showing: boolean, pushed = false) {
  return queryOptions({
    queryKey: popupsKey,
    queryFn: ({ signal }) => fetchUnseenPopups(signal),
    refetchInterval: (query) =>
      showing || isClientError(query.state.error) ? false : pushed ? POPUP_POLL_PUSHED_MS : POPUP_POLL_MS,
  });
}

export function useUnseenPopups(showing: boolean, pushed = false) {
  return useQuery(unseenPopupsQueryOptions(showing, pushed));
}

/**
 * Keeps the tab's realtime socket open while signed in (docs/realtime.md) and fetches the unseen
 * popups the moment one is pushed, after a reconnection (pushes may have been missed) and when the
 * server says it lost messages. Answers whether pushes arrive (the poll slows down then).
 */
export function usePopupPush(): boolean {
  const { token } = useSession();
  const status = useRealtime(token);
  const queryClient = useQueryClient();
  const readyBefore = useRef(false);
  const onMessage = useCallback(
    (message: TRealtimeServerMessage) => {
      const reconnected = message.type === "ready" && readyBefore.current;
      if (message.type === "ready") readyBefore.current = true;
      const popup = message.type === "event" && message.event === REALTIME_EVENTS.popup;
      if (popup || reconnected || message.type === "resync") {
        void queryClient.invalidateQueries({ queryKey: popupsKey });
      }
    },
    [queryClient],
  );
  useRealtimeMessages(onMessage);
  return status === "open";
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
