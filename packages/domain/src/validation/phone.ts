import { z } from "zod";
import { LIMITS } from "../constants.ts";

/** Spec 000 §5 messages. */
export const PHONE_MESSAGES = {
  tooLong: "Il numero di telefono non può superare 15 cifre.",
  digitsOnly: "Il numero di telefono deve contenere solo cifre.",
  tooShort: "Il numero di telefono deve contenere almeno 9 cifre.",
  submit: "Il numero di telefono deve contenere solo cifre e non superare 15 caratteri",
  full: "Il numero di telefono non può iniziare con 0 o 00, deve contenere solo cifre e avere una lunghezza compresa tra 9 e 15 caratteri.",
  invalid: "Numero di telefono non valido",
} as const;

/** What the input field keeps while typing: digits only, at most 15. */
export function sanitizePhoneInput(input: string): string {
  return input.replace(/\D/g, "").slice(0, LIMITS.phoneMaxDigits);
}

/** The first rule a phone number breaks, or null when it is valid. */
export function phoneProblem(value: string): string | null {
  if (!/^\d*$/.test(value)) return PHONE_MESSAGES.digitsOnly;
  if (value.length > LIMITS.phoneMaxDigits) return PHONE_MESSAGES.tooLong;
  if (value.length < LIMITS.phoneMinDigits) return PHONE_MESSAGES.tooShort;
  if (value.startsWith("0")) return PHONE_MESSAGES.full;
  return null;
}

/** A mobile or landline number without prefix: 9–15 digits, not starting with 0 or 00, no +. */
export const ZPhoneNumber = z.string().superRefine((value, ctx) => {
  const problem = phoneProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** An international prefix such as +39 (1–4 digits). */
export const ZPhonePrefix = z.string().regex(/^\+\d{1,4}$/, "Prefisso non valido");
