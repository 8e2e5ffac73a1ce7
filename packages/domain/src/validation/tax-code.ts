/**
 * Italian tax code (codice fiscale), spec 000 §5: 16 characters, 6 letters, 2 digits, a letter,
 * 2 digits, a letter, 3 digits, a check letter; a TINIT- prefix is stripped first.
 * Omocodia (digits replaced by letters to tell apart equal codes) is accepted.
 */
const PATTERN = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

const ODD: Record<string, number> = {
  "0": 1,
  "1": 0,
  "2": 5,
  "3": 7,
  "4": 9,
  "5": 13,
  "6": 15,
  "7": 17,
  "8": 19,
  "9": 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};

export function normalizeTaxCode(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/^TINIT-/, "");
}

/** The check character of the first 15 characters. */
export function taxCodeCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i] as string;
    if (i % 2 === 0) sum += ODD[c] ?? 0;
    else sum += /[0-9]/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26));
}

export function isValidTaxCode(input: string): boolean {
  const code = normalizeTaxCode(input);
  return PATTERN.test(code) && taxCodeCheckChar(code.slice(0, 15)) === code[15];
}

export const TAX_CODE_MESSAGE = "codice fiscale non valido";

const MONTHS = "ABCDEHLMPRST";
const OMOCODIA = "LMNPQRSTUV";
const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14];

export interface DecodedTaxCode {
  gender: "maschile" | "femminile";
  /** YYYY-MM-DD; the century is guessed: a year not after this one is 20xx, otherwise 19xx. */
  birthday: string;
  /** Cadastral code of the birth comune, or a Z code for a foreign country. */
  placeCode: string;
  bornAbroad: boolean;
}

/** What a valid tax code tells (spec 000 §5): gender, birth date, birth place. Null when invalid. */
export function decodeTaxCode(input: string, today: Date = new Date()): DecodedTaxCode | null {
  if (!isValidTaxCode(input)) return null;
  const chars = normalizeTaxCode(input).split("");
  for (const position of OMOCODIA_POSITIONS) {
    const index = OMOCODIA.indexOf(chars[position] as string);
    if (index >= 0) chars[position] = String(index);
  }
  const code = chars.join("");
  const yy = Number(code.slice(6, 8));
  const month = MONTHS.indexOf(code[8] as string) + 1;
  let day = Number(code.slice(9, 11));
  const female = day > 31;
  if (female) day -= 40;
  const currentYY = today.getUTCFullYear() % 100;
  const century = yy <= currentYY ? 2000 : 1900;
  const year = century + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (day < 1 || date.getUTCMonth() !== month - 1) return null;
  const placeCode = code.slice(11, 15);
  return {
    gender: female ? "femminile" : "maschile",
    birthday: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    placeCode,
    bornAbroad: placeCode.startsWith("Z"),
  };
}
