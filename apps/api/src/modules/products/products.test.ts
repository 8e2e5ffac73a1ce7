import { readFileSync } from "node:fs";
import type { TProduct } from "@cura/domain";
import { PRODUCT_MESSAGES } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { PRODUCT_SEARCH_LIMIT, parseProducts, productsByCode, searchKey } from "./catalogue.ts";

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const search = (text: string, token?: string) =>
  t.request({ method: "GET", url: `/api/v1/utilities/products/${encodeURIComponent(text)}/search`, token });

async function found(text: string): Promise<TProduct[]> {
  const response = await search(text);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.json().data as TProduct[];
}

describe("GET utilities/products/{product}/search", () => {
  it("refuses fewer than 3 characters with the Italian message, spaces not counted", async () => {
    for (const text of ["ta", "  a  ", "ab "]) {
      const response = await search(text);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.product).toEqual([PRODUCT_MESSAGES.tooShort]);
    }
  });

  it("finds a medicine by brand name, with the whole record, anonymously, cacheable", async () => {
    const response = await search("tachipirina");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const products = response.json().data as TProduct[];
    expect(products.length).toBeGreaterThanOrEqual(4);
    expect(products.every((p) => p.name.startsWith("Tachipirina"))).toBe(true);
    expect(products).toContainEqual({
      code: "CP0002",
      name: "Tachipirina",
      active_ingredient: "paracetamolo",
      package: "16 compresse 1000 mg",
      prescription_required: true,
    });
    expect(products.find((p) => p.package === "20 compresse 500 mg")?.prescription_required).toBe(false);
  });

  it("answers a signed-in citizen the same", async () => {
    const token = await t.login("maria.rossi@cura.demo");
    const response = await search("tachipirina", token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(await found("tachipirina"));
  });

  it("finds by active ingredient, ranking names that begin with the query first", async () => {
    const products = await found("paracetamolo");
    const names = products.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["Tachipirina", "Efferalgan", "Co-Efferalgan", "Actigrip"]));
    expect(products.every((p) => p.active_ingredient?.includes("paracetamolo"))).toBe(true);

    // "Ibu" begins no name: ingredients that begin with it come before names that merely contain it.
    const ibu = await found("ibuprofene");
    expect(ibu.map((p) => p.name)).toContain("Moment");
    // Names that begin with the query come before one that only contains it.
    expect((await found("aspirin")).map((p) => p.name)).toEqual(["Aspirina", "Aspirina C", "Cardioaspirin"]);
  });

  it("ignores case and accents, in the query and in the list", async () => {
    const plain = await found("paracetamolo");
    expect(await found("PARACÉTAMOLO")).toEqual(plain);
    expect(await found("Paracetamòlo")).toEqual(plain);
    expect(await found("ketoprofène")).toEqual(await found("ketoprofene"));
  });

  it("narrows with further words that may match the package", async () => {
    const products = await found("tachipirina 1000");
    expect(products.map((p) => p.code)).toEqual(["CP0002"]);
    expect((await found("acido folico")).map((p) => p.name)).toEqual(["Folina"]);
  });

  it("answers an empty list when nothing matches, and never more than 20", async () => {
    expect(await found("xyzzy")).toEqual([]);
    // "compresse" is only in packages: the first word must match a name or an ingredient.
    expect(await found("compresse")).toEqual([]);
    const many = await found("ina");
    expect(many).toHaveLength(PRODUCT_SEARCH_LIMIT);
  });

  it("refuses a query longer than 100 characters, never with a 5xx", async () => {
    // Fastify's path-parameter limit (100) answers first with 414; the contract's max says the same.
    expect((await search("a".repeat(101))).statusCode).toBe(414);
    expect(await found("a".repeat(100))).toEqual([]);
  });
});

describe("productsByCode", () => {
  it("returns the products of known codes and leaves unknown codes out", async () => {
    const map = await productsByCode(t.database.db, ["CP0001", "CP0079", "NOPE", "CP0001"]);
    expect([...map.keys()].sort()).toEqual(["CP0001", "CP0079"]);
    expect(map.get("CP0079")).toEqual({
      code: "CP0079",
      name: "Zitromax",
      active_ingredient: "azitromicina",
      package: "3 compresse rivestite 500 mg",
      prescription_required: true,
    });
    expect((await productsByCode(t.database.db, [])).size).toBe(0);
  });
});

describe("searchKey", () => {
  it("drops case, accents and punctuation", () => {
    expect(searchKey("  Co-Efferalgan ")).toBe("co efferalgan");
    expect(searchKey("Paracetamòlo")).toBe("paracetamolo");
  });
});

describe("data/products.tsv", () => {
  const products = parseProducts(readFileSync(new URL("./data/products.tsv", import.meta.url), "utf8"));

  it("has our own stable codes (never AIC-like nine digits), each once, and a name for each", () => {
    expect(products.length).toBeGreaterThan(100);
    expect(products.every((p) => /^CP\d{4}$/.test(p.code))).toBe(true);
    expect(new Set(products.map((p) => p.code)).size).toBe(products.length);
    expect(products.every((p) => p.name.length > 0 && p.active_ingredient && p.package)).toBe(true);
  });

  it("refuses a malformed line rather than serving half a product", () => {
    expect(() => parseProducts("code\tname\nCP9999\tSenza campi")).toThrow(/line 2/);
    expect(() => parseProducts("CP0001\tTachipirina")).toThrow(/header/);
  });
});
