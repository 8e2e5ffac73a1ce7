import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/**
 * POST users/password/forget/cf: a recovery link by SMS to the first phone, or to the reserve one
 * with `second` ('Messaggio inviato' for any valid tax code).
 */
export function forgetPasswordByTaxCode({
  cf,
  second,
}: {
  cf: string;
  second?: boolean;
}): Promise<{ message: string }> {
  return api.post<{ message: string }>("users/password/forget/cf", second ? { cf, second: true } : { cf }, {
    on401: "none",
  });
}

export function useForgetPasswordByTaxCode() {
  return useMutation({ mutationFn: forgetPasswordByTaxCode });
}
