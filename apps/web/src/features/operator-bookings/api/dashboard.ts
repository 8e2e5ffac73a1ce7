import type { TBooking, TStatisticsByDate } from "@cura/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { operatorBookingKeys } from "./keys.ts";

/** GET companies/own/reservations/calendar?from=&to=: the company's appointments of one day, in time order. */
export function fetchDayBookings(date: string, signal?: AbortSignal): Promise<TBooking[]> {
  return api.get<TBooking[]>("companies/own/reservations/calendar", { query: { from: date, to: date }, signal });
}

export function useDayBookings(date: string, enabled = true) {
  return useQuery({
    queryKey: operatorBookingKeys.today(date),
    queryFn: ({ signal }) => fetchDayBookings(date, signal),
    enabled,
  });
}

/** GET companies/own/reservations/statisticsbydate?date=: counts by status of the day and its week. */
export function fetchStatistics(date: string, signal?: AbortSignal): Promise<TStatisticsByDate> {
  return api.get<TStatisticsByDate>("companies/own/reservations/statisticsbydate", { query: { date }, signal });
}

export function useStatistics(date: string, enabled = true) {
  return useQuery({
    queryKey: operatorBookingKeys.statistics(date),
    queryFn: ({ signal }) => fetchStatistics(date, signal),
    enabled,
  });
}
