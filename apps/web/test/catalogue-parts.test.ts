import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CATALOGUE_PART_NAMES,
  CATALOGUE_PARTS,
  type LayoutPart,
  PAGE_PART_NAMES,
  PAGE_PARTS,
  type PagePart,
} from "../vite-plugins/catalogue-parts.ts";

/**
 * The catalogue's parts (vite-plugins/catalogue-parts.ts) hold what the pages that load them use: a
 * layout shows only the core and its part, a page also its own part when its route table (app/routes.tsx,
 * app/areas/) loads it with one. Follows the imports (static and lazy, not type-only) from each layout
 * and each page, as the route tables declare them, and collects the catalogue groups the code names (`"bookings.title"`,
 * `` `bookingWizard.title.${type}` ``). Fails naming a group a page uses that is neither in the
 * core nor in its parts. No build needed.
 */
const SRC = join(import.meta.dirname, "..", "src");
const ROUTES = join(SRC, "app", "routes.tsx");
/** Each area's route table (app/areas/), loaded with the area's part. */
const AREA_FILES = {
  cittadino: join(SRC, "app", "areas", "cittadino.tsx"),
  operatore: join(SRC, "app", "areas", "operatore.tsx"),
  admin: join(SRC, "app", "areas", "admin.tsx"),
} as const;
const ROUTE_FILES = new Set<string>([ROUTES, ...Object.values(AREA_FILES)]);
const catalogue = JSON.parse(readFileSync(join(SRC, "locales", "it.json"), "utf8")) as Record<string, unknown>;
const GROUPS = Object.keys(catalogue);
const inSomePart = new Set<string>([...Object.values(CATALOGUE_PARTS).flat(), ...Object.values(PAGE_PARTS).flat()]);

/** Value imports: `import x from "…"`, `export … from "…"`, `import("…")`, `import "…"` (not `import type`). */
const IMPORTS =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|[\s;])import\s*["']([^"']+)["']/g;

function resolveSource(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Source files reachable from the roots; the route tables and main.tsx are where the walk stops. */
function reachable(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || ROUTE_FILES.has(file) || file.endsWith(`${join("src", "main.tsx")}`)) return;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORTS)) {
      const target = resolveSource(file, (match[1] ?? match[2] ?? match[3]) as string);
      if (target) visit(target);
    }
  };
  for (const root of roots) visit(root);
  return seen;
}

/** The catalogue groups a text names as the start of a key. */
function groupsIn(text: string): Set<string> {
  return new Set(GROUPS.filter((group) => new RegExp(`["'\`]${group}\\.`).test(text)));
}

const routes = readFileSync(ROUTES, "utf8");
const routeTexts = [...ROUTE_FILES, join(SRC, "app", "areas", "area.ts")]
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");

/** A lazy module of a route table: `lazy(() => import("…"))` or `lazy(() => withCataloguePart("x", import("…")))`. */
const LAZY = /(?:withCataloguePart\(\s*"(\w+)",\s*)?import\(\s*"([^"]+)"\s*\)/g;
interface PageLoad {
  file: string;
  part: string | null;
}
const loadsIn = (from: string, text: string): PageLoad[] =>
  [...text.matchAll(LAZY)].map((m) => ({ file: resolveSource(from, m[2] as string) as string, part: m[1] ?? null }));

/**
 * `const LoginPage = lazy(() => import("…"))` (or `preloadable(…)`, lib/preloadable.ts), `export const loadProfilePage = () => import("…")`, in a
 * route table and in the areas' shared loaders (app/areas/area.ts).
 */
