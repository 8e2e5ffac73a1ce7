import { describe, expect, it } from "vitest";
import { checkFill, SURVEY_TEMPLATE_MESSAGES as M, scoreFill, visibleQuestions, ZSurveyTemplate } from "./template.ts";

const template = ZSurveyTemplate.parse({
  nome: "Screening",
  info: "Informativa",
  domande: [
    { q: "Fumi?", o: ["Sì", "No"], r: true },
    { q: "Quante sigarette al giorno?", o: [], r: true, si: { index: 0, response: "Sì" } },
    { q: "Sintomi", o: ["Tosse", "Affanno", "Nessuno"], cb: true },
    { q: "Da quanto?", o: ["Giorni", "Settimane"], hi: { index: 2, response: "Nessuno" } },
    { q: "Referto", o: "file", fa: ["application/pdf"] },
  ],
});

describe("a survey's template", () => {
  it("lets a condition point only to an earlier question with options, and to one of its options", () => {
    const later = ZSurveyTemplate.safeParse({
      nome: "x",
      domande: [
        { q: "A", o: ["1", "2"], si: { index: 1, response: "1" } },
        { q: "B", o: ["1", "2"] },
      ],
    });
    expect(later.success).toBe(false);
    expect(later.error?.issues[0]?.message).toBe(M.conditionOrder);
    const missing = ZSurveyTemplate.safeParse({
      nome: "x",
      domande: [
        { q: "A", o: ["1", "2"] },
        { q: "B", o: [], hi: { index: 0, response: "3" } },
      ],
    });
    expect(missing.error?.issues[0]?.message).toBe(M.conditionOption);
    const wrongType = ZSurveyTemplate.safeParse({ nome: "x", domande: [{ q: "A", o: "file", fa: ["text/html"] }] });
    expect(wrongType.success).toBe(false);
  });

  it("shows a question by its show-if and hides it by its hide-if, on the answers so far", () => {
    expect(visibleQuestions(template, ["No", null, ["Nessuno"], null, null])).toEqual([true, false, true, false, true]);
    expect(visibleQuestions(template, ["Sì", "10", ["Tosse"], "Giorni", null])).toEqual([true, true, true, true, true]);
  });

  it("checks a fill as the server stores it: hidden answers dropped, required ones present, options among o", () => {
    const smuggled = checkFill(template, ["No", "20", ["Nessuno"], "Giorni", null]);
    expect(smuggled).toEqual({ ok: true, answers: ["No", null, ["Nessuno"], null, null] });
    expect(checkFill(template, ["Sì", "", null, null, null])).toEqual({ ok: false, errors: { 1: M.answerRequired } });
    expect(checkFill(template, ["Forse", null, null, null, null])).toEqual({
      ok: false,
      errors: { 0: M.answerNotAnOption },
    });
    expect(checkFill(template, ["No"]).ok).toBe(false);
  });

  it("scores a fill and names its band", () => {
    const phq = ZSurveyTemplate.parse({
      nome: "PHQ-2",
      domande: [
        { q: "Poco interesse", o: ["Mai", "Spesso"], r: true },
        { q: "Giù di morale", o: ["Mai", "Spesso"], r: true },
      ],
      scoring: {
        method: "sum",
        points: { "0": { Mai: 0, Spesso: 3 }, "1": { Mai: 0, Spesso: 3 } },
        bands: [
          { min: 0, max: 2, label: "Negativo" },
          { min: 3, max: 6, label: "Positivo" },
        ],
      },
    });
    expect(scoreFill(phq, ["Spesso", "Mai"])).toEqual({ value: 3, band: "Positivo" });
    expect(scoreFill(template, ["No"])).toBeNull();
  });
});
