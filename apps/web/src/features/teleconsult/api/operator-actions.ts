import type { TTeleconsult, TTeleconsultMoveBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { teleconsultKeys } from "./keys.ts";

/**
 * Taking charge is bookings' confirm (POST reservations/company/confirm/{id}): atomic, the first
 * operator wins and a second gets 409.
 */
export function takeCharge(hashid: string) {
  return api.post<unknown>(`reservations/company/confirm/${encodeURIComponent(hashid)}`);
}

/** PUT reservations/order/tc/update/{hash}: the new start, now to 24 hours ahead. */
export function moveStart({ hashid, body }: { hashid: string; body: TTeleconsultMoveBody }) {
  return api.put<TTeleconsult>(`reservations/order/tc/update/${encodeURIComponent(hashid)}`, body);
}

export function useTakeCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeCharge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teleconsultKeys.all }),
  });
}

export function useMoveStart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveStart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teleconsultKeys.all }),
  });
}
