import { z } from "zod";

/**
 * Prescription codes on a booking (spec 001 §3 Booking request, §5): the electronic prescription
 * number (NRE: 5 characters of region and year, then 10 digits) and the vet prescription (REV: 13
 * characters, without its PIN). Both are checked on the client and on the server.
 */
export const PRESCRIPTION_MESSAGES = {
  invalidNre: "Codice non valido",
  invalidRev: "Il codice REV deve avere 13 caratteri, senza PIN",
} as const;

const NRE_PATTERN = /^[0-9A-Z]{5}[0-9]{10}$/;
const REV_PATTERN = /^[0-9A-Z]{13}$/;

/** Spaces and dashes are how people copy codes from paper: drop them, upper-case the rest. */
export const normalizePrescriptionCode = (input: string): string => input.replace(/[\s-]/g, "").toUpperCase();

export const isValidNre = (input: string): boolean => NRE_PATTERN.test(normalizePrescriptionCode(input));
export const isValidRev = (input: string): boolean => REV_PATTERN.test(normalizePrescriptionCode(input));

export const ZNre = z
  .string()
  .transform(normalizePrescriptionCode)
  .refine((v) => NRE_PATTERN.test(v), PRESCRIPTION_MESSAGES.invalidNre);
export const ZRev = z
  .string()
  .transform(normalizePrescriptionCode)
  .refine((v) => REV_PATTERN.test(v), PRESCRIPTION_MESSAGES.invalidRev);
