import type { TBooking } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { teleconsultKeys } from "./keys.ts";

/**
 * The citizen withdraws a teleconsultation: bookings' cancel (POST reservations/own/cancel/{hash})
 * with a reason 1–2, allowed until the call connects (citizenMayCancelTeleconsult).
 */
export function withdrawTeleconsult({ hashid, reason }: { hashid: string; reason: number }) {
  return api.post<TBooking>(`reservations/own/cancel/${encodeURIComponent(hashid)}`, { reason });
}

/** Refreshes the teleconsultations (the request, the list, the pending one) and the bookings after it, or after a 409. */
export function useWithdrawTeleconsult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawTeleconsult,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teleconsultKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["bookings"] }),
      ]);
    },
  });
}
