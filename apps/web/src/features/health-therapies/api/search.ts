import type { TCodedEntry, TProduct } from "@cura/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { healthTherapyKeys } from "./keys.ts";

/** GET utilities/pathologies/icd/search: ICD-10 codes by code or words (2+ characters). */
export const useIcdSearch = (q: string) =>
  useQuery({
    queryKey: healthTherapyKeys.search("icd", q),
    queryFn: ({ signal }) => api.get<TCodedEntry[]>("utilities/pathologies/icd/search", { signal, query: { q } }),
    enabled: q.trim().length >= 2,
    staleTime: 3_600_000,
  });

/** GET utilities/products/{product}/search: the medicine catalogue (issue 5) by name (3+ characters). */
export const useDrugSearch = (q: string) =>
  useQuery({
    queryKey: healthTherapyKeys.search("drug", q),
    queryFn: ({ signal }) =>
      api.get<TProduct[]>(`utilities/products/${encodeURIComponent(q.trim())}/search`, { signal }),
    enabled: q.trim().length >= 3,
    staleTime: 3_600_000,
  });
