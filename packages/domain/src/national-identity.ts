/**
 * The national digital identities (SPID, CIE) and the paths of their sign-in flow: the constants a
 * page needs to offer the buttons, apart from the contracts (contracts/national-identity.ts), so the
 * sign-in page does not load zod's schemas for them.
 */
export const NATIONAL_IDENTITY_PROVIDERS = ["spid", "cie"] as const;
export type NationalIdentityProvider = (typeof NATIONAL_IDENTITY_PROVIDERS)[number];

export const NATIONAL_IDENTITY_LABELS: Record<NationalIdentityProvider, string> = { spid: "SPID", cie: "CIE" };

/** The web page the provider's answer lands on (spec 000 §2.1). */
export const nationalIdentityReturnPath = (provider: NationalIdentityProvider) => `/login/${provider}` as const;

/** The API paths of the flow, under /api/v1. */
export const nationalIdentityPaths = (provider: NationalIdentityProvider) =>
  ({
    start: `/api/v1/auth/${provider}/start`,
    verify: `${provider}/verify`,
    register: provider === "spid" ? "users/registerBySpid" : "users/registerByCie",
  }) as const;
