import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** GET users/profile/delete: personal data removed, every session ended. */
export function deleteProfile(): Promise<{ message: string }> {
  return api.get<{ message: string }>("users/profile/delete");
}

export function useDeleteProfile() {
  return useMutation({ mutationFn: deleteProfile });
}
