import type { TUser } from "@cura/domain";
import { UPLOAD_DESTINATIONS } from "@cura/domain/constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { uploadPublic } from "../../files/api/upload-public.ts";
import { storeUser } from "./me.ts";

/** POST users/profile/picture: an uploaded image (its hashid) becomes the profile picture. */
export function setProfilePicture(resource: string): Promise<TUser> {
  return api.post<TUser>("users/profile/picture", { resource });
}

/** Upload (POST resources/public, destination profilo), then use it as the picture. */
export async function uploadProfilePicture(file: File): Promise<TUser> {
  const uploaded = await uploadPublic({ file, destination: UPLOAD_DESTINATIONS.profile });
  return setProfilePicture(uploaded.hashid);
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadProfilePicture, onSuccess: (user) => storeUser(queryClient, user) });
}
