import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../../lib/api.ts";
import { session } from "../../../lib/session.ts";

/** GET users/logout?client=web: the server revokes the token. */
export function logout(): Promise<unknown> {
  return api.get<unknown>("users/logout", { query: { client: "web" }, on401: "none" });
}

/**
 * Logs out: the local session is cleared whatever the server answers (an expired token must not
 * keep anyone inside), then the cached data goes and the browser lands on /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      session.clear();
      queryClient.clear();
      void navigate("/login", { replace: true });
    },
  });
}
