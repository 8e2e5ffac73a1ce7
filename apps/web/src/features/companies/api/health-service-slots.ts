import type { TSlotDay } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { companyKeys } from "./keys.ts";

export interface SlotsWeek {
  from: string;
  to: string;
  time_zone: string;
  slot_minutes: number;
  overlap: boolean;
  days: TSlotDay[];
}

/** GET healthservices/slots/array/{hash}: the bookable slots of this week (only days with slots). */
export function fetchHealthServiceSlots(hash: string, signal?: AbortSignal): Promise<SlotsWeek> {
  return api.get<SlotsWeek>(`healthservices/slots/array/${encodeURIComponent(hash)}`, { signal });
}

export function healthServiceSlotsQueryOptions(hash: string) {
  return queryOptions({
    queryKey: companyKeys.slots(hash),
    queryFn: ({ signal }) => fetchHealthServiceSlots(hash, signal),
    enabled: hash !== "",
  });
}

export function useHealthServiceSlots(hash: string | null) {
  return useQuery(healthServiceSlotsQueryOptions(hash ?? ""));
}
