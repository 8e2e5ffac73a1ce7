import type { TDeviceModel, TPatientDevice } from "@cura/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { measurementKeys } from "./keys.ts";

/** GET wearabledevices/users/{person}, or GET users/own/devices on one's own file. */
export function usePatientDevices(patient: string | null) {
  return useQuery({
    queryKey: measurementKeys.devices(patient),
    queryFn: ({ signal }) =>
      api.get<TPatientDevice[]>(patient ? `wearabledevices/users/${patient}` : "users/own/devices", { signal }),
  });
}

/** GET wearabledevices: the catalogue (operators). */
export function useDeviceModels(enabled: boolean) {
  return useQuery({
    queryKey: measurementKeys.deviceModels(),
    queryFn: ({ signal }) => api.get<TDeviceModel[]>("wearabledevices", { signal }),
    enabled,
    staleTime: Infinity,
  });
}

export function useDeviceChange() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: measurementKeys.all });
  return {
    assign: useMutation({
      mutationFn: ({ patient, device, code }: { patient: string; device: string; code: string }) =>
        api.post<TPatientDevice>(`wearabledevices/users/${patient}`, { device_id: device, product_code: code }),
      onSuccess: refresh,
    }),
    toggleExam: useMutation({
      mutationFn: ({ hashid, exam, enabled }: { hashid: string; exam: string; enabled: boolean }) =>
        api.put<TPatientDevice>(`wearabledevices/users/exams/${hashid}`, { exam_id: exam, enabled }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (hashid: string) => api.delete<unknown>(`wearabledevices/users/${hashid}`),
      onSuccess: refresh,
    }),
    sync: useMutation({
      mutationFn: (hashid: string) =>
        api.get<{ imported: number }>(`wearabledevices/users/measurements/update/${hashid}`),
      onSuccess: refresh,
    }),
    /** POST wearabledevices/users/measurements/import/{id}: the vendor's CSV export (the real path). */
    importCsv: useMutation({
      mutationFn: ({ hashid, csv }: { hashid: string; csv: string }) =>
        api.post<{ imported: number }>(`wearabledevices/users/measurements/import/${hashid}`, { csv }),
      onSuccess: refresh,
    }),
  };
}
