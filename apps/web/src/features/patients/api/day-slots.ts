import type { TSlotDay } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { patientKeys } from "./keys.ts";

/** GET healthservices/slots/array/{hash}?from=&to=: the free slots of one day (none when closed or full). */
export async function fetchDaySlots(service: string, date: string, signal?: AbortSignal): Promise<TSlotDay["slots"]> {
  const week = await api.get<{ days: TSlotDay[] }>(`healthservices/slots/array/${encodeURIComponent(service)}`, {
    signal,
    query: { from: date, to: date },
  });
  return week.days.find((day) => day.date === date)?.slots ?? [];
}

export function daySlotsQueryOptions(service: string, date: string) {
  return queryOptions({
    queryKey: patientKeys.daySlots(service, date),
    queryFn: ({ signal }) => fetchDaySlots(service, date, signal),
    enabled: service !== "" && date !== "",
  });
}

export function useDaySlots(service: string, date: string) {
  return useQuery(daySlotsQueryOptions(service, date));
}
