import type { TFullCalendar } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { agendaKeys } from "./keys.ts";

/** GET users/own/agendaevents/calendar/full?from=&to=: one's events and bookings of the dates. */
export function fullCalendarQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: agendaKeys.full(from, to),
    queryFn: ({ signal }) =>
      api.get<TFullCalendar>("users/own/agendaevents/calendar/full", { signal, query: { from, to } }),
    placeholderData: keepPreviousData,
  });
}

export function useFullCalendar(range: { from: string; to: string } | null) {
  return useQuery({ ...fullCalendarQueryOptions(range?.from ?? "", range?.to ?? ""), enabled: range !== null });
}
