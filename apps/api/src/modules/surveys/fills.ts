import {
  checkFill,
  conflict,
  DomainError,
  forbidden,
  SURVEY_MESSAGES as M,
  notFound,
  SESSION_MESSAGES,
  scoreFill,
  type TFill,
  type TFillSummary,
  type TSurveyAnswer,
  type TSurveyTemplate,
  USER_TYPES,
} from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { isUniqueViolation } from "../../platform/database-errors.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { zonedDate } from "../../platform/zoned-time.ts";
// Public surfaces: an upload the filler may attach, the release of files a fill stops using, a
// person's score history (health), and whether the person is a patient of the operator's company.
import { ownUpload, withFileReleases } from "../files/index.ts";
import { recordScore, replaceScore } from "../health/index.ts";
// The names of a page's people, in one read.
import { personNames } from "../identity/index.ts";
import { isPatientOf } from "../patients/index.ts";
import {
  isAdmin,
  isManager,
  mayChangeFill,
  mayReadFill,
  openSurvey,
  readableSurvey,
  surveyOperatorCompany,
} from "./access.ts";
import * as repository from "./repository.ts";
import { sessionFillHooks } from "./sessions-hook.ts";

type Page = { page: number; per_page: number };
type Names = ReadonlyMap<number, string>;
type Subject = { userId: number | null; filledBy?: number | null; sessionId?: number | null };

/** The day a citizen's own fill counts for: Italian days, as the citizen sees them. */
const romeToday = () => zonedDate(Date.now(), "Europe/Rome");

/**
 * Who some fills are about, in one read each: the names of their people (the person, who wrote it),
 * and the pseudonyms of the session compilations of those without a person (anonymous or
 * pseudonymous sessions; asked only when a fill has no person).
 */
export async function fillSubjects(ctx: ModuleContext, rows: ReadonlyArray<Subject>) {
  const people = rows.flatMap((r) => [r.userId, r.filledBy ?? null].filter((id): id is number => id !== null));
  const compilations = [
    ...new Set(rows.flatMap((r) => (r.userId === null && typeof r.sessionId === "number" ? [r.sessionId] : []))),
  ];
  const [names, pseudonyms] = await Promise.all([
    personNames(ctx.db, people),
    compilations.length === 0
      ? new Map<number, string | null>()
      : sessionFillHooks().compilationPseudonyms(ctx.db, compilations),
  ]);
  /** What the exports write as "Compilato per": the name, the pseudonym, or that it is anonymous. */
  const label = (row: Subject): string => {
    if (row.userId !== null) return names.get(row.userId) ?? "";
    const pseudonym = typeof row.sessionId === "number" ? pseudonyms.get(row.sessionId) : null;
    return pseudonym ? `Pseudonimo: ${pseudonym}` : "Anonimo";
  };
  return { names: names as Names, pseudonyms: pseudonyms as ReadonlyMap<number, string | null>, label };
}
type Subjects = Awaited<ReturnType<typeof fillSubjects>>;

