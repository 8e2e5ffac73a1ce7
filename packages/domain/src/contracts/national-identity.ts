import { z } from "zod";
import { NATIONAL_IDENTITY_PROVIDERS } from "../national-identity.ts";

/**
 * Sign-in with Italy's national digital identities, SPID and CIE (spec 000 §2.3, §2.5, §4, §7):
 * the browser goes to the identity provider through `auth/{provider}/start`, comes back to
 * `/login/{provider}?token=…` (or `?error=…`), and the page sends the token to `{provider}/verify`:
 * a session when an account has that tax code, else 404 with the identity to pre-fill the
 * completion form, which goes to `users/registerBySpid` or `users/registerByCie`.
 */
export const ZNationalIdentityProvider = z.enum(NATIONAL_IDENTITY_PROVIDERS);

/** How long the identity handed to the page is good for. */
export const NATIONAL_IDENTITY_TOKEN_LIMITS = {
  /** To sign in (verify) after coming back from the provider. */
  verifySeconds: 5 * 60,
  /** To finish the completion form (registerBySpid / registerByCie) after coming back. */
  registrationSeconds: 30 * 60,
} as const;

export const NATIONAL_IDENTITY_MESSAGES = {
  /** Spec 000 §8: the default of a failed SPID/CIE registration. */
  registrationFailed: "Errore durante la registrazione.",
  invalidToken: "Identità digitale non valida o scaduta: ripeti l'accesso.",
  noAccount: "Nessuna utenza è associata a questa identità digitale: completa la registrazione.",
  taxCodeMismatch: "Il codice fiscale non corrisponde a quello dell'identità digitale.",
  taxCodeTaken: "Esiste già un'utenza con questo codice fiscale: accedi con la tua identità digitale.",
  cancelled: "Accesso annullato.",
  failed: "Accesso con l'identità digitale non riuscito. Riprova.",
  expiredFlow: "La richiesta di accesso è scaduta o non è valida. Riprova.",
  unavailable: "L'accesso con questa identità digitale non è al momento disponibile.",
  providerUnreachable: "Il servizio di identità digitale non risponde. Riprova più tardi.",
  noTaxCode: "L'identità digitale non contiene un codice fiscale valido.",
} as const;

/** What the identity provider says of the person: the data that pre-fills the completion form. */
export const ZNationalIdentityData = z
  .object({
    name: z.string(),
    surname: z.string(),
    email: z.string().nullable(),
    /** Normalised: upper case, without TINIT-. */
    cf: z.string(),
    gender: z.enum(["maschile", "femminile"]).nullable(),
    /** YYYY-MM-DD. */
    birthday: z.string().nullable(),
  })
  .meta({ id: "NationalIdentityData" });
export type TNationalIdentityData = z.infer<typeof ZNationalIdentityData>;

/** POST {provider}/verify → 404: no account has this tax code (spec 000 §4). */
export const ZNationalIdentityNotFound = z.object({
  message: z.string(),
  code: z.string().optional(),
  data: ZNationalIdentityData,
});

export const ZNationalIdentityParams = z.object({ provider: ZNationalIdentityProvider });

/**
 * The provider's answer at the callback (RFC 6749 §4.1.2). Loose on purpose: any answer, even a
 * malformed one, must land on the login page with a message, never on a JSON 422; the relying
 * party checks it.
 */
const looseParam = z.union([z.string(), z.array(z.string())]).optional();
export const ZNationalIdentityCallbackQuery = z.object({
  code: looseParam,
  state: looseParam,
  iss: looseParam,
  error: looseParam,
  error_description: looseParam,
});

/**
 * The message the completion form shows for a failed registration (spec 000 §8): the first
 * message for anagrafica.cf, else the first validation error, else the answer's message, else
 * 'Errore durante la registrazione.'.
 */
export function nationalRegistrationErrorMessage(
  error: { message?: string | null; errors?: Record<string, readonly string[]> | null } | null | undefined,
): string {
  const errors = error?.errors ?? {};
  const cf = errors["anagrafica.cf"]?.[0];
  if (cf) return cf;
  const first = Object.values(errors).find((messages) => messages.length > 0)?.[0];
  if (first) return first;
  return error?.message?.trim() ? error.message : NATIONAL_IDENTITY_MESSAGES.registrationFailed;
}
