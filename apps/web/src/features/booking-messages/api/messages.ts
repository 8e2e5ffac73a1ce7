import type { TBookingMessage } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { notificationsKey } from "../../notifications/api/notifications.ts";

export const bookingMessagesKey = (bookingHashid: string) => ["booking-messages", bookingHashid] as const;

/** New messages from the other party show up within this time while the booking is open. */
const REFRESH_MS = 30_000;

/** GET reservations/message/{id}: the conversation on a booking, oldest first. */
export function fetchBookingMessages(bookingHashid: string, signal?: AbortSignal): Promise<TBookingMessage[]> {
  return api.get<TBookingMessage[]>(`reservations/message/${bookingHashid}`, { signal });
}

export function bookingMessagesQueryOptions(bookingHashid: string) {
  return queryOptions({
    queryKey: bookingMessagesKey(bookingHashid),
    queryFn: ({ signal }) => fetchBookingMessages(bookingHashid, signal),
    refetchInterval: REFRESH_MS,
  });
}

export function useBookingMessages(bookingHashid: string) {
  return useQuery(bookingMessagesQueryOptions(bookingHashid));
}

/** POST reservations/message/{id}: writes to the other party. */
export function sendBookingMessage(bookingHashid: string, body: string): Promise<TBookingMessage> {
  return api.post<TBookingMessage>(`reservations/message/${bookingHashid}`, { body });
}

export function useSendBookingMessage(bookingHashid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendBookingMessage(bookingHashid, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingMessagesKey(bookingHashid) }),
  });
}

/** PATCH reservations/message/{id}: the other party's messages are now read. */
export function markBookingMessagesRead(bookingHashid: string): Promise<{ updated: number }> {
  return api.patch<{ updated: number }>(`reservations/message/${bookingHashid}`);
}

export function useMarkBookingMessagesRead(bookingHashid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markBookingMessagesRead(bookingHashid),
    onSuccess: (result) => {
      if (result.updated === 0) return;
      void queryClient.invalidateQueries({ queryKey: bookingMessagesKey(bookingHashid) });
      // The server also read the reader's notifications of these messages: the bell's count drops.
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
