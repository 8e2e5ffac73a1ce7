import type { TPatient, TPatientRegisterBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { patientKeys } from "./keys.ts";

export interface RegisterOutcome {
  data: TPatient;
  /** False when the tax code was an existing citizen's, now linked to the company. */
  created: boolean;
  message: string;
}

/** POST companies/paziente/register: a new patient (account without password), or the existing citizen linked. */
export function registerPatient(body: TPatientRegisterBody): Promise<RegisterOutcome> {
  return api.post<RegisterOutcome>("companies/paziente/register", body, { envelope: true });
}

export function useRegisterPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPatient,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
