import type { TFrequency, TFrequencyCreateBody, TFrequencyUpdateBody, TUserSearchItem } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Recurring reservations (recall) of the operator's company. */

export const recallKeys = {
  all: ["recall"] as const,
  company: () => [...recallKeys.all, "company"] as const,
};

const path = (hashid: string) => `reservations/frequencies/${encodeURIComponent(hashid)}`;

/** GET companies/own/reservations/frequencies. */
export function companyFrequenciesQueryOptions() {
  return queryOptions({
    queryKey: recallKeys.company(),
    queryFn: ({ signal }) => api.get<TFrequency[]>("companies/own/reservations/frequencies", { signal }),
  });
}

export const useCompanyFrequencies = () => useQuery(companyFrequenciesQueryOptions());

/** GET utilities/users/search?q={tax code}: an operator finds a citizen by exact tax code only. */
export async function findPatientByTaxCode(taxCode: string): Promise<TUserSearchItem | null> {
  const found = await api.page<TUserSearchItem>("utilities/users/search", {
    query: { q: taxCode.trim().toUpperCase(), per_page: 1 },
  });
  return found.data[0] ?? null;
}

function useRecallMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recallKeys.all }),
  });
}

/** POST reservations/frequencies. */
export const useCreateFrequency = () =>
  useRecallMutation((body: TFrequencyCreateBody) => api.post<TFrequency>("reservations/frequencies", body));

/** PUT reservations/frequencies/{id}. */
export const useUpdateFrequency = () =>
  useRecallMutation(({ hashid, body }: { hashid: string; body: TFrequencyUpdateBody }) =>
    api.put<TFrequency>(path(hashid), body),
  );

/** PATCH reservations/frequencies/{id} with enabled. */
export const useSetFrequencyEnabled = () =>
  useRecallMutation(({ hashid, enabled }: { hashid: string; enabled: boolean }) =>
    api.patch<TFrequency>(path(hashid), { enabled }),
  );

/** DELETE reservations/frequencies/{id}. */
export const useDeleteFrequency = () => useRecallMutation((hashid: string) => api.delete<unknown>(path(hashid)));
