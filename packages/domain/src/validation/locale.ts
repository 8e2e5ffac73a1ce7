// zod's core, not "zod": the web build loads this module with zod's schemas (apps/web/vite-plugins/
// pure-domain.ts), and the core does not import them back.
import { type $ZodErrorMap, config } from "zod/v4/core";
import en from "zod/v4/locales/en.js";
import zodItalian from "zod/v4/locales/it.js";
import { validationLanguage } from "./language.ts";

export { setValidationLanguage, type ValidationLanguage } from "./language.ts";

/**
 * The language of the messages zod writes itself (a wrong type, a missing field, a too long text).
 * The contracts give their own Italian message where a rule is the spec's; everything else comes from
 * here, so no "Invalid input: expected object" ever reaches a person. Italian is the default (set
 * when the domain is loaded: the API and the web app both start Italian); the web app switches to
 * English with its interface.
 */
type RawIssue = Parameters<$ZodErrorMap>[0];

/** A type as a person reads it ("atteso un numero, ricevuto un testo"). */
const TYPE_NAMES: Record<string, string> = {
  string: "un testo",
  number: "un numero",
  int: "un numero intero",
  bigint: "un numero intero",
  nan: "un numero non valido",
  boolean: "vero o falso",
  object: "un oggetto",
  record: "un oggetto",
  array: "un elenco",
  tuple: "un elenco",
  set: "un insieme",
  map: "una mappa",
  date: "una data",
  file: "un file",
  null: "nessun valore (null)",
  undefined: "nessun valore",
  symbol: "un simbolo",
  function: "una funzione",
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: "Indirizzo e-mail non valido",
  url: "Indirizzo web non valido",
  datetime: "Data e ora non valide",
  date: "Data non valida",
  time: "Ora non valida",
  uuid: "Identificativo non valido",
  e164: "Numero di telefono non valido",
  regex: "Formato non valido",
};

const UNITS: Record<string, [one: string, many: string]> = {
  string: ["carattere", "caratteri"],
  array: ["elemento", "elementi"],
  set: ["elemento", "elementi"],
  map: ["elemento", "elementi"],
  file: ["byte", "byte"],
};

function typeOf(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (input instanceof Date) return "date";
  if (typeof input === "number" && Number.isNaN(input)) return "nan";
  return typeof input;
}

function shown(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : String(value);
}

const zodItalianLocale = zodItalian().localeError;

function zodItalianError(issue: RawIssue): string | undefined {
  const result = zodItalianLocale(issue);
  return typeof result === "string" ? result : (result?.message ?? undefined);
}

/** Zod's Italian locale, with the common messages rewritten in plain Italian for the people who read them. */
function italianError(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "Campo obbligatorio";
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      const received = TYPE_NAMES[typeOf(issue.input)] ?? typeOf(issue.input);
      return `Valore non valido: atteso ${expected}, ricevuto ${received}`;
    }
    case "too_small":
    case "too_big": {
      const bound = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
      const unit = UNITS[issue.origin ?? ""];
      if (unit) {
        const [one, many] = unit;
        const count = `${bound} ${bound === 1 ? one : many}`;
        if (issue.code === "too_small" && issue.origin === "string" && bound === 1) return "Campo obbligatorio";
        if (issue.exact) return `Deve contenere esattamente ${count}`;
        return issue.code === "too_small" ? `Deve contenere almeno ${count}` : `Deve contenere al massimo ${count}`;
      }
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        if (issue.code === "too_small")
          return issue.inclusive ? `Deve essere almeno ${bound}` : `Deve essere maggiore di ${bound}`;
        return issue.inclusive ? `Deve essere al massimo ${bound}` : `Deve essere minore di ${bound}`;
      }
      return zodItalianError(issue);
    }
    case "invalid_format":
      return FORMAT_MESSAGES[issue.format] ?? zodItalianError(issue) ?? "Formato non valido";
    case "invalid_value":
      return issue.values.length === 1
        ? `Valore non valido: atteso ${shown(issue.values[0])}`
        : `Valore non valido: scegli tra ${issue.values.map(shown).join(", ")}`;
    case "not_multiple_of":
      return `Deve essere un multiplo di ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return `${issue.keys.length > 1 ? "Campi non ammessi" : "Campo non ammesso"}: ${issue.keys.join(", ")}`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
      return "Valore non valido";
    default:
      return zodItalianError(issue) ?? "Valore non valido";
  }
}

const englishError = en().localeError;

// Read at each issue, so setValidationLanguage (language.ts) needs no zod of its own.
config({ localeError: (issue) => (validationLanguage() === "en" ? englishError(issue) : italianError(issue)) });
