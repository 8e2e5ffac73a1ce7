import {
  type NationalIdentityProvider,
  nationalIdentityPaths,
  type TRegisterByIdentityBody,
  type TUser,
} from "@cura/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface IdentitySession {
  token: string;
  user: TUser;
}

/**
 * POST users/registerBySpid or users/registerByCie: 201 with the new session, or 422 with field
 * errors (spec 000 §8: the page shows the first one for anagrafica.cf, else the first of any).
 */
export function registerByIdentity(
  provider: NationalIdentityProvider,
  body: TRegisterByIdentityBody,
): Promise<IdentitySession> {
  return api.post<IdentitySession>(nationalIdentityPaths(provider).register, body, { on401: "none" });
}

export function useRegisterByIdentity(provider: NationalIdentityProvider) {
  return useMutation({ mutationFn: (body: TRegisterByIdentityBody) => registerByIdentity(provider, body) });
}
