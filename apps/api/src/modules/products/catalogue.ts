import { readFileSync } from "node:fs";
import type { TProduct } from "@cura/domain";
import type { Executor } from "../../db/client.ts";

/**
 * The medicine list behind product orders, read once from data/products.tsv and kept in memory
 * (data/README.md says where it comes from and why it is no table).
 *
 * Reference data that changes only with a release needs no database round trip: the public,
 * unthrottled search then costs a scan of a few hundred precomputed keys in the API process
 * (microseconds) and never touches PostgreSQL, so it scales with the API instances. A list the size
 * of AIFA's (~100,000 packs) would need an index: the same scan over 100,000 synthetic entries took
 * about 17 ms per search on the shared 2-core machine (data/README.md).
 */

/** One product with the keys it is searched by. */
interface Entry {
  product: TProduct;
  nameKey: string;
  ingredientKey: string;
  /** Name, active ingredient and package: where the words after the first may match. */
  allKey: string;
}

export const PRODUCT_SEARCH_LIMIT = 20;

/**
 * The key a text is compared by: case, accents and punctuation do not matter
 * (`Paracetamòlo` and `PARACETAMOLO` both become `paracetamolo`).
 */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Parses the TSV (header line, then code, name, active ingredient, package, yes/no). */
export function parseProducts(tsv: string): TProduct[] {
  const [header, ...lines] = tsv.trim().split("\n");
  if (header?.split("\t")[0] !== "code") throw new Error("products.tsv: the header line is missing");
  return lines.map((line, index) => {
    const [code, name, ingredient, pack, prescription] = line.split("\t").map((cell) => cell.trim());
    if (!code || !name || (prescription !== "yes" && prescription !== "no")) {
      throw new Error(`products.tsv: line ${index + 2} is malformed`);
    }
    return {
      code,
      name,
      active_ingredient: ingredient || null,
      package: pack || null,
      prescription_required: prescription === "yes",
    };
  });
}

const collator = new Intl.Collator("it", { numeric: true });

let loaded: { entries: Entry[]; byCode: Map<string, TProduct> } | undefined;

function catalogue() {
  if (!loaded) {
    const products = parseProducts(readFileSync(new URL("./data/products.tsv", import.meta.url), "utf8"));
    const entries = products
      .map((product) => {
        const nameKey = searchKey(product.name);
        const ingredientKey = searchKey(product.active_ingredient ?? "");
        return {
          product,
          nameKey,
          ingredientKey,
          allKey: `${nameKey} ${ingredientKey} ${searchKey(product.package ?? "")}`,
        };
      })
      .sort(
        (a, b) =>
          collator.compare(a.product.name, b.product.name) ||
          collator.compare(a.product.package ?? "", b.product.package ?? ""),
      );
    const byCode = new Map(products.map((product) => [product.code, product]));
    if (byCode.size !== products.length) throw new Error("products.tsv: a code appears twice");
    loaded = { entries, byCode };
  }
  return loaded;
}

/** Whether `key` has a word that begins with `term`. */
const wordStarts = (key: string, term: string) => key.startsWith(term) || key.includes(` ${term}`);

/**
 * How well an entry matches the first word of the query, lower is better; null when it does not
 * match its name or active ingredient. A name beats an ingredient, a beginning beats a middle.
 */
function rank(entry: Entry, term: string): number | null {
  if (entry.nameKey.startsWith(term)) return 0;
  if (wordStarts(entry.nameKey, term)) return 1;
  if (entry.ingredientKey.startsWith(term)) return 2;
  if (wordStarts(entry.ingredientKey, term)) return 3;
  if (entry.nameKey.includes(term)) return 4;
  if (entry.ingredientKey.includes(term)) return 5;
  return null;
}

/**
 * Products whose name or active ingredient contains the query's first word, and whose name,
 * ingredient or package contains each further word (`tachipirina 1000`), best first, at most 20.
 */
export function searchProducts(query: string): TProduct[] {
  const [first, ...rest] = searchKey(query).split(" ").filter(Boolean);
  if (!first) return [];
  const found: { entry: Entry; score: number }[] = [];
  for (const entry of catalogue().entries) {
    const score = rank(entry, first);
    if (score === null || !rest.every((term) => entry.allKey.includes(term))) continue;
    found.push({ entry, score });
  }
  // The entries are already in name order and the sort is stable: equal scores keep that order.
  found.sort((a, b) => a.score - b.score);
  return found.slice(0, PRODUCT_SEARCH_LIMIT).map(({ entry }) => entry.product);
}

/**
 * The products of the given codes, by code; codes not in the list are absent from the map (the
 * caller answers them with a 422). Takes an Executor so that callers stay unchanged if the list
 * ever moves into a table (a full AIFA list refreshed monthly without a release).
 */
export async function productsByCode(_db: Executor, codes: string[]): Promise<Map<string, TProduct>> {
  const { byCode } = catalogue();
  const found = new Map<string, TProduct>();
  for (const code of codes) {
    const product = byCode.get(code.trim());
    if (product) found.set(code, product);
  }
  return found;
}
