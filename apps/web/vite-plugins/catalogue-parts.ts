import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * The parts of each language's catalogue (src/locales/it.json, en.json) that are not needed on every
 * page, by top-level key. Each part is loaded with the layout that needs it (app/routes.tsx: the
 * public layout, each area's shell) before that layout renders; everything not listed here is the
 * core, bundled with the entry (Italian) or loaded with the language (English). So a group of keys
 * added to the catalogue is in the core until it is listed here, and a group listed under an area
 * must be used only by that area's pages (test/catalogue-parts.test.ts follows the imports of each
 * area's pages and fails naming a group a page uses that its part lacks). A group several areas use
 * is listed under each of them.
 */
export const CATALOGUE_PARTS = {
  public: [
    "register",
    "emailVerify",
    "numberVerify",
    "otpStatus",
    "reset",
    // Also in the areas: the settings page opens the recovery e-mail modal.
    "recovery",
    "help",
    "outbox",
    "disabled",
    "nationalIdentity",
    // The header's notification centre, for a signed-in user on a public page (help).
    "notifications",
  ],
  cittadino: [
    "home",
    "profile",
    "sessionTimeout",
    "notifications",
    "bookings",
    "bookingHistory",
    "bookingMessages",
    "bookingWizard",
    "careCircle",
    "search",
    "agenda",
    "recall",
    "recovery",
  ],
  operatore: [
    "home",
    "profile",
    "sessionTimeout",
    "notifications",
    "bookings",
    "bookingHistory",
    "bookingMessages",
    "operatorBookings",
    "patients",
    "analytics",
    "library",
    "archive",
    "operatorSearch",
    "providerCentres",
    "search",
    "agenda",
    "recall",
    "recovery",
  ],
  admin: ["home", "profile", "sessionTimeout", "notifications", "recovery"],
} as const satisfies Record<string, readonly string[]>;

export type CataloguePart = keyof typeof CATALOGUE_PARTS;
export const CATALOGUE_PART_NAMES = Object.keys(CATALOGUE_PARTS) as CataloguePart[];

/** Top-level keys that are in some part, so not in the core. */
const IN_A_PART = new Set<string>(Object.values(CATALOGUE_PARTS).flat());

/** The keys of a catalogue in one part ("core": those in no part). */
export function cataloguePart(
  catalogue: Record<string, unknown>,
  part: CataloguePart | "core",
): Record<string, unknown> {
  const keep = (key: string) =>
    part === "core" ? !IN_A_PART.has(key) : (CATALOGUE_PARTS[part] as readonly string[]).includes(key);
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => keep(key)));
}

// Vitest asks for `it.json?import&part=core`.
const PART_REQUEST = /[\\/]src[\\/]locales[\\/](it|en)\.json\?(?:import&)?part=([a-z]+)$/;

/**
 * `import("../locales/it.json?part=public")` (lib/i18n.ts) reads that part of the catalogue as a
 * module whose default export is the object. The source stays one file per language. With
 * `{ whole: true }` (Vitest, whose tests render pages without their layouts) every part is the whole
 * catalogue, which i18next merges into the same namespace: the same keys either way.
 */
export function catalogueParts(options: { whole?: boolean } = {}): Plugin {
  return {
    name: "cura:catalogue-parts",
    enforce: "pre",
    load(id) {
      const match = PART_REQUEST.exec(id);
      if (!match) return null;
      const [, , part] = match;
      if (part !== "core" && !(part && part in CATALOGUE_PARTS)) {
        throw new Error(`No catalogue part "${part}" (vite-plugins/catalogue-parts.ts)`);
      }
      const path = id.slice(0, id.indexOf("?"));
      this.addWatchFile(path);
      const catalogue = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
      // JSON is JavaScript: an object literal module (Vite's JSON plugin skips ids with a query).
      const content = options.whole ? catalogue : cataloguePart(catalogue, part as CataloguePart | "core");
      return { code: `export default ${JSON.stringify(content)};\n`, map: null };
    },
  };
}
