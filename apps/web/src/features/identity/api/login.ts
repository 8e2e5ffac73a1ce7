import type { TLoginBody, TUser } from "@cura/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface LoginResult {
  token: string;
  user: TUser;
}

/** POST users/login. A 401 here means a disabled account: the login page decides, not the client. */
export function login(body: TLoginBody): Promise<LoginResult> {
  return api.post<LoginResult>("users/login", body, { on401: "none" });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
