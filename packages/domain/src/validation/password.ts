import { LIMITS } from "../constants.ts";

/** The special characters the spec allows: ! @ # $ % ^ & * ) ( + = . _ - */
export const PASSWORD_SPECIALS = "!@#$%^&*)(+=._-";

export const PASSWORD_MESSAGES = {
  length: `La password deve contenere almeno ${LIMITS.passwordMinLength} caratteri`,
  tooLong: `La password può contenere al massimo ${LIMITS.passwordMaxLength} caratteri`,
  digit: "La password deve contenere almeno un numero",
  lower: "La password deve contenere almeno una lettera minuscola",
  upper: "La password deve contenere almeno una lettera maiuscola",
  special: `La password deve contenere almeno un carattere speciale tra ${PASSWORD_SPECIALS.split("").join(" ")}`,
  personal: "La password non può contenere il tuo nome o cognome",
  confirmation: "Le password non coincidono",
  sameAsOld: "La nuova password deve essere diversa da quella attuale",
  oldRequired: "Inserisci la password attuale",
  common: "Questa password è troppo comune: scegline una meno prevedibile",
  namesFirst: "Inserisci prima nome e cognome",
} as const;

export interface PasswordContext {
  name?: string | null;
  surname?: string | null;
}

/**
 * Every rule of spec 000 §5 and 001 §5 that a new password breaks (empty when it is acceptable).
 * "More than 8" and "at least 8" are both reported: the stricter reading, at least 9, is applied.
 */
export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  const problems: string[] = [];
  if (password.length < LIMITS.passwordMinLength) problems.push(PASSWORD_MESSAGES.length);
  if (password.length > LIMITS.passwordMaxLength) problems.push(PASSWORD_MESSAGES.tooLong);
  if (!/\d/.test(password)) problems.push(PASSWORD_MESSAGES.digit);
  if (!/[a-z]/.test(password)) problems.push(PASSWORD_MESSAGES.lower);
  if (!/[A-Z]/.test(password)) problems.push(PASSWORD_MESSAGES.upper);
  if (![...password].some((c) => PASSWORD_SPECIALS.includes(c))) problems.push(PASSWORD_MESSAGES.special);
  const lower = password.toLowerCase();
  const personal = [context.name, context.surname]
    .map((part) => part?.trim().toLowerCase() ?? "")
    .filter((part) => part.length >= 2);
  if (personal.some((part) => lower.includes(part))) problems.push(PASSWORD_MESSAGES.personal);
  return problems;
}
