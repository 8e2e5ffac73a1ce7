import {
  SURVEY_FILE_TYPES,
  type TSurveyCondition,
  type TSurveyQuestion,
  type TSurveyScoring,
  type TSurveyTemplate,
} from "@cura/domain";
import { type QuestionKind, questionKind } from "./player.ts";

/**
 * The builder's state and every edit to it, as pure functions. A condition (`si`/`hi`) and the
 * scoring's points name a question by its index and an option by its text, so the edits that move,
 * delete or rename those keep them pointing at the same thing; when that is no longer possible (the
 * question was deleted, now comes later, lost its options) the condition is removed and the question
 * remembers why, so the builder says so instead of leaving a condition silently wrong.
 */

export type ClearedReason = "deleted" | "moved" | "option" | "kind";

export interface DraftQuestion {
  /** A stable key for React and focus, since the index changes when questions move. */
  key: string;
  question: TSurveyQuestion;
  /** Why a condition of this question was removed by an edit elsewhere, until it is looked at. */
  cleared?: ClearedReason | undefined;
}

export interface SurveyDraft {
  nome: string;
  info: string;
  items: DraftQuestion[];
  /** Kept as it came (the builder does not edit scoring), re-indexed when questions move. */
  scoring?: TSurveyScoring | null | undefined;
}

const CONDITIONS = ["si", "hi"] as const;

let lastKey = 0;
const newKey = () => `question-${++lastKey}`;

export function emptyQuestion(): TSurveyQuestion {
  return { q: "", o: ["", ""], cb: false, r: false };
}

export function draftOf(template?: TSurveyTemplate | null): SurveyDraft {
  return {
    nome: template?.nome ?? "",
    info: template?.info ?? "",
    items: (template?.domande ?? [emptyQuestion()]).map((question) => ({ key: newKey(), question })),
    scoring: template?.scoring,
  };
}

/** The template the draft stands for, as ZSurveyTemplate will read it (texts trimmed alike). */
export function templateOf(draft: SurveyDraft): TSurveyTemplate {
  const info = draft.info.trim();
  const trimCondition = (c: TSurveyCondition | null | undefined) => (c ? { ...c, response: c.response.trim() } : c);
  return {
    nome: draft.nome.trim(),
    info: info === "" ? null : info,
    domande: draft.items.map(({ question }) => {
      const { si, hi, ...rest } = question;
      return {
        ...rest,
        o: Array.isArray(question.o) ? question.o.map((o) => o.trim()) : question.o,
        ...(si ? { si: trimCondition(si) } : {}),
        ...(hi ? { hi: trimCondition(hi) } : {}),
      };
    }),
    ...(draft.scoring !== undefined ? { scoring: draft.scoring } : {}),
  };
}

function mapQuestion(draft: SurveyDraft, index: number, change: (q: TSurveyQuestion) => TSurveyQuestion): SurveyDraft {
  return {
    ...draft,
    items: draft.items.map((item, i) => (i === index ? { ...item, question: change(item.question) } : item)),
  };
}

/** Conditions of later questions on `target`: rewritten by `change` (null removes, with `reason`). */
function mapConditionsOn(
  items: DraftQuestion[],
  target: number,
  change: (c: TSurveyCondition) => TSurveyCondition | null,
  reason: ClearedReason,
): DraftQuestion[] {
  return items.map((item) => {
    let question = item.question;
    let cleared = item.cleared;
    for (const key of CONDITIONS) {
      const condition = question[key];
      if (!condition || condition.index !== target) continue;
      const next = change(condition);
      if (next === condition) continue;
      question = { ...question, [key]: next };
      if (next === null) cleared = reason;
    }
    return question === item.question ? item : { ...item, question, cleared };
  });
}

export function addQuestion(draft: SurveyDraft): SurveyDraft {
  return { ...draft, items: [...draft.items, { key: newKey(), question: emptyQuestion() }] };
}

/** Text, required, file settings, and the question's own conditions (which acknowledges a removal notice). */
export function updateQuestion(draft: SurveyDraft, index: number, patch: Partial<TSurveyQuestion>): SurveyDraft {
  const next = mapQuestion(draft, index, (q) => ({ ...q, ...patch }));
  if (!("si" in patch || "hi" in patch)) return next;
  return { ...next, items: next.items.map((item, i) => (i === index ? { ...item, cleared: undefined } : item)) };
}

export function setKind(draft: SurveyDraft, index: number, kind: QuestionKind): SurveyDraft {
  const current = draft.items[index]?.question;
  if (!current || questionKind(current) === kind) return draft;
  const options = Array.isArray(current.o) && current.o.length > 0 ? current.o : ["", ""];
  const { fa: _fa, fm: _fm, ...base } = current;
  const question: TSurveyQuestion =
    kind === "file"
      ? { ...base, o: "file", cb: false, fa: [...SURVEY_FILE_TYPES], fm: false }
      : kind === "text"
        ? { ...base, o: [], cb: false }
        : { ...base, o: options, cb: kind === "multiple" };
  let items = draft.items.map((item, i) => (i === index ? { ...item, question } : item));
  // A text or file question has no options to be a condition on.
  if (kind === "text" || kind === "file") items = mapConditionsOn(items, index, () => null, "kind");
  return { ...draft, items, scoring: withoutPoints(draft.scoring, kind === "text" || kind === "file" ? index : -1) };
}

