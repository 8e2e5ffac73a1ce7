import type { TFrequency } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { agendaKeys } from "./keys.ts";

/** The citizen's own recurring reservations: GET reservations/frequencies/users/own, PATCH to suspend. */
const ownKey = () => [...agendaKeys.all, "frequencies"] as const;

export function ownFrequenciesQueryOptions() {
  return queryOptions({
    queryKey: ownKey(),
    queryFn: ({ signal }) => api.get<TFrequency[]>("reservations/frequencies/users/own", { signal }),
  });
}

export const useOwnFrequencies = () => useQuery(ownFrequenciesQueryOptions());

export function useSetOwnFrequencyEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hashid, enabled }: { hashid: string; enabled: boolean }) =>
      api.patch<TFrequency>(`reservations/frequencies/${encodeURIComponent(hashid)}`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownKey() }),
  });
}
