import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { SlotsWeek } from "../../companies/api/health-service-slots.ts";
import { wizardKeys } from "./keys.ts";

/** GET healthservices/slots/array/{hash}?from=&to=: the free slots of one week of a health service. */
export function fetchWeekSlots(service: string, from: string, to: string, signal?: AbortSignal): Promise<SlotsWeek> {
  return api.get<SlotsWeek>(`healthservices/slots/array/${encodeURIComponent(service)}`, {
    signal,
    query: { from, to },
  });
}

export function useWeekSlots(service: string, from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: wizardKeys.slots(service, from),
      queryFn: ({ signal }) => fetchWeekSlots(service, from, to, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
