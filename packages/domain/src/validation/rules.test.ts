import { describe, expect, it } from "vitest";
import { ageOn, isOldEnough } from "./age.ts";
import { isValidEmail } from "./email.ts";
import { PASSWORD_MESSAGES, passwordProblems } from "./password.ts";
import { PHONE_MESSAGES, phoneProblem, sanitizePhoneInput } from "./phone.ts";

describe("password", () => {
  it("accepts a strong password", () => {
    expect(passwordProblems("Prenota-2026!")).toEqual([]);
  });
  it("takes the stricter length reading: at least 9", () => {
    expect(passwordProblems("Abcdef1!")).toContain(PASSWORD_MESSAGES.length);
    expect(passwordProblems("Abcdefg1!")).toEqual([]);
  });
  it("needs a digit, a lowercase, an uppercase and one of the allowed specials", () => {
    expect(passwordProblems("abcdefgh1!")).toEqual([PASSWORD_MESSAGES.upper]);
    expect(passwordProblems("ABCDEFGH1!")).toEqual([PASSWORD_MESSAGES.lower]);
    expect(passwordProblems("Abcdefghi!")).toEqual([PASSWORD_MESSAGES.digit]);
    expect(passwordProblems("Abcdefgh1~")).toEqual([PASSWORD_MESSAGES.special]);
  });
  it("refuses the name or surname, whatever the case", () => {
    expect(passwordProblems("MariaCasa-2026", { name: "maria", surname: "Rossi" })).toEqual([
      PASSWORD_MESSAGES.personal,
    ]);
    expect(passwordProblems("xROSSIx-2026a", { name: "Maria", surname: "Rossi" })).toEqual([
      PASSWORD_MESSAGES.personal,
    ]);
  });
  it("accepts long passphrases (64 characters and more)", () => {
    expect(passwordProblems(`Aa1!${"x".repeat(80)}`)).toEqual([]);
  });
});

describe("phone", () => {
  it("keeps only digits, at most 15, while typing", () => {
    expect(sanitizePhoneInput("+39 333-123 4567")).toBe("393331234567");
    expect(sanitizePhoneInput("1234567890123456789")).toHaveLength(15);
  });
  it("gives the spec's messages", () => {
    expect(phoneProblem("3331234567")).toBeNull();
    expect(phoneProblem("33312")).toBe(PHONE_MESSAGES.tooShort);
    expect(phoneProblem("3331234567890123")).toBe(PHONE_MESSAGES.tooLong);
    expect(phoneProblem("333 123456")).toBe(PHONE_MESSAGES.digitsOnly);
    expect(phoneProblem("+393331234567")).toBe(PHONE_MESSAGES.digitsOnly);
    expect(phoneProblem("0039333123456")).toBe(PHONE_MESSAGES.full);
    expect(phoneProblem("0612345678")).toBe(PHONE_MESSAGES.full);
  });
});

describe("age", () => {
  it("counts whole years up to the birthday", () => {
    expect(ageOn("2012-11-21", "2026-11-21")).toBe(14);
    expect(ageOn("2012-11-22", "2026-11-21")).toBe(13);
    expect(isOldEnough("2012-11-22", "2026-11-21")).toBe(false);
  });
  it("rejects impossible dates", () => {
    expect(ageOn("2001-02-29", "2026-11-21")).toBeNull();
    expect(ageOn("21/11/2000", "2026-11-21")).toBeNull();
  });
});

describe("e-mail", () => {
  it("follows the spec's pattern", () => {
    expect(isValidEmail("anna.verdi@example.it")).toBe(true);
    expect(isValidEmail("anna verdi@example.it")).toBe(false);
    expect(isValidEmail("anna@example")).toBe(false);
  });
});
