import { describe, expect, it } from "vitest";
import { findUnsafeText, UNSAFE_TEXT_MESSAGE, unsafeTextProblem } from "./safe-text.ts";

describe("safe text", () => {
  it("accepts ordinary text, accents, emoji and other scripts", () => {
    for (const text of ["Mario Rossi", "Perché è così?", "Sant'Agata de' Goti", "😀 grazie", "日本語", "", "€ 12,50"]) {
      expect(unsafeTextProblem(text), text).toBeNull();
    }
  });

  it("refuses a NUL anywhere", () => {
    for (const text of ["\u0000", "a\u0000", "\u0000a", "Mario\u0000Rossi"]) {
      expect(unsafeTextProblem(text)).toBe(UNSAFE_TEXT_MESSAGE);
    }
  });

  it("refuses every other C0 control and DEL, but lets free text keep tab, line feed and carriage return", () => {
    for (let code = 0; code <= 0x1f; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      expect(unsafeTextProblem(text), `U+${code.toString(16).padStart(4, "0")}`).toBe(
        allowed ? null : UNSAFE_TEXT_MESSAGE,
      );
    }
    expect(unsafeTextProblem("a\u007fb")).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeTextProblem("riga uno\r\nriga due\tfine")).toBeNull();
  });

  it("refuses tab and line breaks in a single-line value", () => {
    for (const text of ["a\tb", "a\nb", "a\rb"]) {
      expect(unsafeTextProblem(text, { multiline: false })).toBe(UNSAFE_TEXT_MESSAGE);
    }
    expect(unsafeTextProblem("documento.pdf", { multiline: false })).toBeNull();
  });

  it("refuses lone surrogates, high or low, and accepts well-formed pairs", () => {
    expect(unsafeTextProblem("\ud800")).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeTextProblem("a\udc00b")).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeTextProblem("\ude00\ud83d")).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeTextProblem("\ud83d\ude00")).toBeNull();
    // What JSON.parse makes of the escapes a client may send.
    expect(unsafeTextProblem(JSON.parse('"\\u0000"'))).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeTextProblem(JSON.parse('"\\ud800"'))).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it("finds unsafe strings and keys at their path inside a parsed body", () => {
    const body = {
      name: "Mario",
      anagrafica: { cf: "RSS\u0000", note: "riga\nriga" },
      items: [{ title: "ok" }, { title: "\ud800" }],
      "bad\u0000key": 1,
      count: 3,
      flag: null,
    };
    const issues = findUnsafeText(body);
    expect(issues.map((issue) => issue.path.join("."))).toEqual(
      expect.arrayContaining(["anagrafica.cf", "items.1.title", "bad\u0000key"]),
    );
    expect(issues).toHaveLength(3);
    expect(issues.every((issue) => issue.message === UNSAFE_TEXT_MESSAGE)).toBe(true);
    expect(findUnsafeText({ a: ["x", { b: "y" }], c: 1 })).toEqual([]);
    expect(findUnsafeText("\u0000")).toEqual([{ path: [], message: UNSAFE_TEXT_MESSAGE }]);
  });

  it("walks a very deep body without overflowing the stack, and stops at the limit", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeText(deep, { limit: 1 })).toHaveLength(1);
    expect(
      findUnsafeText(
        Array.from({ length: 50 }, () => "\u0001"),
        { limit: 1 },
      ),
    ).toHaveLength(1);
  });
});
