import { readFileSync } from "node:fs";
import type { TCodedEntry, TExemptionCode } from "@cura/domain";

/**
 * The ICD-10 list and the national exemption lists (chronic, rare), read once from data/*.tsv and
 * kept in memory: reference data that changes only with a release, searched by the public
 * utilities calls without a database round trip (docs/data-sources.md says where they come from).
 */

const SEARCH_LIMIT = 30;

interface Entry {
  entry: TCodedEntry;
  codeKey: string;
  labelKey: string;
}

/** Case, accents and punctuation do not matter; a code loses its dot (`e119` finds `E11.9`). */
function key(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
const codeKeyOf = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

function parse(file: string): Entry[] {
  const [header, ...lines] = readFileSync(new URL(`./data/${file}`, import.meta.url), "utf8")
    .trim()
    .split("\n");
  if (header !== "code\tlabel") throw new Error(`${file}: the header line is missing`);
  return lines.map((line, index) => {
    const [code, label] = line.split("\t").map((cell) => cell.trim());
    if (!code || !label) throw new Error(`${file}: line ${index + 2} is malformed`);
    return { entry: { code, label }, codeKey: codeKeyOf(code), labelKey: key(label) };
  });
}

const memo = new Map<string, { entries: Entry[]; byCode: Map<string, TCodedEntry> }>();
function list(file: "icd10.tsv" | "exemptions-chronic.tsv" | "exemptions-rare.tsv") {
  let loaded = memo.get(file);
  if (!loaded) {
    const entries = parse(file);
    loaded = { entries, byCode: new Map(entries.map((e) => [e.entry.code.toUpperCase(), e.entry])) };
    memo.set(file, loaded);
  }
  return loaded;
}

/** Entries whose code begins with the query, then those whose description holds every word of it. */
function search(entries: Entry[], query: string): TCodedEntry[] {
  const words = key(query).split(" ").filter(Boolean);
  const code = codeKeyOf(query);
  if (words.length === 0) return [];
  const byCode: TCodedEntry[] = [];
  const byWords: TCodedEntry[] = [];
  for (const e of entries) {
    if (code && e.codeKey.startsWith(code)) byCode.push(e.entry);
    else if (words.every((w) => e.labelKey.includes(w))) byWords.push(e.entry);
  }
  return [...byCode, ...byWords].slice(0, SEARCH_LIMIT);
}

export const searchIcd10 = (q: string) => search(list("icd10.tsv").entries, q);
export const searchChronic = (q: string) => search(list("exemptions-chronic.tsv").entries, q);
export const searchRare = (q: string) => search(list("exemptions-rare.tsv").entries, q);

export function icd10ByCode(code: string): TCodedEntry | null {
  return list("icd10.tsv").byCode.get(code.toUpperCase()) ?? null;
}

/** The national exemption codes, chronic then rare; `q` narrows by code or words. */
export function exemptionCodes(q?: string, kind?: "cronica" | "rara"): TExemptionCode[] {
  const parts = [
    { kind: "cronica" as const, entries: list("exemptions-chronic.tsv").entries },
    { kind: "rara" as const, entries: list("exemptions-rare.tsv").entries },
  ].filter((p) => !kind || p.kind === kind);
  return parts.flatMap((p) =>
    (q ? search(p.entries, q) : p.entries.map((e) => e.entry)).map((e) => ({ ...e, kind: p.kind })),
  );
}

export function exemptionByCode(code: string): TExemptionCode | null {
  const upper = code.toUpperCase();
  const chronic = list("exemptions-chronic.tsv").byCode.get(upper);
  if (chronic) return { ...chronic, kind: "cronica" };
  const rare = list("exemptions-rare.tsv").byCode.get(upper);
  return rare ? { ...rare, kind: "rara" } : null;
}
