import type { TFamilyMember, TFamilyMemberBody } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { wizardKeys } from "./keys.ts";

/** GET familymembers: the citizen's family members. */
export function fetchFamilyMembers(signal?: AbortSignal): Promise<TFamilyMember[]> {
  return api.get<TFamilyMember[]>("familymembers", { signal });
}

export function familyMembersQueryOptions() {
  return queryOptions({ queryKey: wizardKeys.familyMembers, queryFn: ({ signal }) => fetchFamilyMembers(signal) });
}

export function useFamilyMembers() {
  return useQuery(familyMembersQueryOptions());
}

/** POST familymembers: a new family member (422 on tax_code when already present). */
export function createFamilyMember(body: TFamilyMemberBody): Promise<TFamilyMember> {
  return api.post<TFamilyMember>("familymembers", body);
}

export function useCreateFamilyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFamilyMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wizardKeys.familyMembers }),
  });
}
