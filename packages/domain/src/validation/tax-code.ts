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
