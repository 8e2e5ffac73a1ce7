import { describe, expect, it } from "vitest";
import {
  COMPANY_CODE_ALPHABET,
  COMPANY_CODE_MESSAGES,
  companyCodeProblem,
  normalizeCompanyCode,
  ZCompanyCode,
} from "./company-code.ts";

describe("company code", () => {
  it("uses 32 symbols without look-alikes: 10 of them carry 50 bits", () => {
    expect(new Set(COMPANY_CODE_ALPHABET).size).toBe(32);
    expect(COMPANY_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(Math.log2(COMPANY_CODE_ALPHABET.length) * 10).toBe(50);
  });

  it("reads a code whatever its case, spaces and dashes, and the look-alikes as their symbols", () => {
    expect(normalizeCompanyCode(" 7k3m-9q2x zh ")).toBe("7K3M9Q2XZH");
    expect(normalizeCompanyCode("o1il0ABCDE")).toBe("0111" + "0ABCDE");
    expect(ZCompanyCode.parse("7k3m-9q2x-zh")).toBe("7K3M9Q2XZH");
  });

  it("gives the length message, then the invalid one for symbols outside the alphabet", () => {
    expect(companyCodeProblem("7K3M9Q2XZH")).toBeNull();
    expect(companyCodeProblem("123")).toBe(COMPANY_CODE_MESSAGES.length);
    expect(companyCodeProblem("7K3M9Q2XZH1")).toBe(COMPANY_CODE_MESSAGES.length);
    expect(companyCodeProblem("7K3M9Q2XZU")).toBe(COMPANY_CODE_MESSAGES.invalid);
    expect(companyCodeProblem("7K3M9Q2XZ!")).toBe(COMPANY_CODE_MESSAGES.invalid);
    expect(ZCompanyCode.safeParse("7K3M9Q2XZ!").error?.issues[0]?.message).toBe(COMPANY_CODE_MESSAGES.invalid);
  });
});
