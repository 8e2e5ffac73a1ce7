import type { TSlotDay } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { bookingKeys } from "./keys.ts";

export interface ServiceSlots {
  from: string;
  to: string;
  time_zone: string;
  days: TSlotDay[];
}

/** GET healthservices/slots/array/{hash}?from=&to=: the free slots of a health service (days with slots only). */
export function fetchServiceSlots(service: string, from: string, to: string, signal?: AbortSignal) {
  return api.get<ServiceSlots>(`healthservices/slots/array/${encodeURIComponent(service)}`, {
    query: { from, to },
    signal,
  });
}

export function serviceSlotsQueryOptions(service: string, from: string, to: string) {
  return queryOptions({
    queryKey: [...bookingKeys.slots(service, from), to],
    queryFn: ({ signal }) => fetchServiceSlots(service, from, to, signal),
  });
}

export function useServiceSlots(service: string, from: string, to: string, enabled: boolean) {
  return useQuery({ ...serviceSlotsQueryOptions(service, from, to), enabled });
}
