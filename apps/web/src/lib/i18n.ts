// Not "@cura/domain": its index loads zod (the contracts, the zod locale), which the entry does without.

// A loader per part and language (vite-plugins/catalogue-parts.ts), each part a chunk of its own.
import enParts from "virtual:catalogue/en";
import itParts from "virtual:catalogue/it";
import { setValidationLanguage } from "@cura/domain/validation/language";
import i18n, { type ParseKeys } from "i18next";
import { initReactI18next } from "react-i18next";
import type { CataloguePart } from "../../vite-plugins/catalogue-parts.ts";
// The core of the Italian catalogue: the keys every page may need (vite-plugins/catalogue-parts.ts).
import itCore from "../locales/it.json?part=core";
import { STORAGE_KEYS, storage } from "./storage.ts";

/** Italian is the default and the fallback (spec 000 §1, §9); English can be chosen in the header. */
export const LANGUAGES = ["it", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "it";

/**
 * Each language's catalogue comes in parts (vite-plugins/catalogue-parts.ts): the core, which every
 * page needs; one part per layout (the public pages, each area), loaded with the layout's lazy chunk
 * before it renders; and page parts, the groups of a page that its area's first page does without,
 * loaded with that page (`withCataloguePart`, app/routes.tsx). The Italian core is bundled (most
 * visits never leave Italian); the rest are lazy chunks. Another language is fetched when it is
 * chosen, or at start, before the first render (main.tsx awaits `i18nReady`), with every part
 * loaded so far, so no page ever shows in one language and then another, nor shows a key.
 */
type Catalogue = Record<string, unknown>;
type Loader = () => Promise<{ default: Catalogue }>;
const CATALOGUES: Record<Language, Record<CataloguePart | "core", Loader>> = {
  it: { ...itParts, core: async () => ({ default: itCore }) },
  en: enParts,
};

/** The parts the pages shown so far needed, in whatever language: a switch loads them all. */
const partsInUse = new Set<CataloguePart | "core">(["core"]);
/** The parts of each language that are in i18next (or on their way). */
const partsLoaded: Record<Language, Map<CataloguePart | "core", Promise<void>>> = {
  it: new Map([["core", Promise.resolve()]]),
  en: new Map(),
};

function loadPart(language: Language, part: CataloguePart | "core"): Promise<void> {
  let loading = partsLoaded[language].get(part);
  if (!loading) {
    loading = CATALOGUES[language][part]().then((module) => {
      // Deep merge into the one namespace: the keys are the same whichever part brings them.
      i18n.addResourceBundle(language, "translation", module.default, true, true);
    });
    // A failed fetch (offline, a deployment replaced the chunk) may be tried again later.
    loading.catch(() => partsLoaded[language].delete(part));
    partsLoaded[language].set(part, loading);
  }
  return loading;
}

async function loadCatalogue(language: Language): Promise<void> {
  await Promise.all([...partsInUse].map((part) => loadPart(language, part)));
}

/**
 * Loads a layout's or a page's module and its part of the catalogue in the current language
 * together, so it renders with its texts: `lazy(() => withCataloguePart("public", import("./PublicLayout.tsx")))`.
 */
export async function withCataloguePart<T>(part: CataloguePart, module: Promise<T>): Promise<T> {
  partsInUse.add(part);
  // In the language shown and, during a switch, in the one coming.
  const languages = new Set([currentLanguage(), targetLanguage]);
  const [loaded] = await Promise.all([module, ...[...languages].map((language) => loadPart(language, part))]);
  return loaded;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const stored = storage.getString(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources: { it: { translation: itCore } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
  // A key found in no catalogue shows as the key itself: record it where the browser journeys look
  // (e2e/page-checks.ts), so a missing translation fails a test instead of reaching a user. Cheap and
  // bounded, so it stays on in production builds, which the journeys run.
  saveMissing: true,
  missingKeyHandler: (languages, _namespace, key) => recordMissingKey(`${languages.join(",")}:${key}`),
});

/** The keys asked for and missing, in the window's `__CURA_MISSING_KEYS__` (the first 100). */
function recordMissingKey(entry: string): void {
  if (typeof window === "undefined") return;
  const w = window as unknown as { __CURA_MISSING_KEYS__?: string[] };
  w.__CURA_MISSING_KEYS__ ??= [];
  if (w.__CURA_MISSING_KEYS__.length < 100 && !w.__CURA_MISSING_KEYS__.includes(entry))
    w.__CURA_MISSING_KEYS__.push(entry);
}

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

/** The language being switched to (or shown). */
let targetLanguage: Language = DEFAULT_LANGUAGE;

async function switchTo(language: Language): Promise<void> {
  targetLanguage = language;
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
