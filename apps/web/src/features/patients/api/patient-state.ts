import type { TPatient, TPatientStateBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { patientKeys } from "./keys.ts";

/** PATCH companies/own/assistito/{id}: follow or archive the patient, record or withdraw their consent. */
export function setPatientState({ hash, body }: { hash: string; body: TPatientStateBody }): Promise<TPatient> {
  return api.patch<TPatient>(`companies/own/assistito/${encodeURIComponent(hash)}`, body);
}

export function usePatientState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPatientState,
    onSuccess: (patient) => {
      queryClient.setQueryData(patientKeys.detail(patient.hashid), patient);
      void queryClient.invalidateQueries({ queryKey: ["patients", "list"] });
      void queryClient.invalidateQueries({ queryKey: ["patients", "picker"] });
    },
  });
}
