import type { TLibraryItem, TLibraryItemBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { meQueryKey } from "../../identity/api/me.ts";
import { libraryKey } from "./libraries.ts";

/** POST companies/own/libraries, or PUT companies/own/libraries/{hashid} when editing. */
export function saveLibraryItem({ hashid, body }: { hashid?: string; body: TLibraryItemBody }): Promise<TLibraryItem> {
  return hashid
    ? api.put<TLibraryItem>(`companies/own/libraries/${encodeURIComponent(hashid)}`, body)
    : api.post<TLibraryItem>("companies/own/libraries", body);
}

/** DELETE companies/own/libraries/{hashid}. */
export function deleteLibraryItem(hashid: string): Promise<void> {
  return api.delete<void>(`companies/own/libraries/${encodeURIComponent(hashid)}`);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: libraryKey });
    // The signed-in user carries the items too (company.bancaDati).
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useSaveLibraryItem() {
  return useMutation({ mutationFn: saveLibraryItem, onSuccess: useRefresh() });
}

export function useDeleteLibraryItem() {
  return useMutation({ mutationFn: deleteLibraryItem, onSuccess: useRefresh() });
}
