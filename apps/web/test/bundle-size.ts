import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What each area's first page downloads before it can render, read from the Vite manifest of a build
 * (apps/web/dist/.vite/manifest.json): the entry (index.html's script) and its static imports, plus
 * the lazy chunks of the route's layout and page and their static imports. Sizes are gzip level 9,
 * the level of the precompressed .gz files the server sends.
 *
 * `npx node apps/web/test/bundle-size.ts [dist]` prints the figures (docs/performance.md, Web delivery).
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Lazy, but loaded at once wherever a user is signed in (app/RootLayout.tsx). */
const IDLE_SESSION = "src/app/IdleSession.tsx";
/** Lazy, but loaded at once in a signed-in user's header (app/shells/AppHeader.tsx). */
const HEADER_NOTIFICATIONS = "src/features/notifications/components/HeaderNotifications.tsx";

/**
 * The first page of each area and the lazy modules (routes.tsx, RootLayout.tsx) that render it: the
 * layout (an area's with its route table, app/areas/), its part of the Italian catalogue (lib/i18n.ts),
 * the page.
 *
 * `budgetKb` is issue 15's goal; `ceilingKb` is what the build weighs today (25 Nov 2026), which must
 * not grow, or the goal where it is met. Where the two differ the goal is missed (docs/performance.md
 * "Web delivery" says by how much and where to cut next): lower the ceiling with every cut until it
 * meets the goal, never raise it.
 */
export const FIRST_PAGES = [
  {
    name: "public and login (/login)",
    lazy: [
      "src/app/shells/PublicLayout.tsx",
      "src/locales/it.json?part=public",
      "src/features/identity/pages/LoginPage.tsx",
    ],
    budgetKb: 150,
    ceilingKb: 150,
  },
  {
    name: "citizen home (/cittadino/home)",
    lazy: [
      "src/app/areas/cittadino.tsx",
      "src/locales/it.json?part=cittadino",
      "src/features/home/pages/CitizenHomePage.tsx",
      IDLE_SESSION,
      HEADER_NOTIFICATIONS,
    ],
    budgetKb: 170,
    ceilingKb: 170,
  },
  {
    name: "operator home (/operatore/home)",
    lazy: [
      "src/app/areas/operatore.tsx",
      "src/locales/it.json?part=operatore",
      "src/features/home/pages/OperatorHomePage.tsx",
      IDLE_SESSION,
      HEADER_NOTIFICATIONS,
    ],
    budgetKb: 190,
    ceilingKb: 190,
  },
  {
    name: "admin home (/admin/home)",
    lazy: [
      "src/app/areas/admin.tsx",
      "src/locales/it.json?part=admin",
      "src/features/home/pages/AdminHomePage.tsx",
      IDLE_SESSION,
      HEADER_NOTIFICATIONS,
    ],
    budgetKb: 200,
    ceilingKb: 200,
  },
] as const;

export const CSS_BUDGET_KB = 70;

/**
 * Code that must only ever arrive in a lazy chunk: it is large and only some pages use it. Matched
 * against the sources listed in each chunk's source map, and WebRTC also by the code itself (any
 * peer connection, whichever module opens it).
 */
export const HEAVY_CODE: readonly { name: string; source: RegExp; code?: RegExp }[] = [
  { name: "ECharts", source: /node_modules\/(echarts|zrender)\// },
  { name: "FullCalendar", source: /node_modules\/@fullcalendar\// },
  {
    name: "WebRTC",
    source: /node_modules\/(simple-peer|peerjs|webrtc-adapter|livekit-client)\/|src\/features\/teleconsult\//,
    code: /\bRTCPeerConnection\b/,
  },
  { name: "PDF", source: /node_modules\/(pdfjs-dist|pdf-lib|pdfkit|jspdf|@react-pdf|react-pdf)\// },
];

export function readManifest(dist: string): Manifest {
  const path = join(dist, ".vite", "manifest.json");
  if (!existsSync(path)) throw new Error(`${path} is missing: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/** The manifest keys a key reaches through static imports, itself included. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no ${key}: was it moved? Update FIRST_PAGES`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the manifest, found ${entries.length}`);
  return (entries[0] as [string, ManifestChunk])[0];
}

const gzipCache = new Map<string, number>();
export function gzipSize(dist: string, file: string): number {
  const path = join(dist, file);
  let size = gzipCache.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(path, size);
  }
  return size;
}

export interface FileSize {
  file: string;
  gzip: number;
}
export interface PageWeight {
  name: string;
  budgetKb: number;
  js: FileSize[];
  css: FileSize[];
  jsGzip: number;
  cssGzip: number;
}

const bySize = (a: FileSize, b: FileSize) => b.gzip - a.gzip;

export function pageWeight(dist: string, manifest: Manifest, page: (typeof FIRST_PAGES)[number]): PageWeight {
  const keys = staticClosure(manifest, [entryKey(manifest), ...page.lazy]);
  const jsFiles = new Set<string>();
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as ManifestChunk;
    jsFiles.add(chunk.file);
    for (const css of chunk.css ?? []) cssFiles.add(css);
  }
  const js = [...jsFiles].map((file) => ({ file, gzip: gzipSize(dist, file) })).sort(bySize);
  const css = [...cssFiles].map((file) => ({ file, gzip: gzipSize(dist, file) })).sort(bySize);
  const sum = (files: FileSize[]) => files.reduce((total, f) => total + f.gzip, 0);
  return { name: page.name, budgetKb: page.budgetKb, js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

export interface HeavyFinding {
  library: string;
  chunk: string;
  evidence: string;
}

/** Heavy code found in the chunks the entry loads before anything else (its static imports). */
export function heavyCodeInEntry(dist: string, manifest: Manifest): HeavyFinding[] {
  const findings: HeavyFinding[] = [];
  for (const key of staticClosure(manifest, [entryKey(manifest)])) {
    const file = (manifest[key] as ManifestChunk).file;
    const mapPath = join(dist, `${file}.map`);
    // The check reads the modules of each chunk from its source map: without maps it would see nothing.
    // (Rolldown's tiny runtime chunk has no map of its own; the entry always has one.)
    if (!existsSync(mapPath) && manifest[key]?.isEntry) {
      throw new Error(`${mapPath} is missing: the build must keep source maps`);
    }
    const sources = existsSync(mapPath)
      ? (JSON.parse(readFileSync(mapPath, "utf8")) as { sources: string[] }).sources
      : [];
    const code = readFileSync(join(dist, file), "utf8");
    for (const heavy of HEAVY_CODE) {
      const source = sources.find((s) => heavy.source.test(s));
      if (source) findings.push({ library: heavy.name, chunk: file, evidence: source });
      else if (heavy.code?.test(code))
        findings.push({ library: heavy.name, chunk: file, evidence: String(heavy.code) });
    }
  }
  return findings;
}

const ZOD_SCHEMAS = /node_modules\/zod\/v4\/classic\/schemas\.js$/;
const ZOD_LOCALE = /packages\/domain\/src\/validation\/locale\.ts$/;

function sourcesOf(dist: string, file: string): string[] {
  const mapPath = join(dist, `${file}.map`);
  return existsSync(mapPath) ? (JSON.parse(readFileSync(mapPath, "utf8")) as { sources: string[] }).sources : [];
}

/**
 * Chunks that build zod schemas without zod's Italian messages (packages/domain's validation/
 * locale.ts) in themselves or their static imports: a form there would say "Invalid input".
 */
export function zodWithoutLocale(dist: string, manifest: Manifest): string[] {
  const keys = Object.keys(manifest).filter((key) =>
    sourcesOf(dist, (manifest[key] as ManifestChunk).file).some((s) => ZOD_SCHEMAS.test(s)),
  );
  if (keys.length === 0) throw new Error("No chunk holds zod's schemas: has zod moved? Update ZOD_SCHEMAS");
  return keys.filter(
    (key) =>
      ![...staticClosure(manifest, [key])].some((k) =>
        sourcesOf(dist, (manifest[k] as ManifestChunk).file).some((s) => ZOD_LOCALE.test(s)),
      ),
  );
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const dist = process.argv[2] ?? join(import.meta.dirname, "..", "dist");
  const manifest = readManifest(dist);
  for (const page of FIRST_PAGES) {
    const weight = pageWeight(dist, manifest, page);
    console.log(
      `${weight.name}: JS ${kb(weight.jsGzip)} gzip in ${weight.js.length} files (budget ${page.budgetKb} KB), CSS ${kb(weight.cssGzip)} in ${weight.css.length}`,
    );
    for (const f of weight.js.slice(0, 8)) console.log(`   ${kb(f.gzip).padStart(9)}  ${f.file}`);
  }
  for (const finding of heavyCodeInEntry(dist, manifest)) {
    console.log(`${finding.library} in the entry's chunk ${finding.chunk} (${finding.evidence})`);
  }
}
