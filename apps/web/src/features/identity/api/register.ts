import type { TRegisterBody } from "@cura/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { LoginResult } from "./login.ts";

/** POST users/register: 201 with the new session (token and user), or 422 with field errors. */
export function register(body: TRegisterBody): Promise<LoginResult> {
  return api.post<LoginResult>("users/register", body, { on401: "none" });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
