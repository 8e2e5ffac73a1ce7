import type { TBookingEvent } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { bookingKeys } from "./keys.ts";

/**
 * GET reservations/history/{id}: the booking's history, oldest first, for either party (404 for
 * anyone else's). Under `bookingKeys.all`, so every change of a booking refreshes it.
 */
export function fetchBookingHistory(hashid: string, signal?: AbortSignal): Promise<TBookingEvent[]> {
  return api.get<TBookingEvent[]>(`reservations/history/${encodeURIComponent(hashid)}`, { signal });
}

export function bookingHistoryQueryOptions(hashid: string) {
  return queryOptions({
    queryKey: bookingKeys.history(hashid),
    queryFn: ({ signal }) => fetchBookingHistory(hashid, signal),
  });
}

export function useBookingHistory(hashid: string) {
  return useQuery(bookingHistoryQueryOptions(hashid));
}
