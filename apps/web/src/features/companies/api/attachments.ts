import type { TAttachment } from "@cura/domain";
import { UPLOAD_DESTINATIONS } from "@cura/domain/constants";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { uploadPublic } from "../../files/api/upload-public.ts";
import { companyKeys } from "./keys.ts";

/** GET healthservices/allegati/all/{id}: a health service's attachments (allegati). */
export function fetchAttachments(hash: string, signal?: AbortSignal): Promise<TAttachment[]> {
  return api.get<TAttachment[]>(`healthservices/allegati/all/${encodeURIComponent(hash)}`, { signal });
}

export function attachmentsQueryOptions(hash: string) {
  return queryOptions({
    queryKey: companyKeys.attachments(hash),
    queryFn: ({ signal }) => fetchAttachments(hash, signal),
  });
}

export function useAttachments(hash: string) {
  return useQuery(attachmentsQueryOptions(hash));
}

/** POST resources/public, then POST healthservices/allegati/add/{hash} with the uploaded file. */
export async function addAttachment(hash: string, file: File): Promise<TAttachment[]> {
  const uploaded = await uploadPublic({ file, destination: UPLOAD_DESTINATIONS.serviceAttachments });
  return api.post<TAttachment[]>(`healthservices/allegati/add/${encodeURIComponent(hash)}`, {
    resource: uploaded.hashid,
  });
}

/** POST healthservices/allegati/remove/{hash}. */
export function removeAttachment(hash: string, resource: string): Promise<TAttachment[]> {
  return api.post<TAttachment[]>(`healthservices/allegati/remove/${encodeURIComponent(hash)}`, { resource });
}

function useStore(hash: string) {
  const queryClient = useQueryClient();
  return (list: TAttachment[]) => {
    queryClient.setQueryData(companyKeys.attachments(hash), list);
    // The services list shows how many attachments each has.
    void queryClient.invalidateQueries({ queryKey: companyKeys.healthServices() });
  };
}

export function useAddAttachment(hash: string) {
  return useMutation({ mutationFn: (file: File) => addAttachment(hash, file), onSuccess: useStore(hash) });
}

export function useRemoveAttachment(hash: string) {
  return useMutation({ mutationFn: (resource: string) => removeAttachment(hash, resource), onSuccess: useStore(hash) });
}
