import { describe, expect, it } from "vitest";
import { decodeTaxCode, isValidTaxCode, normalizeTaxCode, taxCodeCheckChar } from "./tax-code.ts";

describe("tax code", () => {
  it("accepts a well-formed code with the right check letter", () => {
    expect(taxCodeCheckChar("RSSMRA80A01H501")).toBe("U");
    expect(isValidTaxCode("RSSMRA80A01H501U")).toBe(true);
  });
  it("strips the TINIT- prefix and ignores case", () => {
    expect(normalizeTaxCode(" tinit-rssmra80a01h501u ")).toBe("RSSMRA80A01H501U");
    expect(isValidTaxCode("TINIT-RSSMRA80A01H501U")).toBe(true);
  });
  it("refuses a wrong check letter, a wrong shape or a wrong length", () => {
    expect(isValidTaxCode("RSSMRA80A01H501A")).toBe(false);
    expect(isValidTaxCode("RSSMRA80Z01H501U")).toBe(false);
    expect(isValidTaxCode("RSSMRA80A01H501")).toBe(false);
  });
});

describe("decodeTaxCode", () => {
  const today = new Date("2026-11-21T10:00:00Z");
  it("derives gender, birth date and birth place", () => {
    expect(decodeTaxCode("RSSMRA80A01H501U", today)).toEqual({
      gender: "maschile",
      birthday: "1980-01-01",
      placeCode: "H501",
      bornAbroad: false,
    });
  });
  it("reads a day over 31 as female (minus 40) and a Z place as abroad", () => {
    const code = `VRDNNA05C61Z110`;
    const decoded = decodeTaxCode(code + taxCodeCheckChar(code), today);
    expect(decoded).toEqual({ gender: "femminile", birthday: "2005-03-21", placeCode: "Z110", bornAbroad: true });
  });
  it("guesses the century from this year", () => {
    const code = "BNCGPP52C12H501";
    expect(decodeTaxCode(code + taxCodeCheckChar(code), today)?.birthday).toBe("1952-03-12");
  });
  it("undoes omocodia (letters standing for digits)", () => {
    const code = "RSSMRA80A01H50M"; // 1 → M
    expect(decodeTaxCode(code + taxCodeCheckChar(code), today)?.placeCode).toBe("H501");
  });
  it("answers null for an invalid code or an impossible date", () => {
    expect(decodeTaxCode("RSSMRA80A01H501A", today)).toBeNull();
    const code = "RSSMRA80B31H501"; // 31 February
    expect(decodeTaxCode(code + taxCodeCheckChar(code), today)).toBeNull();
  });
});
