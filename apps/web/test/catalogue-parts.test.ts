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
 * layout shows only the core and its part, a page also its own part when routes.tsx loads it with
 * one. Follows the imports (static and lazy, not type-only) from each layout and each page, as
 * routes.tsx declares them, and collects the catalogue groups the code names (`"bookings.title"`,
 * `` `bookingWizard.title.${type}` ``). Fails naming a group a page uses that is neither in the
 * core nor in its parts. No build needed.
 */
const SRC = join(import.meta.dirname, "..", "src");
const ROUTES = join(SRC, "app", "routes.tsx");
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

/** Source files reachable from the roots; routes.tsx and main.tsx are where the walk stops. */
function reachable(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file === ROUTES || file.endsWith(`${join("src", "main.tsx")}`)) return;
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

/** A lazy module of routes.tsx: `lazy(() => import("…"))` or `lazy(() => withCataloguePart("x", import("…")))`. */
const LAZY = /(?:withCataloguePart\(\s*"(\w+)",\s*)?import\(\s*"([^"]+)"\s*\)/g;
interface PageLoad {
  file: string;
  part: string | null;
}
const loadsIn = (text: string): PageLoad[] =>
  [...text.matchAll(LAZY)].map((m) => ({ file: resolveSource(ROUTES, m[2] as string) as string, part: m[1] ?? null }));

/** `const LoginPage = lazy(() => import("…"))`, `const loadProfilePage = () => import("…")`. */
const lazyConsts = new Map(
  [
    ...routes.matchAll(
      /^const (\w+) = (?:lazy\()?\(\) =>\s*((?:withCataloguePart\(\s*"\w+",\s*)?import\(\s*"[^"]+"\s*\))/gm,
    ),
  ].map((m) => [m[1] as string, loadsIn(m[2] as string)[0] as PageLoad]),
);

/** The pages a layout's part of routes.tsx loads, each with its own part if any. */
function pagesIn(segment: string): PageLoad[] {
  const pages = loadsIn(segment);
  for (const [name, load] of lazyConsts) if (new RegExp(`\\b${name}\\b`).test(segment)) pages.push(load);
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

const SEGMENTS: Record<LayoutPart, { segment: string; layout: string }> = {
  public: {
    segment: segmentBetween("element: <PublicLayout />", "...Object.values(AREAS)"),
    layout: "PublicLayout.tsx",
  },
  cittadino: { segment: segmentBetween("  cittadino: {", "  operatore: {"), layout: "AreaShell.tsx" },
  operatore: { segment: segmentBetween("  operatore: {", "  admin: {"), layout: "AreaShell.tsx" },
  // Every signed-in user has an idle session (RootLayout loads it with the area).
  admin: { segment: segmentBetween("  admin: {", "\n};"), layout: "AreaShell.tsx" },
};

/** The groups used and not in the core nor in any of the given parts. */
const missing = (used: Set<string>, allowed: readonly (readonly string[])[]) =>
  [...used].filter((group) => inSomePart.has(group) && !allowed.some((part) => part.includes(group))).sort();

function usersOf(group: string, files: Iterable<string>): string {
  const users = [...files].filter((file) => groupsIn(readFileSync(file, "utf8")).has(group));
  return `${group}: ${users.map((file) => relative(SRC, file)).join(", ")}`;
}

describe("catalogue parts", () => {
  it("names only groups of the catalogue, and every part is loaded by routes.tsx", () => {
    const unknown = [...inSomePart].filter((group) => !(group in catalogue));
    expect(unknown, "groups listed in vite-plugins/catalogue-parts.ts but not in it.json").toEqual([]);
    const named = new Set([...routes.matchAll(/withCataloguePart\(\s*"(\w+)"/g)].map((m) => m[1]));
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
    const { segment, layout } = SEGMENTS[layoutPart];
    const layoutGroups = CATALOGUE_PARTS[layoutPart] as readonly string[];

    it(`the ${layoutPart} layout and its menu use only the core and the "${layoutPart}" part`, () => {
      const roots = [join(SRC, "app", "shells", layout)];
      if (layoutPart !== "public") roots.push(join(SRC, "app", "IdleSession.tsx"));
      const files = reachable(roots);
      // The sidebar shows every entry's label before any page's part is loaded.
      const labels = new Set([...segment.matchAll(/label: ["`](\w+)\./g)].map((m) => m[1] as string));
      const used = new Set([...groupsOf(files), ...labels]);
      const where = missing(used, [layoutGroups]).map((group) =>
        labels.has(group) ? `${group}: a menu label in routes.tsx` : usersOf(group, files),
      );
      expect(
        missing(used, [layoutGroups]),
        `add these groups to CATALOGUE_PARTS.${layoutPart}:\n${where.join("\n")}`,
      ).toEqual([]);
    });

    it(`each page of the ${layoutPart} layout uses only the core, the "${layoutPart}" part and its own`, () => {
      const problems: string[] = [];
      for (const page of pagesIn(segment)) {
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
