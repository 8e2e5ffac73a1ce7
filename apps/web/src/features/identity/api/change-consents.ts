import type { TUser } from "@cura/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface ConsentsBody {
  data_consense?: boolean;
  share_consense?: boolean;
  charge_consense?: boolean;
  notification_consense?: boolean;
  marketing_consense?: boolean;
}

/**
 * POST users/change/consenses: the flags sent change, the others stay. Answers the fresh user; the
 * caller stores it (the consent screen waits before it does, spec 000 §2.11).
 */
export function changeConsents(body: ConsentsBody): Promise<TUser> {
  return api.post<TUser>("users/change/consenses", body);
}

export function useChangeConsents() {
  return useMutation({ mutationFn: changeConsents });
}
