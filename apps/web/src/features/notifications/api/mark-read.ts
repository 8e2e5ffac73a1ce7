import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { notificationsKey } from "./notifications.ts";

/** POST notifications/read: the listed notifications (hashids) become read. */
export function markNotificationsRead(ids: string[]): Promise<{ updated: number; unread: number }> {
  return api.post<{ updated: number; unread: number }>("notifications/read", { ids });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
