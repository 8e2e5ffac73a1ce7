import type { TBooking } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { patientKeys } from "./keys.ts";

/** GET reservations/company/users/{x}: the patient's bookings at the company, latest appointment first. */
export function fetchPatientBookings(hash: string, signal?: AbortSignal): Promise<TBooking[]> {
  return api.get<TBooking[]>(`reservations/company/users/${encodeURIComponent(hash)}`, { signal });
}

export function patientBookingsQueryOptions(hash: string) {
  return queryOptions({
    queryKey: patientKeys.bookings(hash),
    queryFn: ({ signal }) => fetchPatientBookings(hash, signal),
    // The operator's booking pages (detail, bulk tools) change these bookings under their own keys:
    // the card asks again whenever it opens rather than show a closed booking as still confirmed.
    staleTime: 0,
  });
}

export function usePatientBookings(hash: string) {
  return useQuery(patientBookingsQueryOptions(hash));
}
