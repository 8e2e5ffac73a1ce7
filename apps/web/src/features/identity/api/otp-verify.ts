import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** POST otp/verify/{userHashid}: status 1 verified, 2 wrong, 3 expired, 4 already verified, 5 deleted. */
export function verifyOtp({
  userHashid,
  hashid,
  code,
}: {
  userHashid: string;
  hashid: string;
  code: string;
}): Promise<{ status: number }> {
  return api.post<{ status: number }>(`otp/verify/${encodeURIComponent(userHashid)}`, { hashid, code });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
