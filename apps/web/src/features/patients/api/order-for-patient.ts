import type { TBooking, TPatientOrderBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { operatorBookingKeys } from "../../operator-bookings/api/keys.ts";
import { patientKeys } from "./keys.ts";

/** POST companies/own/patients/{id}/orders: a product order the pharmacy records for its patient. */
export function orderForPatient({ hash, body }: { hash: string; body: TPatientOrderBody }): Promise<TBooking> {
  return api.post<TBooking>(`companies/own/patients/${encodeURIComponent(hash)}/orders`, body);
}

export function useOrderForPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderForPatient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["bookings"] });
      // The company's lists (worklist, today's card, bulk tools) hold the new booking too.
      void queryClient.invalidateQueries({ queryKey: operatorBookingKeys.all });
    },
  });
}
