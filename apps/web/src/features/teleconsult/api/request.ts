import type { TeleconsultPathKind, TTeleconsult, TTeleconsultRequestBody } from "@cura/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { teleconsultKeys } from "./keys.ts";

/** POST reservations/{kind}: a quick (emergenza) or paediatric (tc_pediatrico) request. */
export function requestTeleconsult({ kind, body }: { kind: TeleconsultPathKind; body: TTeleconsultRequestBody }) {
  return api.post<TTeleconsult>(`reservations/${kind}`, body);
}

export function useRequestTeleconsult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestTeleconsult,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teleconsultKeys.all }),
  });
}
