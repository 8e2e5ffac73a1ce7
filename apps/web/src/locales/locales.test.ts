import { SUPPORT_HOURS } from "@cura/domain";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import it_ from "./it.json";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("translations", () => {
  it("have the same keys in Italian and English", () => {
    expect(keys(en).sort()).toEqual(keys(it_).sort());
  });

  it("have no empty strings", () => {
    for (const catalogue of [it_, en]) {
      const empty = keys(catalogue).filter((k) => {
        const value = k.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        return typeof value !== "string" || value.trim() === "";
      });
      expect(empty).toEqual([]);
    }
  });

  it("state the support hours as the domain does", () => {
    expect(it_.support.hours).toBe(SUPPORT_HOURS);
  });
});
