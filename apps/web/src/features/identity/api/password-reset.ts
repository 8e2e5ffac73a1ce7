import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface PasswordResetBody {
  email?: string;
  username?: string;
  token: string;
  password: string;
  password_confirmation: string;
}

/** POST users/password/reset: a new password with the link's token; every session of the user ends. */
export function resetPassword(body: PasswordResetBody): Promise<{ message: string }> {
  return api.post<{ message: string }>("users/password/reset", body, { on401: "none" });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
