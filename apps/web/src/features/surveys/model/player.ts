import type { TSurveyAnswer, TSurveyQuestion } from "@cura/domain";

/** The player's navigation, on the domain's visibility (visibleQuestions): pure, so it is tested alone. */

/** The answers lined up with the questions: a resumed draft of an older length never shifts them. */
export function padAnswers(answers: readonly TSurveyAnswer[] | undefined, length: number): TSurveyAnswer[] {
  return Array.from({ length }, (_, i) => answers?.[i] ?? null);
}

export function isAnswered(answer: TSurveyAnswer | undefined): boolean {
  if (answer === null || answer === undefined) return false;
  return Array.isArray(answer) ? answer.length > 0 : answer.trim() !== "";
}

/** The next shown question after `from`, or -1 when `from` is the last one shown. */
export function nextShown(visible: readonly boolean[], from: number): number {
  for (let i = from + 1; i < visible.length; i++) if (visible[i]) return i;
  return -1;
}

/** The shown question before `from`, or -1 on the first. */
export function previousShown(visible: readonly boolean[], from: number): number {
  for (let i = Math.min(from, visible.length) - 1; i >= 0; i--) if (visible[i]) return i;
  return -1;
}

/**
 * Where a fill starts or resumes: the first shown question without an answer (save and resume,
 * issue 13), or the last shown one when every shown question has its answer.
 */
export function resumeIndex(visible: readonly boolean[], answers: readonly TSurveyAnswer[]): number {
  let last = 0;
  for (let i = 0; i < visible.length; i++) {
    if (!visible[i]) continue;
    if (!isAnswered(answers[i])) return i;
    last = i;
  }
  return last;
}

/** The question in view: `current` when shown, else the nearest shown one before it (the template changed). */
export function shownIndex(visible: readonly boolean[], current: number): number {
  if (visible[current]) return current;
  const before = previousShown(visible, current);
  return before >= 0 ? before : Math.max(0, nextShown(visible, -1));
}

/** The kind of answer a question takes, from the template's short keys. */
export type QuestionKind = "single" | "multiple" | "text" | "file";
export function questionKind(question: Pick<TSurveyQuestion, "o" | "cb">): QuestionKind {
  if (question.o === "file") return "file";
  if (question.o.length === 0) return "text";
  return question.cb ? "multiple" : "single";
}
