import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface ChangePasswordBody {
  old_password: string;
  password: string;
  password_confirmation: string;
}

/** POST users/change/password: clears the temporary and expired flags; the other sessions end. */
export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>("users/change/password", body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
