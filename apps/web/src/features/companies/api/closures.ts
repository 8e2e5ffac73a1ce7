import type { TClosure, TClosureBody } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

/** GET companies/{company}/prohibidates: current and future closures. */
export function fetchClosures(company: string, signal?: AbortSignal): Promise<TClosure[]> {
  return api.get<TClosure[]>(`companies/${encodeURIComponent(company)}/prohibidates`, { signal });
}

export function closuresQueryOptions(company: string) {
  return queryOptions({
    queryKey: companyKeys.closures(company),
    queryFn: ({ signal }) => fetchClosures(company, signal),
    enabled: company !== "",
  });
}

export function useClosures(company: string | null | undefined) {
  return useQuery(closuresQueryOptions(company ?? ""));
}

/** POST prohibidates/{company}: a closure of the whole company or of one service. */
export function createClosure({ company, body }: { company: string; body: TClosureBody }): Promise<TClosure> {
  return api.post<TClosure>(`prohibidates/${encodeURIComponent(company)}`, body);
}

/** DELETE prohibidates/{hashid}. */
export function deleteClosure(hashid: string): Promise<void> {
  return api.delete<void>(`prohibidates/${encodeURIComponent(hashid)}`);
}

function useRefreshClosures(company: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: companyKeys.closures(company) });
    void queryClient.invalidateQueries({ queryKey: ["companies", "slots"] });
  };
}

export function useCreateClosure(company: string) {
  const refresh = useRefreshClosures(company);
  return useMutation({ mutationFn: createClosure, onSuccess: refresh });
}

export function useDeleteClosure(company: string) {
  const refresh = useRefreshClosures(company);
  return useMutation({ mutationFn: deleteClosure, onSuccess: refresh });
}
