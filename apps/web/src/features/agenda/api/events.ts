import type { TAgendaEvent, TAgendaEventBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { agendaKeys } from "./keys.ts";

/** One's agenda events: POST, PUT and DELETE users/own/agendaevents[/{eventid}]. */

const base = "users/own/agendaevents";

export const createEvent = (body: TAgendaEventBody) => api.post<TAgendaEvent>(base, body);
export const updateEvent = (hashid: string, body: TAgendaEventBody) =>
  api.put<TAgendaEvent>(`${base}/${encodeURIComponent(hashid)}`, body);
export const deleteEvent = (hashid: string) => api.delete<unknown>(`${base}/${encodeURIComponent(hashid)}`);

function useAgendaMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

/** Creates, or saves when a hashid is given. */
export const useSaveEvent = () =>
  useAgendaMutation(({ hashid, body }: { hashid: string | null; body: TAgendaEventBody }) =>
    hashid ? updateEvent(hashid, body) : createEvent(body),
  );

export const useDeleteEvent = () => useAgendaMutation((hashid: string) => deleteEvent(hashid));
