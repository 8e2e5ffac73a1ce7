import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { teleconsultKeys } from "./keys.ts";

type Switch = { active: boolean };

/** GET services/{x}/operator/status: the operator's switch of ref 10 or 11. */
export function useServiceSwitch(ref: 10 | 11) {
  return useQuery({
    queryKey: teleconsultKeys.switch(ref),
    queryFn: ({ signal }) => api.get<Switch>(`services/${ref}/operator/status`, { signal }),
    retry: false,
  });
}

/** PATCH services/{x}/operator/status { status }; then the status is loaded again from the server (spec 001 §4). */
export function useSetServiceSwitch(ref: 10 | 11) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: boolean) => api.patch<Switch>(`services/${ref}/operator/status`, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teleconsultKeys.switch(ref) }),
  });
}
