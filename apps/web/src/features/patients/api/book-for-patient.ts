import type { TBooking, TPatientBookingBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { operatorBookingKeys } from "../../operator-bookings/api/keys.ts";
import { patientKeys } from "./keys.ts";

/**
 * POST companies/own/patients/{id}/reservations: a free slot (confirmed at once; 409 when someone
 * took it meanwhile) or a past visit with service, date and time.
 */
export function bookForPatient({ hash, body }: { hash: string; body: TPatientBookingBody }): Promise<TBooking> {
  return api.post<TBooking>(`companies/own/patients/${encodeURIComponent(hash)}/reservations`, body);
}

export function useBookForPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookForPatient,
    onSettled: () => {
      // Bookings, slots and the patient's counters all change (or a 409 says the slots did).
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["companies", "slots"] });
      void queryClient.invalidateQueries({ queryKey: ["bookings"] });
      // The company's lists (worklist, today's card, bulk tools) hold the new booking too.
      void queryClient.invalidateQueries({ queryKey: operatorBookingKeys.all });
    },
  });
}
