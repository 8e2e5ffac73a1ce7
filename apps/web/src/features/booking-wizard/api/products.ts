import { PRODUCT_SEARCH_MIN_LENGTH, type TProduct } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { wizardKeys } from "./keys.ts";

/** GET utilities/products/{product}/search: medicines by name or active ingredient (3 characters at least). */
export function searchProducts(query: string, signal?: AbortSignal): Promise<TProduct[]> {
  return api.get<TProduct[]>(`utilities/products/${encodeURIComponent(query)}/search`, { signal });
}

export function productSearchQueryOptions(query: string) {
  const q = query.trim();
  return queryOptions({
    queryKey: wizardKeys.products(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    // Spec 001 §5: the search starts at 3 characters; shorter queries never reach the server.
    enabled: q.length >= PRODUCT_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useProductSearch(query: string) {
  return useQuery(productSearchQueryOptions(query));
}
