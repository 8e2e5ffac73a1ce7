import { readFileSync } from "node:fs";
import type { Executor } from "../../../db/client.ts";
import { asl } from "./tables.ts";

/**
 * The ASL reference data (data/README.md): data/asl.csv read once, with the changes of 2026 the
 * source does not carry yet (data/changes_after_source.csv) applied to the rows it gives.
 */

export type AslSeedRow = typeof asl.$inferInsert;

/** One line of a comma-separated file with double-quoted fields ("" inside a quoted field is a quote). */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

export function readCsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const header = parseCsvLine(lines[0] ?? "");
  return lines.slice(1).map((line) => {
    const values = parseCsvLine(line);
    return Object.fromEntries(header.map((name, i) => [name, values[i] ?? ""]));
  });
}

/** The merger of the five Ligurian ASL into ATS Liguria (L.R. Liguria 18/2025), from 1 January 2026. */
export const LIGURIA_2026 = {
  codici: ["070101", "070102", "070103", "070104", "070105"],
  accorpataIn: "ATS Liguria",
  dal: "2026-01-01",
};
/** APSS Trento became ASUIT on 1 January 2026 (same authority, same row). */
export const TRENTO_2026 = { codice: "042101", denominazione: "ASUIT" };

let cached: AslSeedRow[] | null = null;

/** The 110 rows of data/asl.csv with the 2026 changes applied. */
export function aslSeedRows(): AslSeedRow[] {
  if (cached) return cached;
  const text = readFileSync(new URL("./data/asl.csv", import.meta.url), "utf8");
  cached = readCsv(text).map((r) => {
    const codice = r.codice_asl ?? "";
    const merged = LIGURIA_2026.codici.includes(codice);
    const renamed = codice === TRENTO_2026.codice;
    const fonte = r.denominazione ?? "";
    return {
      codiceAsl: codice,
      codiceRegione: r.codice_regione ?? "",
      regioneIstat: (r.codice_regione ?? "").slice(0, 2),
      denominazione: renamed ? TRENTO_2026.denominazione : fonte,
      denominazioneFonte: fonte,
      sitoWeb: r.sito_web || null,
      comuneSede: r.comune_sede || null,
      provinciaSede: r.provincia_sede || null,
      accorpataIn: merged ? LIGURIA_2026.accorpataIn : null,
      accorpataDal: merged ? LIGURIA_2026.dal : null,
      note: merged
        ? "Dal 1° gennaio 2026 area sociosanitaria locale di ATS Liguria (L.R. Liguria 12/12/2025 n. 18)"
        : renamed
          ? "Dal 1° gennaio 2026 APSS Trento è ASUIT (Azienda sanitaria universitaria integrata del Trentino)"
          : null,
    };
  });
  return cached;
}

/**
 * Inserts the rows missing from the table; rows already there are kept as they are, so an
 * administrator's corrections survive every start. Idempotent; one statement.
 */
export async function seedAslReference(db: Executor): Promise<void> {
  await db.insert(asl).values(aslSeedRows()).onConflictDoNothing({ target: asl.codiceAsl });
}
