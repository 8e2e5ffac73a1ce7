import type { AwaitingFilter, BookingStatus, TOperatorBooking } from "@cura/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { operatorBookingKeys } from "./keys.ts";

export interface WorklistQuery {
  page: number;
  per_page: number;
  status?: BookingStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  health_service?: string | undefined;
  awaiting?: AwaitingFilter | undefined;
}

/** GET reservations/company/own: the company's bookings with what each awaits, filtered and paged. */
export function fetchWorklist(query: WorklistQuery, signal?: AbortSignal): Promise<Paged<TOperatorBooking>> {
  return api.page<TOperatorBooking>("reservations/company/own", { query: { ...query }, signal });
}

export function worklistQueryOptions(query: WorklistQuery) {
  return queryOptions({
    queryKey: operatorBookingKeys.worklist(query),
    queryFn: ({ signal }) => fetchWorklist(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWorklist(query: WorklistQuery, enabled = true) {
  return useQuery({ ...worklistQueryOptions(query), enabled });
}

/** GET companies/operator/reservations: the bookings the signed-in operator handled. */
export function fetchHandledByMe(
  query: Omit<WorklistQuery, "awaiting">,
  signal?: AbortSignal,
): Promise<Paged<TOperatorBooking>> {
  return api.page<TOperatorBooking>("companies/operator/reservations", { query: { ...query }, signal });
}

export function useHandledByMe(query: Omit<WorklistQuery, "awaiting">, enabled = true) {
  return useQuery({
    queryKey: operatorBookingKeys.mine(query),
    queryFn: ({ signal }) => fetchHandledByMe(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
