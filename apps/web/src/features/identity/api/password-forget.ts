import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** POST users/password/forget: a recovery link by e-mail ('mail_inviata' for any valid address). */
export function forgetPasswordByEmail(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>("users/password/forget", { email }, { on401: "none" });
}

export function useForgetPasswordByEmail() {
  return useMutation({ mutationFn: forgetPasswordByEmail });
}
