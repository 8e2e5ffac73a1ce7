import { describe, expect, it } from "vitest";
import { nextShown, padAnswers, previousShown, questionKind, resumeIndex, shownIndex } from "./player.ts";

describe("player navigation", () => {
  const visible = [true, false, true, true];

  it("steps over hidden questions both ways", () => {
    expect(nextShown(visible, 0)).toBe(2);
    expect(nextShown(visible, 3)).toBe(-1);
    expect(previousShown(visible, 2)).toBe(0);
    expect(previousShown(visible, 0)).toBe(-1);
  });

  it("resumes at the first shown question without an answer, else the last shown", () => {
    expect(resumeIndex(visible, ["a", null, null, null])).toBe(2);
    expect(resumeIndex(visible, ["a", null, [], " "])).toBe(2);
    expect(resumeIndex(visible, ["a", null, ["x"], "y"])).toBe(3);
    expect(resumeIndex(visible, [null, null, null, null])).toBe(0);
  });

  it("keeps the answers aligned and the question in view shown", () => {
    expect(padAnswers(["a"], 3)).toEqual(["a", null, null]);
    expect(padAnswers(["a", "b", "c"], 2)).toEqual(["a", "b"]);
    expect(shownIndex(visible, 1)).toBe(0);
    expect(shownIndex(visible, 9)).toBe(3);
  });

  it("names a question's kind from its short keys", () => {
    expect(questionKind({ o: "file", cb: false })).toBe("file");
    expect(questionKind({ o: [], cb: false })).toBe("text");
    expect(questionKind({ o: ["a", "b"], cb: true })).toBe("multiple");
    expect(questionKind({ o: ["a", "b"], cb: false })).toBe("single");
  });
});