export function presentFillSummary(ctx: ModuleContext, row: repository.FillRow, subjects: Subjects): TFillSummary {
  const { names, pseudonyms } = subjects;
  return {
    hashid: ctx.ids.encode(row.id),
    survey: { hashid: ctx.ids.encode(row.surveyId), name: row.surveyName },
    user: row.userId === null ? null : { hashid: ctx.ids.encode(row.userId), name: names.get(row.userId) ?? null },
    filled_by:
      row.filledBy === null ? null : { hashid: ctx.ids.encode(row.filledBy), name: names.get(row.filledBy) ?? null },
    company: row.companyId === null ? null : { hashid: ctx.ids.encode(row.companyId), name: row.companyName ?? "" },
    reservation: row.bookingId === null ? null : { hashid: ctx.ids.encode(row.bookingId) },
    session:
      row.sessionId === null
        ? null
        : { hashid: ctx.ids.encode(row.sessionId), pseudonym: pseudonyms.get(row.sessionId) ?? null },
    score: row.score,
    score_band: row.scoreBand,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of fills with their people's names (one read for the page). */
export async function presentFillPage(ctx: ModuleContext, rows: repository.FillRow[]): Promise<TFillSummary[]> {
  const subjects = await fillSubjects(ctx, rows);
  return rows.map((row) => presentFillSummary(ctx, row, subjects));
}

/** The template it answered, each question's answer in its `a` (the spec's Filled survey). */
export async function presentFill(ctx: ModuleContext, row: repository.FillRow): Promise<TFill> {
  const template = {
    ...row.template,
    domande: row.template.domande.map((q, i) => ({ ...q, a: row.answers[i] ?? null })),
  };
  return { ...presentFillSummary(ctx, row, await fillSubjects(ctx, [row])), template };
}

const answersError = (errors: Record<string, string[]>) => new DomainError("validation", { errors });

/**
 * A fill checked as the player checks it (checkFill: hidden answers dropped, required ones present,
 * options among `o`), then its files: each one the filler's own upload that no other record uses
 * (or one this fill already holds), of a type the question accepts. Returns what to store.
 */
async function checkedAnswers(
  ctx: ModuleContext,
  p: Principal,
  template: TSurveyTemplate,
  answers: TSurveyAnswer[],
  heldFileIds: number[] = [],
) {
  const checked = checkFill(template, answers);
  if (!checked.ok) {
    const errors: Record<string, string[]> = {};
    for (const [index, message] of Object.entries(checked.errors))
      errors[index === "-1" ? "answers" : `answers.${index}`] = [message];
    throw answersError(errors);
  }
  const fileIds: number[] = [];
  for (const [i, question] of template.domande.entries()) {
    const answer = checked.answers[i];
    if (question.o !== "file" || answer === null || answer === undefined) continue;
    for (const hashid of Array.isArray(answer) ? answer : [answer]) {
      const decoded = ctx.ids.decode(hashid);
      const held = decoded !== null && heldFileIds.includes(decoded) ? decoded : null;
      const file = await ownUpload(ctx, p, hashid, held).catch(() => {
        throw answersError({ [`answers.${i}`]: [M.fileNotYours] });
      });
      if (question.fa?.length && !question.fa.includes(file.mimeType as (typeof question.fa)[number]))
        throw answersError({ [`answers.${i}`]: [M.fileType] });
      if (fileIds.includes(file.id)) throw answersError({ [`answers.${i}`]: [M.fileRepeated] });
      fileIds.push(file.id);
    }
  }
  const score = scoreFill(template, checked.answers);
  return { answers: checked.answers, fileIds, score: score?.value ?? null, scoreBand: score?.band ?? null };
}

/** The source a fill's point of the score history names: how an edit or a deletion finds it again. */
const scoreSource = (ctx: ModuleContext, fillId: number) => `filled_survey:${ctx.ids.encode(fillId)}`;

/**
 * The point of the person's score history (health module) a scored fill of a template whose
 * scoring names a health scale writes: the scale, the value and its items (each scored question,
 * the answer, its points). Null when it writes none.
 */
function healthScoreOf(fill: { template: TSurveyTemplate; answers: TSurveyAnswer[]; score: number | null }) {
  const scale = fill.template.scoring?.scale;
  if (!scale || fill.score === null) return null;
  const points = fill.template.scoring?.points ?? {};
  const items = Object.entries(points).flatMap(([index, table]) => {
    const question = fill.template.domande[Number(index)];
    const answer = fill.answers[Number(index)];
    if (!question || answer === null || answer === undefined) return [];
    const chosen = Array.isArray(answer) ? answer : [answer];
    return [
      {
        question: question.q,
        answer: chosen.join("; "),
        points: chosen.reduce((sum, c) => sum + (table[c] ?? 0), 0),
      },
    ];
  });
  return { scaleCode: scale, value: fill.score, items };
}

/**
 * A fill about a known person: its score written to that person's history, in the fill's
 * transaction with the fill as its source.
 */
async function recordHealthScore(
  tx: Executor,
  ctx: ModuleContext,
  fill: {
    id: number;
    userId: number | null;
    template: TSurveyTemplate;
    answers: TSurveyAnswer[];
    score: number | null;
  },
) {
  const score = healthScoreOf(fill);
  if (!score || fill.userId === null) return;
  await recordScore(tx, {
    ...score,
    patientId: fill.userId,
    takenAt: new Date(),
    sourceRef: scoreSource(ctx, fill.id),
  });
}

/**
 * A fill of a scale's template given new answers: the point it wrote corrected in place (its new
 * score, still taken when the fill was), in the edit's transaction, so the person's history never
 * keeps the old score beside the new one. (A deleted fill's point goes in deleteFillsWithin.)
 */
async function replaceHealthScore(
  tx: Executor,
  ctx: ModuleContext,
  fill: { id: number; userId: number | null; template: TSurveyTemplate; createdAt: Date },
  changed: { answers: TSurveyAnswer[]; score: number | null },
) {
  if (!fill.template.scoring?.scale || fill.userId === null) return;
  const score = healthScoreOf({ template: fill.template, ...changed });
  await replaceScore(
    tx,
    { patientId: fill.userId, sourceRef: scoreSource(ctx, fill.id) },
    score && { ...score, takenAt: fill.createdAt },
  );
}

/** A survey open to fills: active, not suspended by an administrator, its activity active. */
export function assertFillable(survey: repository.SurveyRow, activityStatus: string) {
  if (activityStatus !== "attiva") throw conflict(M.activityClosed);
  if (!survey.active || survey.status !== "attivo") throw conflict(M.surveyInactive);
}

/**
 * Stores a checked fill with its files' links in one transaction (a file is never linked to a fill
 * that is not there); `within` runs first in that transaction (a lock, a check), `after` last with
 * the new fill's key.
 */
export async function store(
  ctx: ModuleContext,
  p: Principal,
  survey: Pick<repository.SurveyRow, "id" | "version" | "template">,
  answers: TSurveyAnswer[],
  row: {
    /** Null only for an anonymous or pseudonymous session compilation's fill (with its `sessionId`). */
    userId: number | null;
    companyId: number | null;
    sessionId?: number | null;
    bookingId?: number | null;
    /** A citizen's own fill of an open survey: reserved once per person, survey and Rome day. */
    ownDay?: string | null;
  },
  hooks: { within?: (tx: Executor) => Promise<void>; after?: (tx: Executor, fillId: number) => Promise<void> } = {},
) {
  const checked = await checkedAnswers(ctx, p, survey.template, answers);
  const id = await ctx.db.transaction(async (tx) => {
    await hooks.within?.(tx);
    const fillId = await repository.insertFill(
      tx,
      {
        surveyId: survey.id,
        surveyVersion: survey.version,
        template: survey.template,
        answers: checked.answers,
        userId: row.userId,
        filledBy: p.userId,
        companyId: row.companyId,
        score: checked.score,
        scoreBand: checked.scoreBand,
        sessionId: row.sessionId ?? null,
        bookingId: row.bookingId ?? null,
        ownDay: row.ownDay ?? null,
      },
      checked.fileIds,
    );
    await recordHealthScore(tx, ctx, {
      id: fillId,
      userId: row.userId,
      template: survey.template,
      answers: checked.answers,
      score: checked.score,
    });
    // The person's own fill completes their draft of the survey (save and resume): gone with the same commit.
    if (row.userId === p.userId) await repository.deleteDraft(tx, p.userId, survey.id);
    await hooks.after?.(tx, fillId);
    return fillId;
  });
  return presentFill(ctx, (await repository.findFill(ctx.db, id)) as repository.FillRow);
}

/**
 * `POST activities/surveys/filled/new`: a citizen fills an open survey for themselves. The fill is
 * read by the managers of the company that owns the survey's activity.
 *
 * With `session_id` (a compilation of the citizen's own in-clear survey session) the fill is that
 * compilation's next survey instead, recorded in it as the operator's `submit-survey` would, in the
 * same transaction: read by the compilation's company, not limited to one a day (the compilation's
 * order already allows each survey once), and the survey need not be open to everyone (the session
 * chose it). Anything else is refused (sessionFillHooks: 404, 422, 409).
 */
export async function fillOwn(
  ctx: ModuleContext,
  p: Principal,
  body: { survey: string; answers: TSurveyAnswer[]; session_id?: string | null | undefined },
) {
  if (body.session_id) return fillOwnInSession(ctx, p, body.session_id, body.survey, body.answers);
  const survey = await openSurvey(ctx.db, ctx.ids.decode(body.survey));
  // One own fill per person, survey and day (issue 13; the spec sets no number): the unique index
  // reserves the day, so of two sends racing the second is refused too.
  return store(ctx, p, survey, body.answers, {
    userId: p.userId,
    companyId: survey.activityCompanyId,
    ownDay: romeToday(),
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(M.dailyLimit);
    throw error;
  });
}

async function fillOwnInSession(
  ctx: ModuleContext,
  p: Principal,
  compilationHash: string,
  surveyHash: string,
  answers: TSurveyAnswer[],
) {
  // The compilation first: of someone else's, nothing is told (not even whether the survey exists).
  const step = await sessionFillHooks().citizenStep(ctx, p, compilationHash, ctx.ids.decode(surveyHash) ?? -1);
  const survey = await repository.findSurvey(ctx.db, step.surveyId);
  if (!survey) throw notFound();
  return store(
    ctx,
    p,
    survey,
    answers,
    { userId: p.userId, companyId: step.companyId, sessionId: step.compilationId },
    { within: step.within, after: step.after },
  ).catch((error: unknown) => {
    // Two sends of the same step at once: the second finds the compilation's position taken.
    if (isUniqueViolation(error)) throw conflict(SESSION_MESSAGES.wrongSurvey);
    throw error;
  });
}

/** `POST activities/surveys/filled/patient`: an operator fills an enabled survey for a patient of the company. */
export async function fillForPatient(
  ctx: ModuleContext,
  p: Principal,
  body: { survey: string; user: string; answers: TSurveyAnswer[] },
) {
  const companyId = surveyOperatorCompany(p);
  const survey = await readableSurvey(ctx.db, p, ctx.ids.decode(body.survey));
  const userId = ctx.ids.decode(body.user);
  // Someone who is not a patient of the company is, to its operators, someone who does not exist.
  if (userId === null || !(await isPatientOf(ctx.db, companyId, userId))) throw notFound(M.patientUnknown);
  const activity = await repository.findActivity(ctx.db, survey.activityId);
  assertFillable(survey, activity?.status ?? "conclusa");
  return store(ctx, p, survey, body.answers, { userId, companyId });
}

async function readableFill(ctx: ModuleContext, p: Principal, hash: string) {
  const id = ctx.ids.decode(hash);
  const fill = id === null ? null : await repository.findFill(ctx.db, id);
  if (!fill || !mayReadFill(p, fill)) throw notFound();
  return fill;
}

export async function getFill(ctx: ModuleContext, p: Principal, hash: string) {
  return presentFill(ctx, await readableFill(ctx, p, hash));
}

/** The fill for the exports: a reader's (`filled/pdf`), or the person's own only (`survey/filled/pdf`). */
export async function fillForExport(ctx: ModuleContext, p: Principal, hash: string, ownOnly: boolean) {
  const fill = await readableFill(ctx, p, hash);
  if (ownOnly && fill.userId !== p.userId) throw notFound();
  return fill;
}

/** `PUT activities/surveys/filled/{id}`: new answers, checked against the template the fill answered. */
/**
 * A fill its writer or the company's managers may change: never one a compilation submitted (its
 * session's record, which the operator may have signed and the deletion job counts on), whoever
 * asks — that is a 409, not a 404, once the caller may otherwise change it.
 */
async function changeableFill(ctx: ModuleContext, p: Principal, hash: string) {
  const fill = await readableFill(ctx, p, hash);
  if (!mayChangeFill(p, fill)) throw notFound();
  if (fill.sessionId !== null || (await sessionFillHooks().fillInCompilation(ctx.db, fill.id)))
    throw conflict(M.fillInSession);
  return fill;
}

export async function updateFill(ctx: ModuleContext, p: Principal, hash: string, answers: TSurveyAnswer[]) {
  const fill = await changeableFill(ctx, p, hash);
  const held = await repository.fillFileIds(ctx.db, fill.id);
  const checked = await checkedAnswers(ctx, p, fill.template, answers, held);
  await withFileReleases(ctx, async (tx, release) => {
    const dropped = await repository.updateFill(
      tx,
      fill.id,
      { answers: checked.answers, score: checked.score, scoreBand: checked.scoreBand },
      checked.fileIds,
    );
    for (const fileId of dropped) release(fileId);
    await replaceHealthScore(tx, ctx, fill, checked);
  });
  return getFill(ctx, p, hash);
}

/**
 * `DELETE activities/surveys/filled/{id}`: the fill, its files no other record uses, and the point
 * of the person's score history it wrote.
 */
export async function deleteFill(ctx: ModuleContext, p: Principal, hash: string) {
  const fill = await changeableFill(ctx, p, hash);
  await withFileReleases(ctx, (tx, release) => deleteFillsWithin(ctx, tx, [fill.id], release));
}

/**
 * The survey whose fills a caller lists or exports, and the company they are limited to: a
 * manager's own company's, an administrator's every fill (null).
 */
export async function surveyForFills(ctx: ModuleContext, p: Principal, hash: string) {
  // Listing every fill is managing: an administering operator reads only the fills they wrote.
  if (!isAdmin(p) && !isManager(p)) throw forbidden();
  const survey = await readableSurvey(ctx.db, p, ctx.ids.decode(hash));
  return { survey, companyId: isAdmin(p) ? null : (p.companyId as number) };
}

/** `GET activities/surveys/filled/all/{hash}`. */
export async function fillsOfSurvey(ctx: ModuleContext, p: Principal, hash: string, query: Page) {
  const { survey, companyId } = await surveyForFills(ctx, p, hash);
  const { rows, total } = await repository.listFills(ctx.db, {
    surveyId: survey.id,
    companyId,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: await presentFillPage(ctx, rows),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * `GET activities/surveys/filled/user/{id}`: a citizen their own fills; an operator a patient's fills
 * kept by their company (the administering operator those they wrote); administrators any person's.
 */
export async function fillsOfUser(ctx: ModuleContext, p: Principal, hash: string, query: Page) {
  const userId = ctx.ids.decode(hash);
  if (userId === null) throw notFound();
  let companyId: number | null = null;
  let filledBy: number | undefined;
  if (p.type === USER_TYPES.citizen) {
    if (userId !== p.userId) throw notFound();
  } else if (p.type === USER_TYPES.operator) {
    companyId = surveyOperatorCompany(p);
    if (!(await isPatientOf(ctx.db, companyId, userId))) throw notFound(M.patientUnknown);
    if (!isManager(p)) filledBy = p.userId;
  }
  const { rows, total } = await repository.listFills(ctx.db, {
    userId,
    companyId,
    filledBy,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: await presentFillPage(ctx, rows),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * Deletes fills inside the caller's transaction (one fill, or a survey session's compilation going,
 * issue 13), handing each file they held to `release` (files.withFileReleases) so unused ones go
 * too, and removing the points of score history they wrote (no score outlives its fill).
 */
export async function deleteFillsWithin(
  ctx: ModuleContext,
  tx: Executor,
  fillIds: readonly number[],
  release: (fileId: number) => void,
): Promise<void> {
  for (const fillId of fillIds) {
    const files = await repository.fillFileIds(tx, fillId);
    const deleted = await repository.deleteFill(tx, fillId);
    if (deleted?.scale && deleted.userId !== null)
      await replaceScore(tx, { patientId: deleted.userId, sourceRef: scoreSource(ctx, fillId) }, null);
    for (const fileId of files) release(fileId);
  }
}
