import { readFileSync } from "node:fs";
import { join } from "node:path";
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
    "recall",
    "recovery",
    "chatbot",
    // The popup questions' modal of AreaShell (citizens only, the shell is the same).
    "popupQuestions",
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
    "recall",
    "recovery",
    // The chat-bot widget of AreaShell (shown to citizens only, the shell is the same).
    "chatbot",
    "popupQuestions",
  ],
  admin: [
    "home",
    "profile",
    "sessionTimeout",
    "notifications",
    "recovery",
    "chatbot",
    "popupQuestions",
    "adminDashboard",
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * Groups that one page (or a few) needs and its area's first page does without, loaded with that page
 * (`lazy(() => withCataloguePart("agenda", import("…/AgendaPage.tsx")))` in app/routes.tsx): every
 * module adds its texts here, so an area's first page does not grow with each (issue 15's budgets).
 * A group here is in no layout part and not in the core. What the layout shows before the page's
 * part arrives must not be here: the sidebar's labels (a page's `nav.label`, in the `nav` group or
 * the area's part) and the page title (AppRoutes shows the brand alone until the title's key is
 * loaded). test/catalogue-parts.test.ts checks each page against its layout's part and its own.
 */
export const PAGE_PARTS = {
  agenda: ["agenda"],
  // The facility step asks for the position with the search's texts.
  bookingWizard: ["bookingWizard", "search"],
  search: ["search", "careCircle"],
  careCircle: ["careCircle", "search"],
  library: ["library"],
  archive: ["archive", "search"],
  analytics: ["analytics"],
  providerCentres: ["providerCentres", "search"],
  operatorSearch: ["operatorSearch", "search"],
  settings: ["consentRevocation"],
  // The operator's patient card shows the IRST lists among the health tabs (features/irst).
  health: ["healthFile", "healthMeasurements", "healthTherapies", "irst"],
  teleconsult: ["teleconsult"],
  teleconsultRoom: ["teleconsultRoom"],
  documents: ["documents"],
  caregivers: ["caregivers"],
  emergencyContacts: ["emergencyContacts"],
  // The notification channels page shows the messenger bots' section (features/bots).
  reminders: ["reminders", "bots"],
  manuals: ["manuals"],
  support: ["supportRequest"],
  adminDownloads: ["adminDownloads"],
  adminUsers: ["adminUsers"],
  publicContact: ["publicContact"],
  adminSettings: ["adminSettings"],
  adminCompanies: ["adminCompanies"],
  // The services page shows the parameters and the farmacia dei servizi sections (admin-catalogue).
  adminServices: ["adminServices", "adminCatalogue"],
  adminBookings: ["adminBookings"],
  adminReports: ["adminReports"],
  // Screening (issue 13): the operator's activities and surveys, the citizen's questionnaire.
  surveys: ["surveys"],
  // Survey sessions (issue 13): the operator's and the administrator's pages, with the survey player.
  sessions: ["sessions", "surveys"],
  // IRST, the oncology therapy reconciliation (issue 13): the citizen's page.
  irst: ["irst"],
} as const satisfies Record<string, readonly string[]>;

export type LayoutPart = keyof typeof CATALOGUE_PARTS;
export type PagePart = keyof typeof PAGE_PARTS;
export type CataloguePart = LayoutPart | PagePart;
export const CATALOGUE_PART_NAMES = Object.keys(CATALOGUE_PARTS) as LayoutPart[];
export const PAGE_PART_NAMES = Object.keys(PAGE_PARTS) as PagePart[];
const ALL_PARTS: Record<CataloguePart, readonly string[]> = { ...CATALOGUE_PARTS, ...PAGE_PARTS };

/** Top-level keys that are in some part, so not in the core. */
const IN_A_PART = new Set<string>(Object.values(ALL_PARTS).flat());

/** The keys of a catalogue in one part ("core": those in no part). */
export function cataloguePart(
  catalogue: Record<string, unknown>,
  part: CataloguePart | "core",
): Record<string, unknown> {
  const keep = (key: string) => (part === "core" ? !IN_A_PART.has(key) : ALL_PARTS[part].includes(key));
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => keep(key)));
}

// Vitest asks for `it.json?import&part=core`.
const PART_REQUEST = /[\\/]src[\\/]locales[\\/](it|en)\.json\?(?:import&)?part=([A-Za-z]+)$/;
const LOADERS_REQUEST = /^virtual:catalogue\/(it|en)$/;

/**
 * `import loaders from "virtual:catalogue/it"` (lib/i18n.ts) is an object with a loader per part,
 * `{ public: () => import(".../it.json?part=public"), … }` (English also has its core), so the parts
 * are declared here only. `import("../locales/it.json?part=public")` reads that part of the
 * catalogue as a module whose default export is the object. The source stays one file per language.
 * With `{ whole: true }` (Vitest, whose tests render pages without their layouts) every part is the
 * whole catalogue, which i18next merges into the same namespace: the same keys either way.
 */
export function catalogueParts(options: { whole?: boolean } = {}): Plugin {
  let root = process.cwd();
  return {
    name: "cura:catalogue-parts",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return LOADERS_REQUEST.test(id) ? `\0${id}` : null;
    },
    load(id) {
      const loaders = LOADERS_REQUEST.exec(id.replace(/^\0/, ""));
      if (loaders && id.startsWith("\0")) {
        const language = loaders[1] as string;
        const names = [...(language === "it" ? [] : ["core"]), ...Object.keys(ALL_PARTS)];
        const file = join(root, "src", "locales", `${language}.json`);
        const entries = names.map(
          (name) => `${JSON.stringify(name)}: () => import(${JSON.stringify(`${file}?part=${name}`)})`,
        );
        return { code: `export default {\n  ${entries.join(",\n  ")},\n};\n`, map: null };
      }
      const match = PART_REQUEST.exec(id);
      if (!match) return null;
      const [, , part] = match;
      if (part !== "core" && !(part && part in ALL_PARTS)) {
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
