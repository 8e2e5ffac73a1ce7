import type { TReminderPreferences } from "@cura/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

const key = ["reminders", "preferences"] as const;

export function reminderPreferencesQueryOptions() {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api.get<TReminderPreferences>("users/own/reminders", { signal }),
  });
}
export const useReminderPreferences = () => useQuery(reminderPreferencesQueryOptions());

export function useSaveReminderPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReminderPreferences) => api.put<TReminderPreferences>("users/own/reminders", body),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}

/** POST reminders/respond: the answer of a reminder's signed link. */
export function useRespondToReminder() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ message: string; data: { response: string; booking: string } }>(
        "reminders/respond",
        { token },
        { envelope: true, on401: "none" },
      ),
  });
}
