import type { TBooking, TBookingEvent, TOperatorBooking } from "@cura/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { operatorBookingKeys } from "./keys.ts";

/** One booking of the operator's company and its actions (spec 001 §7 Operator reservations). */

const path = (hashid: string) => encodeURIComponent(hashid);

/** GET reservations/details/all/{id}: the booking (404 for another company's). */
export function useOperatorBooking(hashid: string) {
  return useQuery({
    queryKey: operatorBookingKeys.detail(hashid),
    queryFn: ({ signal }) => api.get<TBooking>(`reservations/details/all/${path(hashid)}`, { signal }),
  });
}

/** GET reservations/history/{id}: every change, oldest first. */
export function useBookingHistory(hashid: string) {
  return useQuery({
    queryKey: operatorBookingKeys.history(hashid),
    queryFn: ({ signal }) => api.get<TBookingEvent[]>(`reservations/history/${path(hashid)}`, { signal }),
  });
}

/** GET reservations/requestcode/{id}: the short code read to the citizen. */
export function useRequestCode(hashid: string) {
  return useQuery({
    queryKey: operatorBookingKeys.code(hashid),
    queryFn: ({ signal }) =>
      api.get<{ hashid: string; code: string }>(`reservations/requestcode/${path(hashid)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const operatorActions = {
  confirm: (hashid: string) => api.post<TBooking>(`reservations/company/confirm/${path(hashid)}`),
  refuse: (hashid: string, reason: number) =>
    api.post<TBooking>(`reservations/company/reject/${path(hashid)}`, { reason }),
  propose: (hashid: string, start: string) => api.put<TBooking>(`reservations/date/change/${path(hashid)}`, { start }),
  close: (hashid: string) => api.post<TBooking>(`reservations/company/close/${path(hashid)}`),
  noShow: (hashid: string) => api.post<TBooking>(`reservations/company/noshow/${path(hashid)}`),
  notes: (hashid: string, notes: string | null) => api.patch<TBooking>(`reservations/notes/${path(hashid)}`, { notes }),
  confirmChangeRequest: (hashid: string) =>
    api.post<TOperatorBooking>(`reservations/company/confirmCR/${path(hashid)}`),
  rejectChangeRequest: (hashid: string, reason: number) =>
    api.post<TOperatorBooking>(`reservations/company/rejectCR/${path(hashid)}`, { reason }),
  takeCharge: (hashid: string) => api.post<TOperatorBooking>(`reservations/handled/${path(hashid)}`),
};

/** A change of one booking: every operator list, the detail and its history refresh. */
export function useOperatorAction<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorBookingKeys.all }),
  });
}
