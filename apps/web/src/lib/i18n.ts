import { setValidationLanguage } from "@cura/domain";
import i18n, { type ParseKeys } from "i18next";
import { initReactI18next } from "react-i18next";
import it from "../locales/it.json";
import { STORAGE_KEYS, storage } from "./storage.ts";

/** Italian is the default and the fallback (spec 000 §1, §9); English can be chosen in the header. */
export const LANGUAGES = ["it", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "it";

/**
 * Italian is bundled (most visits never leave it); another language's catalogue is a lazy chunk,
 * fetched when it is chosen or, at start, before the first render (main.tsx awaits `i18nReady`), so
 * no page ever shows in one language and then another.
 */
const CATALOGUES: Record<Language, (() => Promise<{ default: typeof it }>) | null> = {
  it: null,
  en: () => import("../locales/en.json"),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const stored = storage.getString(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources: { it: { translation: it } },
  lng: DEFAULT_LANGUAGE,
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

async function loadCatalogue(language: Language): Promise<void> {
  const load = CATALOGUES[language];
  if (!load || i18n.hasResourceBundle(language, "translation")) return;
  i18n.addResourceBundle(language, "translation", (await load()).default);
}

async function switchTo(language: Language): Promise<void> {
  await loadCatalogue(language);
  await i18n.changeLanguage(language);
}

/** Settled once the language chosen last time is loaded and active (at once for Italian). */
export const i18nReady: Promise<void> = switchTo(storedLanguage()).catch(() => {
  // The catalogue could not be fetched (offline, a deployment replaced it): carry on in Italian.
});

export async function changeLanguage(language: Language): Promise<void> {
  storage.setString(STORAGE_KEYS.language, language);
  await switchTo(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;

/** A key of the Italian catalogue (checked at compile time through src/i18next.d.ts). */
export type TKey = ParseKeys;
