import type { TBooking } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { patientKeys } from "./keys.ts";

/** GET companies/own/appointments: bookings of the company's agenda/ASL services (ref 5), latest first. */
export function fetchAslAppointments(page: number, signal?: AbortSignal): Promise<Paged<TBooking>> {
  return api.page<TBooking>("companies/own/appointments", { signal, query: { page } });
}

export function aslAppointmentsQueryOptions(page: number) {
  return queryOptions({
    queryKey: patientKeys.aslAppointments(page),
    queryFn: ({ signal }) => fetchAslAppointments(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAslAppointments(page: number) {
  return useQuery(aslAppointmentsQueryOptions(page));
}
