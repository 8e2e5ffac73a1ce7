import type { TAnagraficaFields, TUser } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { storeUser } from "./me.ts";

/**
 * PUT users/anagraphic/update: the whole personal record (a section's changes on top of the
 * stored record). A new phone number must be verified again. Answers the fresh user.
 */
export function updateAnagrafica(body: TAnagraficaFields): Promise<TUser> {
  return api.put<TUser>("users/anagraphic/update", body);
}

export function useUpdateAnagrafica() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAnagrafica, onSuccess: (user) => storeUser(queryClient, user) });
}
