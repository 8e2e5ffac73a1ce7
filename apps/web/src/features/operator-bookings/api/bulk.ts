import type { TBookingSelection, TBulkResult } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../../lib/api.ts";
import { operatorBookingKeys } from "./keys.ts";

/** POST reservations/company/massive/close: closes the selected confirmed bookings, skips the rest. */
export const massClose = (selection: TBookingSelection) =>
  api.post<TBulkResult>("reservations/company/massive/close", selection);

/** POST reservations/company/massive/reject: refuses the selected open bookings with one reason. */
export const massReject = ({ selection, reason }: { selection: TBookingSelection; reason: number }) =>
  api.post<TBulkResult>("reservations/company/massive/reject", { ...selection, reason });

/** POST reservations/company/massive/report: the selected bookings as an .xlsx file. */
export const downloadReport = (selection: TBookingSelection) =>
  apiRequest<Blob>("reservations/company/massive/report", { method: "POST", body: selection, responseType: "blob" });

function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: operatorBookingKeys.all });
}

export function useMassClose() {
  return useMutation({ mutationFn: massClose, onSuccess: useRefreshAll() });
}

export function useMassReject() {
  return useMutation({ mutationFn: massReject, onSuccess: useRefreshAll() });
}

export function useDownloadReport() {
  return useMutation({ mutationFn: downloadReport });
}
