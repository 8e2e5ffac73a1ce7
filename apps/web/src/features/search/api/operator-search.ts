import type { TCompanyListItem } from "@cura/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { api, type Paged } from "../../../lib/api.ts";

export type OperatorSearchSection = "strutture" | "prestazioni";

export interface OperatorSearchParams {
  q?: string;
  service?: string;
  comune?: string;
  page?: number;
}

export type OperatorSearchResult = TCompanyListItem & {
  health_services?: Array<{ hashid: string; name: string; slot_minutes: number }>;
};

/**
 * The operator's search (`/operatore/ricerca/{section}`): providers by name and comune
 * (GET companies/search/subtype), or health services by name across providers, with the matching
 * ones of each provider (GET healthservices/search/companies).
 */
export function searchForOperator(
  section: OperatorSearchSection,
  params: OperatorSearchParams,
  signal?: AbortSignal,
): Promise<Paged<OperatorSearchResult>> {
  const path = section === "prestazioni" ? "healthservices/search/companies" : "companies/search/subtype";
  return api.page<OperatorSearchResult>(path, { signal, query: { ...params, per_page: 10 } });
}

export type OperatorSearchState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "success"; params: OperatorSearchParams; result: Paged<OperatorSearchResult> }
  | { status: "error"; error: unknown };

/** Cancellable like the citizen's search: a newer search aborts the one still running. */
export function useOperatorSearch(section: OperatorSearchSection) {
  const [state, setState] = useState<OperatorSearchState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  // A new section starts empty, and drops an answer still on its way for the old one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the section is the reset's trigger
  useEffect(() => {
    controller.current?.abort();
    setState({ status: "idle" });
  }, [section]);
  useEffect(() => () => controller.current?.abort(), []);

  const search = useCallback(
    (params: OperatorSearchParams) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: "loading" });
      searchForOperator(section, params, current.signal).then(
        (result) => {
          if (!current.signal.aborted) setState({ status: "success", params, result });
        },
        (error: unknown) => {
          if (!current.signal.aborted) setState({ status: "error", error });
        },
      );
    },
    [section],
  );

  return { state, search };
}
