import { z } from "zod";
import { ENCRYPTED_MIME_TYPES } from "../contracts/files.ts";

/**
 * A survey's template (issue 13; spec 002 §3 "Survey question", spec 001 §3 "Filled survey"): the one
 * schema the builder writes, the player reads and the server checks a fill against. The short keys
 * are the spec's: `q` the text, `o` the options or the string "file" for an upload, `cb` multiple
 * choice, `r` required, `a` the answer (in a fill), `si`/`hi` show-if and hide-if on an earlier
 * question's answer, `fa` the accepted file types, `fm` several files.
 */

export const SURVEY_LIMITS = {
  questionsMax: 200,
  optionsMax: 100,
  /** Options shown as buttons in the player; more are a drop-down. */
  buttonsMax: 9,
  questionMaxLength: 1000,
  optionMaxLength: 300,
  textAnswerMaxLength: 4000,
  infoMaxLength: 20_000,
  filesPerAnswerMax: 5,
} as const;

export const SURVEY_TEMPLATE_MESSAGES = {
  questionRequired: "Scrivi il testo della domanda",
  optionsRequired: "Indica almeno due opzioni",
  optionDuplicate: "Due opzioni hanno lo stesso testo",
  conditionOrder: "Una condizione può riferirsi solo a una domanda precedente",
  conditionOption: "La risposta della condizione non è tra le opzioni della domanda",
  conditionOnText: "Una condizione può riferirsi solo a una domanda con opzioni",
  fileTypes: "Tipo di file non ammesso",
  answerRequired: "Risposta obbligatoria",
  answerNotAnOption: "La risposta non è tra le opzioni",
  answerSingle: "Questa domanda ammette una sola risposta",
  answerFiles: "Allega un file",
  answerOneFile: "Questa domanda ammette un solo file",
  answerTooLong: `La risposta può avere al massimo ${SURVEY_LIMITS.textAnswerMaxLength} caratteri`,
  answersCount: "Le risposte non corrispondono alle domande del questionario",
  scaleUnknown: "Scala di punteggio non riconosciuta",
} as const;
const M = SURVEY_TEMPLATE_MESSAGES;

/** The file types a file question may accept (`fa`), from the uploads the platform takes. */
export const SURVEY_FILE_TYPES = ENCRYPTED_MIME_TYPES;

/** Show-if / hide-if: the question at `index` (0-based, an earlier one) was answered `response`. */
export const ZSurveyCondition = z.object({
  index: z.number().int().min(0),
  response: z.string().min(1).max(SURVEY_LIMITS.optionMaxLength),
});
export type TSurveyCondition = z.infer<typeof ZSurveyCondition>;

/** An answer: an option's text (or several, `cb`), free text, or uploaded files' hashids. */
export const ZSurveyAnswer = z.union([z.string(), z.array(z.string())]).nullable();
export type TSurveyAnswer = z.infer<typeof ZSurveyAnswer>;

const option = z.string().trim().min(1).max(SURVEY_LIMITS.optionMaxLength);

