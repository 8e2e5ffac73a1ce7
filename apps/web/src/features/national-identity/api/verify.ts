import {
  type NationalIdentityProvider,
  nationalIdentityPaths,
  type TNationalIdentityData,
  type TUser,
  ZNationalIdentityData,
} from "@cura/domain";
import { ApiError, buildUrl } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";

export type VerifyOutcome =
  | { kind: "signedIn"; token: string; user: TUser }
  | { kind: "unregistered"; identity: TNationalIdentityData; message: string };

/**
 * POST spid/verify or cie/verify with the token of the provider's return (spec 000 §4): 200 is a
 * session; 404 carries the identity that pre-fills the completion form. The shared client keeps
 * only message and field errors of a failed answer, and here the 404's `data` is the point: so this
 * call reads the answer itself. Any other failure is an ApiError (422 invalid or expired token,
 * 401 disabled account); 401 is not routed by the client's rules, the page decides.
 * The API also checks the binding cookie it set at the provider's return (same-origin, sent as is).
 */
export async function verifyNationalIdentity(
  provider: NationalIdentityProvider,
  token: string,
  signal?: AbortSignal,
): Promise<VerifyOutcome> {
  let response: Response;
  try {
    response = await fetch(buildUrl(nationalIdentityPaths(provider).verify), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
      credentials: "same-origin",
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, i18n.t("errors.network"), "network_error");
  }
  const body = (await response.json().catch(() => null)) as {
    data?: unknown;
    message?: unknown;
    code?: unknown;
    errors?: Record<string, string[]>;
  } | null;
  const message = typeof body?.message === "string" ? body.message : i18n.t("errors.unexpected");
  if (response.ok) {
    const data = body?.data as { token?: unknown; user?: unknown } | undefined;
    if (typeof data?.token === "string" && data.user)
      return { kind: "signedIn", token: data.token, user: data.user as TUser };
  }
  if (response.status === 404) {
    const identity = ZNationalIdentityData.safeParse(body?.data);
    if (identity.success) return { kind: "unregistered", identity: identity.data, message };
  }
  throw new ApiError(response.status, message, typeof body?.code === "string" ? body.code : undefined, body?.errors);
}
