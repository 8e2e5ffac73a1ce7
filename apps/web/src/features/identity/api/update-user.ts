import type { TUser } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { storeUser } from "./me.ts";

export interface UpdateUserBody {
  session_timeout_minutes?: number;
}

/** PUT users/{hashid}: one's own settings (the session timeout here). Answers the fresh user. */
export function updateUser({ hashid, body }: { hashid: string; body: UpdateUserBody }): Promise<TUser> {
  return api.put<TUser>(`users/${encodeURIComponent(hashid)}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => storeUser(queryClient, user) });
}
