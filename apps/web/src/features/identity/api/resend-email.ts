import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** POST email/resend: 400 when not signed in, 404 when already verified, else 'Mail inviata'. */
export function resendVerificationEmail(): Promise<{ message: string }> {
  return api.post<{ message: string }>("email/resend", undefined, { on401: "none" });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
