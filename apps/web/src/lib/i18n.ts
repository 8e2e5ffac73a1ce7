import { setValidationLanguage } from "@cura/domain";
import i18n, { type ParseKeys } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";
import it from "../locales/it.json";
import { STORAGE_KEYS, storage } from "./storage.ts";

/** Italian is the default and the fallback (spec 000 §1, §9); English can be chosen in the header. */
export const LANGUAGES = ["it", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "it";

export const resources = { it: { translation: it }, en: { translation: en } } as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const stored = storage.getString(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
});

function reflect(language: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}
reflect(i18n.language);
i18n.on("languageChanged", reflect);

/** The messages zod writes itself in a form (a wrong type, a too long text) follow the interface's language. */
function validationLanguage(language: string): void {
  setValidationLanguage(language === "en" ? "en" : "it");
}
validationLanguage(i18n.language);
i18n.on("languageChanged", validationLanguage);

export async function changeLanguage(language: Language): Promise<void> {
  storage.setString(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;

/** A key of the Italian catalogue (checked at compile time through src/i18next.d.ts). */
export type TKey = ParseKeys;
