import type { TCompanyDetail } from "@cura/domain";
import { UPLOAD_DESTINATIONS } from "@cura/domain/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, apiPathOf } from "../../../lib/api.ts";
import { uploadPublic } from "../../files/api/upload-public.ts";
import { companyKeys } from "./keys.ts";

/** POST resources/public, then POST companies/own/profile/picture with the uploaded image. */
export async function setCompanyPicture(file: File): Promise<TCompanyDetail> {
  const uploaded = await uploadPublic({ file, destination: UPLOAD_DESTINATIONS.companyPicture });
  return api.post<TCompanyDetail>("companies/own/profile/picture", { resource: uploaded.hashid });
}

/** DELETE companies/own/profile/picture (the proper verb beside the spec's GET …/delete). */
export function removeCompanyPicture(): Promise<TCompanyDetail> {
  return api.delete<TCompanyDetail>("companies/own/profile/picture");
}

function useStore() {
  const queryClient = useQueryClient();
  return (company: TCompanyDetail) => queryClient.setQueryData(companyKeys.detail(company.hashid), company);
}

export function useSetCompanyPicture() {
  return useMutation({ mutationFn: setCompanyPicture, onSuccess: useStore() });
}

export function useRemoveCompanyPicture() {
  return useMutation({ mutationFn: removeCompanyPicture, onSuccess: useStore() });
}

/**
 * An object URL for a company picture: the file route needs the bearer token, which an <img>
 * cannot send, so the image comes through the API client as a Blob.
 */
export function usePictureUrl(url: string | null): string | null {
  const query = useQuery({
    queryKey: ["companies", "picture", url ?? ""] as const,
    queryFn: ({ signal }) => api.blob(apiPathOf(url ?? ""), { signal, on401: "none" }),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url || !query.data) {
      setObjectUrl(null);
      return;
    }
    const next = URL.createObjectURL(query.data);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [url, query.data]);
  return objectUrl;
}
