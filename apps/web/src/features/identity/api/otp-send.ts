import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface OtpSent {
  hashid: string;
  status: number;
  /** The number the code went to, masked: first digit, stars, last two. */
  number: string;
}

/** POST otp/send/{userHashid}: a 6-digit code by SMS, valid 299 s; the 4th send in an hour is a 429. */
export function sendOtp({ userHashid, cause }: { userHashid: string; cause: number }): Promise<OtpSent> {
  return api.post<OtpSent>(`otp/send/${encodeURIComponent(userHashid)}`, { cause });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