const lazyConstsOf = (file: string) =>
  new Map(
    [
      ...readFileSync(file, "utf8").matchAll(
        /^(?:export )?const (\w+) = (?:(?:lazy|preloadable)\()?\(\) =>\s*((?:withCataloguePart\(\s*"\w+",\s*)?import\(\s*"[^"]+"\s*\))/gm,
      ),
    ].map((m) => [m[1] as string, loadsIn(file, m[2] as string)[0] as PageLoad]),
  );
const sharedLoaders = lazyConstsOf(join(SRC, "app", "areas", "area.ts"));

/** The pages a layout's part of a route table loads, each with its own part if any. */
function pagesIn(file: string, segment: string): PageLoad[] {
  const pages = loadsIn(file, segment);
  for (const [name, load] of [...lazyConstsOf(file), ...sharedLoaders])
    if (new RegExp(`\\b${name}\\b`).test(segment)) pages.push(load);
  return pages;
}

function groupsOf(files: Iterable<string>): Set<string> {
  const groups = new Set<string>();
  for (const file of files) for (const group of groupsIn(readFileSync(file, "utf8"))) groups.add(group);
  return groups;
}

function segmentBetween(start: string, end: string): string {
  const from = routes.indexOf(start);
  const to = routes.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`routes.tsx no longer has "${start}" … "${end}": update this test`);
  return routes.slice(from, to);
}

const areaSegment = (area: keyof typeof AREA_FILES) => {
  const text = readFileSync(AREA_FILES[area], "utf8");
  // The definition only: the file's own lazy consts are found by name (pagesIn).
  return { file: AREA_FILES[area], segment: text.slice(text.indexOf(": AreaDefinition = {")), layout: "AreaShell.tsx" };
};
const SEGMENTS: Record<LayoutPart, { file: string; segment: string; layout: string }> = {
  public: {
    file: ROUTES,
    segment: segmentBetween("element: <PublicLayout />", "...(Object.keys(AREA_ROUTES)"),
    layout: "PublicLayout.tsx",
  },
  // Every signed-in user has an idle session (RootLayout loads it with the area).
  cittadino: areaSegment("cittadino"),
  operatore: areaSegment("operatore"),
  admin: areaSegment("admin"),
};

/** The groups used and not in the core nor in any of the given parts. */
const missing = (used: Set<string>, allowed: readonly (readonly string[])[]) =>
  [...used].filter((group) => inSomePart.has(group) && !allowed.some((part) => part.includes(group))).sort();

function usersOf(group: string, files: Iterable<string>): string {
  const users = [...files].filter((file) => groupsIn(readFileSync(file, "utf8")).has(group));
  return `${group}: ${users.map((file) => relative(SRC, file)).join(", ")}`;
}

describe("catalogue parts", () => {
  it("names only groups of the catalogue, and every part is loaded by a route table", () => {
    const unknown = [...inSomePart].filter((group) => !(group in catalogue));
    expect(unknown, "groups listed in vite-plugins/catalogue-parts.ts but not in it.json").toEqual([]);
    const named = new Set([...routeTexts.matchAll(/withCataloguePart\(\s*"(\w+)"/g)].map((m) => m[1]));
    expect([...CATALOGUE_PART_NAMES, ...PAGE_PART_NAMES].filter((part) => !named.has(part))).toEqual([]);
  });

  it("keeps a page's groups out of the layouts' parts (they would be downloaded twice)", () => {
    const inLayouts = new Set<string>(Object.values(CATALOGUE_PARTS).flat());
    const twice = PAGE_PART_NAMES.flatMap((part) =>
      PAGE_PARTS[part].filter((group) => inLayouts.has(group)).map((group) => `${group} (${part})`),
    );
    expect(twice).toEqual([]);
  });

  it("the entry (main.tsx and what it imports, not the pages) uses only the core", () => {
    // main.tsx's imports and routes.tsx's static ones (its pages are lazy).
    const staticImports = (file: string) =>
      [...readFileSync(file, "utf8").matchAll(IMPORTS)]
        .filter((m) => m[2] === undefined)
        .map((m) => resolveSource(file, (m[1] ?? m[3]) as string))
        .filter((target): target is string => target !== null);
    const files = reachable([...staticImports(join(SRC, "main.tsx")), ...staticImports(ROUTES)]);
    const used = new Set<string>();
    const byFile: string[] = [];
    for (const file of files) {
      for (const group of groupsIn(readFileSync(file, "utf8"))) {
        used.add(group);
        if (inSomePart.has(group)) byFile.push(`${group} in ${relative(SRC, file)}`);
      }
    }
    expect(missing(used, []), byFile.join("\n")).toEqual([]);
  });

  for (const layoutPart of CATALOGUE_PART_NAMES) {
    const { file, segment, layout } = SEGMENTS[layoutPart];
    const layoutGroups = CATALOGUE_PARTS[layoutPart] as readonly string[];

    it(`the ${layoutPart} layout and its menu use only the core and the "${layoutPart}" part`, () => {
      const roots = [join(SRC, "app", "shells", layout)];
      if (layoutPart !== "public")
        roots.push(join(SRC, "app", "IdleSession.tsx"), join(SRC, "app", "areas", "area-routes.tsx"));
      const files = reachable(roots);
      // The sidebar shows every entry's label before any page's part is loaded.
      const labels = new Set([...segment.matchAll(/label: ["`](\w+)\./g)].map((m) => m[1] as string));
      const used = new Set([...groupsOf(files), ...labels]);
      const where = missing(used, [layoutGroups]).map((group) =>
        labels.has(group) ? `${group}: a menu label in the route table` : usersOf(group, files),
      );
      expect(
        missing(used, [layoutGroups]),
        `add these groups to CATALOGUE_PARTS.${layoutPart}:\n${where.join("\n")}`,
      ).toEqual([]);
    });

    it(`each page of the ${layoutPart} layout uses only the core, the "${layoutPart}" part and its own`, () => {
      const problems: string[] = [];
      for (const page of pagesIn(file, segment)) {
        const files = reachable([page.file]);
        const own = page.part === null ? [] : (PAGE_PARTS[page.part as PagePart] ?? []);
        for (const group of missing(groupsOf(files), [layoutGroups, own])) {
          problems.push(`${relative(SRC, page.file)} (part ${page.part ?? "none"}) uses ${usersOf(group, files)}`);
        }
      }
      expect(problems, "add the groups to the page's part (PAGE_PARTS) or to the layout's").toEqual([]);
    });
  }
});
