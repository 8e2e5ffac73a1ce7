import type { TBooking } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { bookingKeys } from "./keys.ts";

/** The citizen's status changes of a booking (spec 001 §4 "Citizen actions on a booking"). */

const path = (hashid: string) => encodeURIComponent(hashid);

/** GET reservations/user/confirm/{id}: accept the date and time the company proposed. */
export const acceptProposal = (hashid: string) => api.get<TBooking>(`reservations/user/confirm/${path(hashid)}`);

/** POST reservations/user/reject/{id}: reject the proposed change (the request ends). */
export const rejectProposal = (hashid: string) => api.post<TBooking>(`reservations/user/reject/${path(hashid)}`);

/** POST reservations/own/cancel/{id} with a reason 1–2. */
export const cancelBooking = (hashid: string, reason: number) =>
  api.post<TBooking>(`reservations/own/cancel/${path(hashid)}`, { reason });

/** PUT reservations/{hashid}: ask for another free slot of the same service; back to the company. */
export const requestNewDate = (hashid: string, start: string) =>
  api.put<TBooking>(`reservations/${path(hashid)}`, { start });

/** PATCH reservations/notes/{id}: the citizen's own notes (empty clears them). */
export const updateBookingNotes = (hashid: string, notes: string | null) =>
  api.patch<TBooking>(`reservations/notes/${path(hashid)}`, { notes });

/**
 * A mutation on one booking: the answer replaces the detail, and every list is refreshed. A refusal
 * (409: the other party changed the booking meanwhile) reloads the detail, so the page offers what
 * the booking's current status allows.
 */
function useBookingMutation<V>(hashid: string, call: (hashid: string, variables: V) => Promise<TBooking>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => call(hashid, variables),
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingKeys.detail(hashid), booking);
      await queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: bookingKeys.detail(hashid) }),
  });
}

export const useAcceptProposal = (hashid: string) => useBookingMutation<void>(hashid, (id) => acceptProposal(id));
export const useRejectProposal = (hashid: string) => useBookingMutation<void>(hashid, (id) => rejectProposal(id));
export const useCancelBooking = (hashid: string) => useBookingMutation<number>(hashid, cancelBooking);
export const useRequestNewDate = (hashid: string) => useBookingMutation<string>(hashid, requestNewDate);
export const useUpdateBookingNotes = (hashid: string) => useBookingMutation<string | null>(hashid, updateBookingNotes);
