import type { TOwnCode } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { caregiverKeys } from "./keys.ts";

/** GET users/own/code: today's user code, valid until 23:59:59 (Rome). */
export function fetchOwnCode(signal?: AbortSignal): Promise<TOwnCode> {
  return api.get<TOwnCode>("users/own/code", { signal });
}

export function ownCodeQueryOptions() {
  return queryOptions({ queryKey: caregiverKeys.code, queryFn: ({ signal }) => fetchOwnCode(signal) });
}

export function useOwnCode() {
  return useQuery(ownCodeQueryOptions());
}
