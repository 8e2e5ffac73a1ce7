import type { TPrefisso } from "@cura/domain";
import { DEFAULT_PHONE_PREFIX } from "@cura/domain/constants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { SelectOption } from "../../../ui/form.tsx";
import { GEO_STALE_TIME } from "./regioni.ts";

/** GET utilities/prefissi: telephone prefixes, Italy (+39) first. */
export function fetchPrefissi(signal?: AbortSignal): Promise<TPrefisso[]> {
  return api.get<TPrefisso[]>("utilities/prefissi", { signal });
}

export function prefissiQueryOptions() {
  return queryOptions({
    queryKey: ["geo", "prefissi"] as const,
    queryFn: ({ signal }) => fetchPrefissi(signal),
    staleTime: GEO_STALE_TIME,
  });
}

export function usePrefissi() {
  return useQuery(prefissiQueryOptions());
}

/**
 * The options of a prefix select: one per prefix (countries sharing one, such as +1, are named
 * together), with the default +39 present even before the list arrives or if it fails.
 */
export function prefixOptions(prefixes: readonly TPrefisso[] | undefined): SelectOption[] {
  const byPrefix = new Map<string, string[]>();
  for (const p of prefixes ?? []) byPrefix.set(p.prefisso, [...(byPrefix.get(p.prefisso) ?? []), p.nazione]);
  if (!byPrefix.has(DEFAULT_PHONE_PREFIX)) byPrefix.set(DEFAULT_PHONE_PREFIX, ["Italia"]);
  const options = [...byPrefix].map(([prefisso, nazioni]) => ({
    value: prefisso,
    label: `${prefisso} ${nazioni.slice(0, 3).join(", ")}${nazioni.length > 3 ? "…" : ""}`,
  }));
  // Italy first, as the API sends it; the default must lead even when the list came without it.
  return [
    ...options.filter((o) => o.value === DEFAULT_PHONE_PREFIX),
    ...options.filter((o) => o.value !== DEFAULT_PHONE_PREFIX),
  ];
}
