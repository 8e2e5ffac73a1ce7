/**
 * The language of the messages zod writes itself, kept apart from the zod locale (locale.ts) so the
 * web app can follow its interface language without loading zod on pages that parse nothing.
 */
export type ValidationLanguage = "it" | "en";

let current: ValidationLanguage = "it";

export function setValidationLanguage(language: ValidationLanguage): void {
  current = language;
}

export function validationLanguage(): ValidationLanguage {
  return current;
}
