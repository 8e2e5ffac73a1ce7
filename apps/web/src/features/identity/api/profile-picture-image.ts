import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, apiPathOf } from "../../../lib/api.ts";

/**
 * The picture at the user's `profile_pic` URL. It needs the bearer token, which an <img> cannot
 * send, so it comes through the API client as a Blob. A 401 here must not move the page (the file
 * route answers 401 to a user whose e-mail is still unverified): the picture is then just missing.
 */
export function fetchProfilePicture(url: string, signal?: AbortSignal): Promise<Blob> {
  return api.blob(apiPathOf(url), { signal, on401: "none" });
}

export function profilePictureQueryOptions(url: string) {
  return queryOptions({
    queryKey: ["users", "profile-picture", url] as const,
    queryFn: ({ signal }) => fetchProfilePicture(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: url !== "",
  });
}

/** An object URL for the picture, revoked when it changes or the component goes. */
export function useProfilePictureUrl(url: string | null): string | null {
  const query = useQuery(profilePictureQueryOptions(url ?? ""));
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