export const ZSurveyQuestion = z.object({
  q: z.string().trim().min(1, M.questionRequired).max(SURVEY_LIMITS.questionMaxLength),
  /** The options; an empty list is a free-text answer; "file" an upload. */
  o: z.union([z.literal("file"), z.array(option).max(SURVEY_LIMITS.optionsMax)]),
  cb: z.boolean().default(false),
  r: z.boolean().default(false),
  a: ZSurveyAnswer.optional(),
  si: ZSurveyCondition.nullable().optional(),
  hi: ZSurveyCondition.nullable().optional(),
  fa: z.array(z.enum(SURVEY_FILE_TYPES, M.fileTypes)).optional(),
  fm: z.boolean().optional(),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

/**
 * The codes of the health file's score scales (health_scales.code, the health module's catalogue):
 * a survey whose scoring names one writes each identified person's score to their score history.
 */
export const SURVEY_SCORE_SCALES = ["PHQ-9", "BARTHEL"] as const;
export type TSurveyScoreScale = (typeof SURVEY_SCORE_SCALES)[number];

/**
 * Scoring (beyond the spec): points per option of each scored question, summed or averaged, and the
 * bands that name the result (PHQ-9: 0–4, 5–9, 10–14, 15–19, 20–27). `scale` ties the score to a
 * scale of the health file: a fill about a known person (not an anonymous or pseudonymous session's)
 * adds a point to that person's score history, in the fill's transaction.
 */
export const ZSurveyScoring = z.object({
  method: z.enum(["sum", "mean"]),
  scale: z.enum(SURVEY_SCORE_SCALES, M.scaleUnknown).nullable().optional(),
  /** Per question index: the points of each option, by the option's text. */
  points: z.record(z.string().regex(/^\d+$/), z.record(z.string(), z.number().min(-1000).max(1000))),
  bands: z
    .array(z.object({ min: z.number(), max: z.number(), label: z.string().trim().min(1).max(120) }))
    .max(20)
    .default([]),
});
export type TSurveyScoring = z.infer<typeof ZSurveyScoring>;

const optionsOf = (question: TSurveyQuestion): readonly string[] => (Array.isArray(question.o) ? question.o : []);

/** The template: the rules of each question checked against the questions before it. */
export const ZSurveyTemplate = z
  .object({
    info: z.string().trim().max(SURVEY_LIMITS.infoMaxLength).nullable().optional(),
    nome: z.string().trim().min(1).max(200),
    domande: z.array(ZSurveyQuestion).min(1).max(SURVEY_LIMITS.questionsMax),
    scoring: ZSurveyScoring.nullable().optional(),
  })
  .superRefine((template, ctx) => {
    template.domande.forEach((question, i) => {
      const options = optionsOf(question);
      if (Array.isArray(question.o) && question.cb && options.length < 2)
        ctx.addIssue({ code: "custom", path: ["domande", i, "o"], message: M.optionsRequired });
      if (new Set(options.map((o) => o.toLowerCase())).size !== options.length)
        ctx.addIssue({ code: "custom", path: ["domande", i, "o"], message: M.optionDuplicate });
      for (const key of ["si", "hi"] as const) {
        const condition = question[key];
        if (!condition) continue;
        const target = template.domande[condition.index];
        if (condition.index >= i || !target) {
          ctx.addIssue({ code: "custom", path: ["domande", i, key, "index"], message: M.conditionOrder });
        } else if (!Array.isArray(target.o) || target.o.length === 0) {
          ctx.addIssue({ code: "custom", path: ["domande", i, key, "index"], message: M.conditionOnText });
        } else if (!target.o.includes(condition.response)) {
          ctx.addIssue({ code: "custom", path: ["domande", i, key, "response"], message: M.conditionOption });
        }
      }
    });
  });
export type TSurveyTemplate = z.infer<typeof ZSurveyTemplate>;

const chose = (answer: TSurveyAnswer | undefined, response: string) =>
  Array.isArray(answer) ? answer.includes(response) : answer === response;

/**
 * Which questions are shown, given the answers so far (by index): a question is hidden when its
 * show-if is not met or its hide-if is, and a hidden question's answer does not count (a question
 * whose condition points to a hidden question sees no answer there). The player and the server
 * evaluate the same function.
 */
export function visibleQuestions(template: Pick<TSurveyTemplate, "domande">, answers: readonly TSurveyAnswer[]) {
  const visible: boolean[] = [];
  template.domande.forEach((question, i) => {
    const answerOf = (index: number) => (visible[index] ? answers[index] : undefined);
    const shown =
      (!question.si || chose(answerOf(question.si.index), question.si.response)) &&
      !(question.hi && chose(answerOf(question.hi.index), question.hi.response));
    visible[i] = shown;
  });
  return visible;
}

const isEmpty = (answer: TSurveyAnswer | undefined) =>
  answer === null || answer === undefined || (Array.isArray(answer) ? answer.length === 0 : answer.trim() === "");

/** One question's answer checked (when shown): null when right, else the message. */
export function answerError(question: TSurveyQuestion, answer: TSurveyAnswer | undefined): string | null {
  if (isEmpty(answer)) return question.r ? M.answerRequired : null;
  if (question.o === "file") {
    const files = Array.isArray(answer) ? answer : [answer as string];
    if (files.length > (question.fm ? SURVEY_LIMITS.filesPerAnswerMax : 1)) return M.answerOneFile;
    return null;
  }
  if (question.o.length === 0) {
    if (typeof answer !== "string") return M.answerNotAnOption;
    return answer.length > SURVEY_LIMITS.textAnswerMaxLength ? M.answerTooLong : null;
  }
  const chosen = Array.isArray(answer) ? answer : [answer as string];
  if (!question.cb && chosen.length > 1) return M.answerSingle;
  if (new Set(chosen).size !== chosen.length) return M.answerNotAnOption;
  const options = question.o;
  return chosen.every((c) => options.includes(c)) ? null : M.answerNotAnOption;
}

/**
 * A fill checked against its template, as the server does before storing it: the answers of hidden
 * questions are dropped (null), the shown ones checked. Returns the answers to store, or the errors
 * by question index.
 */
export function checkFill(
  template: Pick<TSurveyTemplate, "domande">,
  answers: readonly TSurveyAnswer[],
): { ok: true; answers: TSurveyAnswer[] } | { ok: false; errors: Record<number, string> } {
  if (answers.length !== template.domande.length) return { ok: false, errors: { [-1]: M.answersCount } };
  const visible = visibleQuestions(template, answers);
  const errors: Record<number, string> = {};
  const kept = template.domande.map((question, i) => {
    if (!visible[i]) return null;
    const error = answerError(question, answers[i]);
    if (error) errors[i] = error;
    return isEmpty(answers[i]) ? null : (answers[i] ?? null);
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers: kept };
}

/** The score of a fill (the answers checkFill kept) and its band's label; null when the template has no scoring. */
export function scoreFill(
  template: Pick<TSurveyTemplate, "scoring">,
  answers: readonly TSurveyAnswer[],
): { value: number; band: string | null } | null {
  const scoring = template.scoring;
  if (!scoring) return null;
  const points: number[] = [];
  for (const [index, table] of Object.entries(scoring.points)) {
    const answer = answers[Number(index)];
    if (isEmpty(answer)) continue;
    const chosen = Array.isArray(answer) ? answer : [answer as string];
    points.push(chosen.reduce((sum, c) => sum + (table[c] ?? 0), 0));
  }
  const total = points.reduce((a, b) => a + b, 0);
  const value = scoring.method === "sum" ? total : points.length ? Math.round((total / points.length) * 100) / 100 : 0;
  const band = scoring.bands.find((b) => value >= b.min && value <= b.max)?.label ?? null;
  return { value, band };
}
