import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CSS_BUDGET_KB,
  FIRST_PAGES,
  heavyCodeInEntry,
  kb,
  type PageWeight,
  pageWeight,
  readManifest,
  zodWithoutLocale,
} from "./bundle-size.ts";

/**
 * Front-end budgets (issue 15), from the Vite manifest of the last build (npm test builds first):
 * the gzip size of what each area's first page loads before it renders, and no large library that
 * only some pages use in the chunks every page loads. `BUDGET_DIST` measures another build.
 */
const dist = process.env.BUDGET_DIST ?? process.env.CURA_WEB_DIST ?? join(import.meta.dirname, "..", "dist");
const manifest = readManifest(dist);

/** The failure names the largest chunks, so the message says where to cut. */
function explain(weight: PageWeight, kind: "js" | "css"): string {
  const files = weight[kind].slice(0, 6).map((f) => `${f.file} ${kb(f.gzip)}`);
  const total = kind === "js" ? weight.jsGzip : weight.cssGzip;
  return `${weight.name}: ${kind.toUpperCase()} ${kb(total)} gzip in ${weight[kind].length} files; largest: ${files.join(", ")}`;
}

describe("front-end budgets", () => {
  for (const page of FIRST_PAGES) {
    const goal = page.ceilingKb <= page.budgetKb ? "goal met" : `goal ${page.budgetKb} KB: missed`;
    it(`${page.name}: initial JS ≤ ${page.ceilingKb} KB gzip (${goal})`, () => {
      const weight = pageWeight(dist, manifest, page);
      expect(weight.jsGzip / 1024, explain(weight, "js")).toBeLessThanOrEqual(page.ceilingKb);
    });

    it(`${page.name}: CSS ≤ ${CSS_BUDGET_KB} KB gzip`, () => {
      const weight = pageWeight(dist, manifest, page);
      expect(weight.cssGzip / 1024, explain(weight, "css")).toBeLessThanOrEqual(CSS_BUDGET_KB);
    });
  }

  it("keeps ECharts, FullCalendar, WebRTC and PDF code out of the chunks every page loads", () => {
    const findings = heavyCodeInEntry(dist, manifest).map(
      (f) => `${f.library} in ${f.chunk} (a static import of the entry; ${f.evidence})`,
    );
    expect(findings, findings.join("\n")).toEqual([]);
  });

  it("loads zod's Italian messages wherever zod's schemas are (vite-plugins/pure-domain.ts)", () => {
    expect(zodWithoutLocale(dist, manifest)).toEqual([]);
  });
});
