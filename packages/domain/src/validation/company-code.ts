import { z } from "zod";
import { LIMITS } from "../constants.ts";

/**
 * The company code an operator registers with (spec 000 §3, 002 §3: 10 characters). It is the only
 * thing that lets a stranger ask to join a company, so it is random and unguessable: 10 symbols of
 * Crockford's base32 (digits and capitals without I, L, O and U, which look like 1, 1, 0 and V),
 * 5 bits each, 50 bits in all. The API draws it from a CSPRNG; this file is how both sides read it.
 */

export const COMPANY_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export const COMPANY_CODE_MESSAGES = {
  length: `Il codice azienda ha ${LIMITS.companyCodeLength} caratteri`,
  invalid: "Codice azienda non valido",
} as const;

/**
 * A code as a person may type it, in its stored form: case and spaces or dashes do not matter, and
 * the look-alikes Crockford's base32 leaves out are read as the symbol they resemble (O as 0, I and
 * L as 1), so a code copied from a letter or read over the phone still matches.
 */
export function normalizeCompanyCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

const FORMAT = new RegExp(`^[${COMPANY_CODE_ALPHABET}]{${LIMITS.companyCodeLength}}$`);

/** What is wrong with a code as typed, or null when its normalised form is well formed. */
export function companyCodeProblem(raw: string): string | null {
  const code = normalizeCompanyCode(raw);
  if (code.length !== LIMITS.companyCodeLength) return COMPANY_CODE_MESSAGES.length;
  return FORMAT.test(code) ? null : COMPANY_CODE_MESSAGES.invalid;
}

/** A company code as typed (up to 40 characters with spaces and dashes), out in its stored form. */
export const ZCompanyCode = z
  .string()
  .max(40, COMPANY_CODE_MESSAGES.invalid)
  .superRefine((raw, ctx) => {
    const problem = companyCodeProblem(raw);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(normalizeCompanyCode);
