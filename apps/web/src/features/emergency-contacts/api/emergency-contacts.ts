import type { TEmergencyContact, TEmergencyContactBody } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const emergencyContactsKey = (userHashid: string) => ["emergency-contacts", userHashid] as const;

/** GET users/emergencycontacts/{user hashid}: the user's emergency contacts. */
export function fetchEmergencyContacts(userHashid: string, signal?: AbortSignal): Promise<TEmergencyContact[]> {
  return api.get<TEmergencyContact[]>(`users/emergencycontacts/${encodeURIComponent(userHashid)}`, { signal });
}

export function emergencyContactsQueryOptions(userHashid: string) {
  return queryOptions({
    queryKey: emergencyContactsKey(userHashid),
    queryFn: ({ signal }) => fetchEmergencyContacts(userHashid, signal),
  });
}

export function useEmergencyContacts(userHashid: string) {
  return useQuery(emergencyContactsQueryOptions(userHashid));
}

/** POST users/emergencycontacts, or PUT users/emergencycontacts/{hashid} when editing. */
export function saveEmergencyContact(input: {
  hashid?: string;
  body: TEmergencyContactBody;
}): Promise<TEmergencyContact> {
  return input.hashid
    ? api.put<TEmergencyContact>(`users/emergencycontacts/${encodeURIComponent(input.hashid)}`, input.body)
    : api.post<TEmergencyContact>("users/emergencycontacts", input.body);
}

/** DELETE users/emergencycontacts/{hashid}. */
export function deleteEmergencyContact(hashid: string): Promise<void> {
  return api.delete<void>(`users/emergencycontacts/${encodeURIComponent(hashid)}`);
}

function useInvalidating<I, O>(fn: (input: I) => Promise<O>, userHashid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emergencyContactsKey(userHashid) }),
  });
}

export const useSaveEmergencyContact = (userHashid: string) => useInvalidating(saveEmergencyContact, userHashid);
export const useDeleteEmergencyContact = (userHashid: string) => useInvalidating(deleteEmergencyContact, userHashid);
