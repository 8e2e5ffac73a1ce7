import { z } from "zod";

export const EMAIL_MESSAGE = "Inserisci un indirizzo email valido.";
// Spec 000 §5: text, at, text, dot, text, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

export const ZEmail = z.string().trim().toLowerCase().refine(isValidEmail, EMAIL_MESSAGE);
