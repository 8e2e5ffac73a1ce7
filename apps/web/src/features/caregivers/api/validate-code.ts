import type { TUserCodeValidation } from "@cura/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** POST users/own/code/validate: whose code this is (the name only). */
export function validateCode(code: string): Promise<TUserCodeValidation> {
  return api.post<TUserCodeValidation>("users/own/code/validate", { code });
}

export function useValidateCode() {
  return useMutation({ mutationFn: validateCode });
}
