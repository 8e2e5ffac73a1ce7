import type { TCaregiverRelation } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { caregiverKeys } from "./keys.ts";

/** POST familymembers/caregiver/invite: asks the owner of the code to approve the caller. */
export function inviteCaregiver(code: string): Promise<TCaregiverRelation> {
  return api.post<TCaregiverRelation>("familymembers/caregiver/invite", { code });
}

/** POST familymembers/caregiver/approve|disapprove: the assisted person enables or disables. */
export function decideCaregiver(input: { hashid: string; decision: "approve" | "disapprove" }) {
  return api.post<TCaregiverRelation>(`familymembers/caregiver/${input.decision}`, { hashid: input.hashid });
}

/** POST familymembers/caregiver/healthdata: grants or withdraws 'gestione dati sanitari'. */
export function setCaregiverHealthData(input: { hashid: string; granted: boolean }) {
  return api.post<TCaregiverRelation>("familymembers/caregiver/healthdata", input);
}

function useCaregiverMutation<I>(fn: (input: I) => Promise<TCaregiverRelation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caregiverKeys.own }),
  });
}

export const useInviteCaregiver = () => useCaregiverMutation(inviteCaregiver);
export const useDecideCaregiver = () => useCaregiverMutation(decideCaregiver);
export const useSetCaregiverHealthData = () => useCaregiverMutation(setCaregiverHealthData);
