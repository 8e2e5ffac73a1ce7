import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { careCircleKey } from "./care-circle.ts";

/** POST users/company/relationship/remove: takes a provider out of the care circle. */
export function removeRelationship(companyId: string): Promise<void> {
  return api.post<void>("users/company/relationship/remove", { company_id: companyId });
}

export function useRemoveRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRelationship,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careCircleKey }),
  });
}
