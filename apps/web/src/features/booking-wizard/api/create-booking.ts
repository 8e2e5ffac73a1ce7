import type { TBooking, TBookingCreateBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** POST reservations: a booking request (slot, preferences, no preference) or a product order. */
export function createBooking(body: TBookingCreateBody): Promise<TBooking> {
  return api.post<TBooking>("reservations", body);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: ["bookings"] });
      // A specialist teleconsultation is also in the teleconsult pages' lists (its feature's query keys).
      if (booking.kind === "teleconsulto") void queryClient.invalidateQueries({ queryKey: ["teleconsult"] });
    },
    // The slots change with a new booking, and a 409 says ours were stale.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["booking-wizard", "slots"] });
      void queryClient.invalidateQueries({ queryKey: ["companies", "slots"] });
    },
  });
}
