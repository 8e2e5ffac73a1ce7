import { describe, expect, it } from "vitest";
import en from "./en.json";
import it_ from "./it.json";

function entries(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * A number followed by its noun agrees with it ("1 appuntamento", "2 appuntamenti"): such a text is
 * an i18next plural, keys `_one` and `_other` called with `count` (issue 16: "Oggi 1 appuntamenti").
 * "(5 in totale)" names no counted thing, so it needs no plural.
 */
const COUNTED_NOUN = /\{\{(count|total)\}\} (?!in (totale|all)\b)\p{L}/u;

describe("counts in the catalogues", () => {
  for (const [name, catalogue] of [
    ["it", it_],
    ["en", en],
  ] as const) {
    it(`${name}: a number before its noun is a plural`, () => {
      const all = entries(catalogue);
      const singular = all.filter(([key, text]) => COUNTED_NOUN.test(text) && !/_(one|other)$/.test(key));
      expect(singular.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
      // Every plural has both forms.
      const keys = new Set(all.map(([key]) => key));
      const halves = [...keys].filter(
        (key) =>
          (key.endsWith("_one") && !keys.has(key.replace(/_one$/, "_other"))) ||
          (key.endsWith("_other") && !keys.has(key.replace(/_other$/, "_one"))),
      );
      expect(halves).toEqual([]);
    });
  }
});
