import type { TCompanyListItem } from "@cura/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Paged } from "../../../lib/api.ts";
import { type ProviderSearchParams, searchProviders } from "./search-providers.ts";

export type ProviderSearchState =
  | { status: "idle" }
  | { status: "loading"; params: ProviderSearchParams }
  | { status: "success"; params: ProviderSearchParams; result: Paged<TCompanyListItem> }
  | { status: "error"; params: ProviderSearchParams; error: unknown };

/**
 * Provider search, cancellable from the client: each search aborts the one still running
 * (AbortController), so an older answer never replaces a newer one.
 */
export function useProviderSearch() {
  const [state, setState] = useState<ProviderSearchState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const search = useCallback((params: ProviderSearchParams) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: "loading", params });
    searchProviders(params, current.signal).then(
      (result) => {
        if (!current.signal.aborted) setState({ status: "success", params, result });
      },
      (error: unknown) => {
        if (!current.signal.aborted) setState({ status: "error", params, error });
      },
    );
  }, []);

  return { state, search };
}
