import type { TOpeningsBody, TWeeklyOpenings } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

/** Whose own hours: a health service (prestazione) or a platform service of the company. */
export type ServiceKind = "health" | "platform";

const readPath = (kind: ServiceKind, hash: string) =>
  kind === "health"
    ? `healthservices/days/openings/${encodeURIComponent(hash)}`
    : `services/own/openings/${encodeURIComponent(hash)}`;
const savePath = (kind: ServiceKind, hash: string) =>
  kind === "health"
    ? `healthservices/own/openings/${encodeURIComponent(hash)}`
    : `services/own/openings/${encodeURIComponent(hash)}`;

/** GET healthservices/days/openings/{id} or services/own/openings/{hash}: own hours, or the company's. */
export function fetchServiceOpenings(kind: ServiceKind, hash: string, signal?: AbortSignal) {
  return api.get<TWeeklyOpenings>(readPath(kind, hash), { signal });
}

export function serviceOpeningsQueryOptions(kind: ServiceKind, hash: string) {
  return queryOptions({
    queryKey: companyKeys.serviceOpenings(kind, hash),
    queryFn: ({ signal }) => fetchServiceOpenings(kind, hash, signal),
  });
}

export function useServiceOpenings(kind: ServiceKind, hash: string) {
  return useQuery(serviceOpeningsQueryOptions(kind, hash));
}

/** POST healthservices/own/openings/{hash} or services/own/openings/{hash}; no days: the company's apply. */
export function saveServiceOpenings(kind: ServiceKind, hash: string, body: TOpeningsBody) {
  return api.post<TWeeklyOpenings>(savePath(kind, hash), body);
}

export function useSaveServiceOpenings(kind: ServiceKind, hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpeningsBody) => saveServiceOpenings(kind, hash, body),
    onSuccess: (openings) => {
      queryClient.setQueryData(companyKeys.serviceOpenings(kind, hash), openings);
      // The lists show whether a service has hours of its own; slots follow the hours.
      void queryClient.invalidateQueries({ queryKey: companyKeys.healthServices() });
      void queryClient.invalidateQueries({ queryKey: companyKeys.platformServices() });
      void queryClient.invalidateQueries({ queryKey: ["companies", "slots"] });
    },
  });
}
