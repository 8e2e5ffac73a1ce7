import type { TBooking } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { bookingKeys } from "./keys.ts";

/** GET users/own/reservations/latest: the citizen's most recent requests (by creation). */
export function fetchLatestBookings(signal?: AbortSignal): Promise<TBooking[]> {
  return api.get<TBooking[]>("users/own/reservations/latest", { signal });
}

export function latestBookingsQueryOptions() {
  return queryOptions({ queryKey: bookingKeys.latest(), queryFn: ({ signal }) => fetchLatestBookings(signal) });
}

export function useLatestBookings() {
  return useQuery(latestBookingsQueryOptions());
}

/** GET users/own/reservations/today: today's appointments (Italian time), in time order. */
export function fetchTodayBookings(signal?: AbortSignal): Promise<TBooking[]> {
  return api.get<TBooking[]>("users/own/reservations/today", { signal });
}

export function todayBookingsQueryOptions() {
  return queryOptions({ queryKey: bookingKeys.today(), queryFn: ({ signal }) => fetchTodayBookings(signal) });
}

export function useTodayBookings() {
  return useQuery(todayBookingsQueryOptions());
}
