import type { TBooking } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { agendaKeys } from "./keys.ts";

/** GET companies/own/reservations/calendar?from=&to=: the company's appointments of the dates. */
export function companyCalendarQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: agendaKeys.company(from, to),
    queryFn: ({ signal }) =>
      api.get<TBooking[]>("companies/own/reservations/calendar", { signal, query: { from, to } }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyCalendar(range: { from: string; to: string } | null) {
  return useQuery({ ...companyCalendarQueryOptions(range?.from ?? "", range?.to ?? ""), enabled: range !== null });
}
