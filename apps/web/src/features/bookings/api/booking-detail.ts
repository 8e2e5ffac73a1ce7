import type { TBooking } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { bookingKeys } from "./keys.ts";

/** GET reservations/details/all/{id}: one of the citizen's bookings (404 for anyone else's). */
export function fetchBookingDetail(hashid: string, signal?: AbortSignal): Promise<TBooking> {
  return api.get<TBooking>(`reservations/details/all/${encodeURIComponent(hashid)}`, { signal });
}

export function bookingDetailQueryOptions(hashid: string) {
  return queryOptions({
    queryKey: bookingKeys.detail(hashid),
    queryFn: ({ signal }) => fetchBookingDetail(hashid, signal),
  });
}

export function useBookingDetail(hashid: string) {
  return useQuery(bookingDetailQueryOptions(hashid));
}
