import { describe, expect, it } from "vitest";
import { isValidTaxCode, normalizeTaxCode, taxCodeCheckChar } from "./tax-code.ts";

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
