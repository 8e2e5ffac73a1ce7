import type { TNotification } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiError } from "../../../lib/api.ts";

export const notificationsKey = ["notifications"] as const;

/** How many the centre shows: the newest; older ones are rarely useful from the header. */
export const CENTRE_PAGE_SIZE = 20;
/** The badge refreshes this often while the shell is open. */
const REFRESH_MS = 30_000;

/** A 4xx will not change by asking again: background refreshes stop (a new mount asks afresh). */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

export interface NotificationPage {
  data: TNotification[];
  meta: { page: number; per_page: number; total: number; unread: number };
}

/** GET notifications: the newest of the signed-in user's notifications, with the unread count. */
export function fetchNotifications(signal?: AbortSignal): Promise<NotificationPage> {
  return api.get<NotificationPage>("notifications", {
    signal,
    query: { per_page: CENTRE_PAGE_SIZE },
    envelope: true,
  });
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => fetchNotifications(signal),
    refetchInterval: (query) => (isClientError(query.state.error) ? false : REFRESH_MS),
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
