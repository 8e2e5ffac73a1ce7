import { type TSurveyTemplate, ZSurveyTemplate } from "@cura/domain";
import { describe, expect, it } from "vitest";
import {
  conditionTargets,
  draftOf,
  moveQuestion,
  removeOption,
  removeQuestion,
  renameOption,
  setKind,
  templateOf,
} from "./builder.ts";

const template: TSurveyTemplate = {
  nome: "PHQ",
  info: null,
  domande: [
    { q: "A", o: ["Sì", "No"], cb: false, r: true },
    { q: "B", o: ["Uno", "Due"], cb: false, r: false, si: { index: 0, response: "Sì" } },
    { q: "C", o: [], cb: false, r: false, hi: { index: 1, response: "Due" } },
  ],
  scoring: { method: "sum", points: { "0": { Sì: 1, No: 0 }, "1": { Uno: 1, Due: 2 } }, bands: [] },
};

const questions = (d: ReturnType<typeof draftOf>) => templateOf(d).domande;

describe("builder edits", () => {
  it("moves a question with its conditions and points still naming the same questions", () => {
    const moved = moveQuestion(draftOf(template), 2, 0); // C first: A and B shift down
    expect(questions(moved).map((q) => q.q)).toEqual(["C", "A", "B"]);
    expect(questions(moved)[2]?.si).toEqual({ index: 1, response: "Sì" });
    // C's hide-if named B, which now comes after it: removed, with the reason.
    expect(questions(moved)[0]?.hi).toBeUndefined();
    expect(moved.items[0]?.cleared).toBe("moved");
    expect(moved.scoring?.points).toEqual({ "1": { Sì: 1, No: 0 }, "2": { Uno: 1, Due: 2 } });
    expect(ZSurveyTemplate.safeParse(templateOf(moved)).success).toBe(true);
  });

  it("removes the conditions and points of a deleted question and re-indexes the rest", () => {
    const removed = removeQuestion(draftOf(template), 0);
    expect(questions(removed)[0]?.si).toBeUndefined();
    expect(removed.items[0]?.cleared).toBe("deleted");
    expect(questions(removed)[1]?.hi).toEqual({ index: 0, response: "Due" });
    expect(removed.scoring?.points).toEqual({ "0": { Uno: 1, Due: 2 } });
    expect(ZSurveyTemplate.safeParse(templateOf(removed)).success).toBe(true);
  });

  it("follows a renamed option and drops a condition on a removed one", () => {
    const renamed = renameOption(draftOf(template), 0, 0, "Sì, spesso");
    expect(questions(renamed)[1]?.si).toEqual({ index: 0, response: "Sì, spesso" });
    expect(renamed.scoring?.points["0"]).toEqual({ "Sì, spesso": 1, No: 0 });
    const gone = removeOption(renameOption(draftOf(template), 0, 1, "Forse"), 0, 0);
    expect(questions(gone)[1]?.si).toBeUndefined();
    expect(gone.items[1]?.cleared).toBe("option");
  });

  it("drops the conditions on a question that loses its options", () => {
    const text = setKind(draftOf(template), 1, "text");
    expect(questions(text)[1]?.o).toEqual([]);
    expect(questions(text)[2]?.hi).toBeUndefined();
    expect(text.items[2]?.cleared).toBe("kind");
    expect(text.scoring?.points["1"]).toBeUndefined();
    expect(setKind(draftOf(template), 1, "file").items[1]?.question).toMatchObject({ o: "file", fm: false });
  });

  it("offers as condition targets only earlier questions with options", () => {
    expect(conditionTargets(draftOf(template), 0)).toEqual([]);
    expect(conditionTargets(draftOf(template), 2)).toEqual([0, 1]);
    expect(conditionTargets(setKind(draftOf(template), 0, "text"), 2)).toEqual([1]);
  });
});
