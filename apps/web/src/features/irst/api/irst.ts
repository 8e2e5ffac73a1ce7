import type {
  TIrstDrugBody,
  TIrstItem,
  TIrstKind,
  TIrstProductBody,
  TIrstTherapiesResponse,
  TIrstUpdate,
} from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const IRST_PAGE_SIZE = 10;

export const irstKeys = {
  all: ["irst"] as const,
  list: (patient: string | null, kind: TIrstKind, page: number) =>
    [...irstKeys.all, "list", patient ?? "", kind, page] as const,
};

/** GET activities/irst/therapies: one list, paged, with the last compilation in its meta. */
export function irstListQueryOptions(patient: string | null, kind: TIrstKind, page: number) {
  return queryOptions({
    queryKey: irstKeys.list(patient, kind, page),
    queryFn: ({ signal }) =>
      api.get<TIrstTherapiesResponse>("activities/irst/therapies", {
        signal,
        envelope: true,
        query: { patient: patient ?? undefined, kind, page, per_page: IRST_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}
export const useIrstList = (patient: string | null, kind: TIrstKind, page: number) =>
  useQuery(irstListQueryOptions(patient, kind, page));

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: irstKeys.all }) });
}

/** POST activities/irst/farmaco. */
export const useAddIrstDrug = () =>
  useInvalidating((body: TIrstDrugBody) => api.post<TIrstItem>("activities/irst/farmaco", body));

/** POST activities/irst/altro. */
export const useAddIrstProduct = () =>
  useInvalidating((body: TIrstProductBody) => api.post<TIrstItem>("activities/irst/altro", body));

/** DELETE activities/irst/{farmaco|altro}/{id} (the proper verb beside the spec's GET …/delete/{id}). */
export const useDeleteIrstItem = () =>
  useInvalidating((item: Pick<TIrstItem, "hashid" | "kind">) =>
    api.delete<void>(`activities/irst/${item.kind}/${encodeURIComponent(item.hashid)}`),
  );

/** POST activities/irst/novar. */
export const useIrstNoVariation = () =>
  useInvalidating((patient: string | null) =>
    api.post<TIrstUpdate>("activities/irst/novar", patient ? { patient } : {}),
  );