export function addOption(draft: SurveyDraft, index: number): SurveyDraft {
  return mapQuestion(draft, index, (q) => (Array.isArray(q.o) ? { ...q, o: [...q.o, ""] } : q));
}

/** An option renamed: the conditions and points on its old text follow it (not when it is emptied). */
export function renameOption(draft: SurveyDraft, index: number, option: number, text: string): SurveyDraft {
  const question = draft.items[index]?.question;
  if (!question || !Array.isArray(question.o)) return draft;
  const old = question.o[option] ?? "";
  const o = question.o.map((value, i) => (i === option ? text : value));
  const renamed = mapQuestion(draft, index, (q) => ({ ...q, o }));
  const follows = old.trim() !== "" && text.trim() !== "" && !question.o.some((v, i) => i !== option && v === old);
  if (!follows) return renamed;
  const items = mapConditionsOn(
    renamed.items,
    index,
    (c) => (c.response.trim() === old.trim() ? { ...c, response: text } : c),
    "option",
  );
  const points = renamed.scoring?.points[String(index)];
  const scoring =
    renamed.scoring && points && old in points
      ? {
          ...renamed.scoring,
          points: {
            ...renamed.scoring.points,
            [String(index)]: Object.fromEntries(Object.entries(points).map(([k, v]) => [k === old ? text : k, v])),
          },
        }
      : renamed.scoring;
  return { ...renamed, items, scoring };
}

export function removeOption(draft: SurveyDraft, index: number, option: number): SurveyDraft {
  const question = draft.items[index]?.question;
  if (!question || !Array.isArray(question.o)) return draft;
  const removed = question.o[option] ?? "";
  const o = question.o.filter((_, i) => i !== option);
  const stillThere = o.some((v) => v.trim() === removed.trim());
  let next = mapQuestion(draft, index, (q) => ({ ...q, o }));
  if (!stillThere && removed.trim() !== "") {
    next = {
      ...next,
      items: mapConditionsOn(next.items, index, (c) => (c.response.trim() === removed.trim() ? null : c), "option"),
    };
  }
  return next;
}

/**
 * The questions in a new order, `order[newIndex] = oldIndex` (an old index missing from it was
 * deleted): conditions and points follow their question; a condition whose question was deleted or
 * no longer comes before is removed, with the reason.
 */
function reorder(draft: SurveyDraft, order: number[]): SurveyDraft {
  const newIndexOf = new Map(order.map((old, i) => [old, i]));
  const items = order.map((old, position) => {
    const item = draft.items[old] as DraftQuestion;
    let question = item.question;
    let cleared = item.cleared;
    for (const key of CONDITIONS) {
      const condition = question[key];
      if (!condition) continue;
      const target = newIndexOf.get(condition.index);
      if (target === undefined || target >= position) {
        question = { ...question, [key]: null };
        cleared = target === undefined ? "deleted" : "moved";
      } else if (target !== condition.index) {
        question = { ...question, [key]: { ...condition, index: target } };
      }
    }
    return { ...item, question, cleared };
  });
  const scoring = draft.scoring
    ? {
        ...draft.scoring,
        points: Object.fromEntries(
          Object.entries(draft.scoring.points).flatMap(([old, table]) => {
            const target = newIndexOf.get(Number(old));
            return target === undefined ? [] : [[String(target), table]];
          }),
        ),
      }
    : draft.scoring;
  return { ...draft, items, scoring };
}

export function moveQuestion(draft: SurveyDraft, from: number, to: number): SurveyDraft {
  if (to < 0 || to >= draft.items.length || from === to) return draft;
  const order = draft.items.map((_, i) => i);
  order.splice(from, 1);
  order.splice(to, 0, from);
  return reorder(draft, order);
}

export function removeQuestion(draft: SurveyDraft, index: number): SurveyDraft {
  return reorder(
    draft,
    draft.items.map((_, i) => i).filter((i) => i !== index),
  );
}

function withoutPoints(scoring: SurveyDraft["scoring"], index: number): SurveyDraft["scoring"] {
  if (!scoring || !(String(index) in scoring.points)) return scoring;
  const { [String(index)]: _dropped, ...points } = scoring.points;
  return { ...scoring, points };
}

/** The questions a condition of question `index` may name: earlier ones with options (the schema's rule). */
export function conditionTargets(draft: SurveyDraft, index: number): number[] {
  return draft.items
    .slice(0, index)
    .flatMap((item, i) => (Array.isArray(item.question.o) && item.question.o.length > 0 ? [i] : []));
}
