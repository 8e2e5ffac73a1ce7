import type { TAnagraficaFields, TUser } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { storeUser } from "./me.ts";

/** POST users/anagraphic/new: the personal record of a user who has none; answers the fresh user. */
export function createAnagrafica(body: TAnagraficaFields): Promise<TUser> {
  return api.post<TUser>("users/anagraphic/new", body);
}

export function useCreateAnagrafica() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAnagrafica, onSuccess: (user) => storeUser(queryClient, user) });
}
