import type { TCareCircleItem } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { careCircleKey } from "./care-circle.ts";

/** POST users/company/relationship: adds a provider to the care circle, or changes its preferred flag. */
export function addRelationship(body: { company_id: string; preferred?: boolean }): Promise<TCareCircleItem> {
  return api.post<TCareCircleItem>("users/company/relationship", body);
}

export function useAddRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRelationship,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careCircleKey }),
  });
}
