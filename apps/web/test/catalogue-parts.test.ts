import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE_PART_NAMES, CATALOGUE_PARTS, type CataloguePart } from "../vite-plugins/catalogue-parts.ts";

/**
 * The catalogue's parts (vite-plugins/catalogue-parts.ts) hold what the pages that load them use: a
 * page shows only the core and its layout's part. Follows the imports (static and lazy, not
 * type-only) from what each layout renders, as routes.tsx declares it, and collects the catalogue
 * groups the code names (`"bookings.title"`, `` `bookingWizard.title.${type}` ``). Fails naming a
 * group a page uses that is neither in the core nor in its part. No build needed.
 */
const SRC = join(import.meta.dirname, "..", "src");
const ROUTES = join(SRC, "app", "routes.tsx");
const catalogue = JSON.parse(readFileSync(join(SRC, "locales", "it.json"), "utf8")) as Record<string, unknown>;
const GROUPS = Object.keys(catalogue);
const inSomePart = new Set<string>(Object.values(CATALOGUE_PARTS).flat());

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
/** `const LoginPage = lazy(() => import("…"))` and `const loadProfilePage = () => import("…")`. */
const lazyConsts = new Map(
  [
    ...routes.matchAll(/^const (\w+) = (?:lazy\()?\(\) =>\s*(?:withCataloguePart\("\w+",\s*)?import\("([^"]+)"\)/gm),
  ].map((m) => [m[1] as string, resolveSource(ROUTES, m[2] as string) as string]),
);

/** What one layout renders: its part of routes.tsx (the keys it names) and the modules it loads. */
function layoutUse(segment: string, layout: string): { files: Set<string>; groups: Set<string> } {
  const roots = [join(SRC, "app", "shells", layout)];
  for (const m of segment.matchAll(/import\("([^"]+)"\)/g)) roots.push(resolveSource(ROUTES, m[1] as string) as string);
  for (const [name, file] of lazyConsts) if (new RegExp(`\\b${name}\\b`).test(segment)) roots.push(file);
  const files = reachable(roots);
  const groups = groupsIn(segment);
  for (const file of files) for (const group of groupsIn(readFileSync(file, "utf8"))) groups.add(group);
  return { files, groups };
}

function segmentBetween(start: string, end: string): string {
  const from = routes.indexOf(start);
  const to = routes.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`routes.tsx no longer has "${start}" … "${end}": update this test`);
  return routes.slice(from, to);
}

const SEGMENTS: Record<CataloguePart, { segment: string; layout: string }> = {
  public: {
    segment: segmentBetween("element: <PublicLayout />", "...Object.values(AREAS)"),
    layout: "PublicLayout.tsx",
  },
  cittadino: { segment: segmentBetween("  cittadino: {", "  operatore: {"), layout: "AreaShell.tsx" },
  operatore: { segment: segmentBetween("  operatore: {", "  admin: {"), layout: "AreaShell.tsx" },
  // Every signed-in user has an idle session (RootLayout loads it with the area).
  admin: { segment: segmentBetween("  admin: {", "\n};"), layout: "AreaShell.tsx" },
};

const missing = (used: Set<string>, part: CataloguePart | null) =>
  [...used]
    .filter((group) => inSomePart.has(group))
    .filter((group) => part === null || !(CATALOGUE_PARTS[part] as readonly string[]).includes(group))
    .sort();

describe("catalogue parts", () => {
  it("names only groups of the catalogue", () => {
    const unknown = [...inSomePart].filter((group) => !(group in catalogue));
    expect(unknown, "groups listed in vite-plugins/catalogue-parts.ts but not in it.json").toEqual([]);
    expect([...routes.matchAll(/withCataloguePart\("(\w+)"/g)].map((m) => m[1]).sort()).toEqual(
      [...CATALOGUE_PART_NAMES].sort(),
    );
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
    expect(missing(used, null), byFile.join("\n")).toEqual([]);
  });

  for (const part of CATALOGUE_PART_NAMES) {
    it(`the pages of the ${part} layout use only the core and the "${part}" part`, () => {
      const { segment, layout } = SEGMENTS[part];
      const { files, groups } = layoutUse(segment, layout);
      if (part !== "public") for (const file of reachable([join(SRC, "app", "IdleSession.tsx")])) files.add(file);
      const where = missing(groups, part).map((group) => {
        const users = [...files].filter((file) => groupsIn(readFileSync(file, "utf8")).has(group));
        return `${group}: ${users.map((file) => relative(SRC, file)).join(", ") || "routes.tsx"}`;
      });
      expect(missing(groups, part), `add these groups to CATALOGUE_PARTS.${part}:\n${where.join("\n")}`).toEqual([]);
    });
  }
});
