import type { TUser } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { storeUser } from "./me.ts";

/** GET users/profile/picture/delete: removes the profile picture; answers the fresh user. */
export function deleteProfilePicture(): Promise<TUser> {
  return api.get<TUser>("users/profile/picture/delete");
}

export function useDeleteProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProfilePicture, onSuccess: (user) => storeUser(queryClient, user) });
}
