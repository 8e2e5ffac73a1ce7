import {
  answerError,
  DomainError,
  SURVEY_DRAFT_DAYS,
  SURVEY_MESSAGES,
  SURVEY_TEMPLATE_MESSAGES,
  type TSurveyDraft,
  type TSurveyDraftBody,
} from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { openSurvey } from "./access.ts";
import * as repository from "./repository.ts";

/**
 * Save and resume (issue 13 "Beyond the spec"): the player saves the answers so far at each Next, and
 * any device of the person resumes from them. One draft per person and survey; the fill that completes
 * it deletes it in its own transaction (fills.ts `store`); a draft not saved for SURVEY_DRAFT_DAYS is
 * not offered and the nightly job removes it.
 */

export const SURVEY_DRAFTS_PURGE_JOB = "survey-drafts-purge";

const DAY_MS = 86_400_000;
const oldestKept = (now = Date.now()) => new Date(now - SURVEY_DRAFT_DAYS * DAY_MS);

/**
 * The survey a citizen may keep a draft of: one they may fill (open), or the survey of their own
 * suspended survey still to fill (filled even if deactivated since, so drafted too). Else 404.
 */
async function draftableSurvey(ctx: ModuleContext, p: Principal, hash: string) {
  const id = ctx.ids.decode(hash);
  try {
    return await openSurvey(ctx.db, id);
  } catch (error) {
    if (id === null || !(await repository.hasPendingSuspended(ctx.db, p.userId, id))) throw error;
    const survey = await repository.findSurvey(ctx.db, id);
    if (!survey) throw error;
    return survey;
  }
}

function presentDraft(ctx: ModuleContext, row: repository.DraftRow): TSurveyDraft {
  return {
    survey: { hashid: ctx.ids.encode(row.surveyId) },
    answers: row.answers,
    next_index: row.nextIndex,
    updated_at: row.updatedAt.toISOString(),
    expires_at: new Date(row.updatedAt.getTime() + SURVEY_DRAFT_DAYS * DAY_MS).toISOString(),
  };
}

/**
 * `GET activities/surveys/draft/{id}`: the person's draft, or null. A draft of an older version of the
 * survey no longer lines up with its questions and is not offered (the next save replaces it).
 */
export async function getDraft(ctx: ModuleContext, p: Principal, hash: string): Promise<TSurveyDraft | null> {
  const survey = await draftableSurvey(ctx, p, hash);
  const row = await repository.findDraft(ctx.db, p.userId, survey.id, oldestKept());
  if (!row || row.surveyVersion !== survey.version) return null;
  return presentDraft(ctx, row);
}

/**
 * `PUT activities/surveys/draft/{id}`: saves the answers so far. Required answers may still be
 * missing, but each one given must fit its question (an option among `o`, a text within the limit):
 * a draft never holds what the fill would refuse. Files are checked when the fill is sent.
 */
export async function saveDraft(
  ctx: ModuleContext,
  p: Principal,
  hash: string,
  body: TSurveyDraftBody,
): Promise<TSurveyDraft> {
  const survey = await draftableSurvey(ctx, p, hash);
  const questions = survey.template.domande;
  const errors: Record<string, string[]> = {};
  if (body.answers.length !== questions.length) errors.answers = [SURVEY_TEMPLATE_MESSAGES.answersCount];
  else
    questions.forEach((question, i) => {
      const answer = body.answers[i] ?? null;
      if (answer === null) return;
      const problem = answerError({ ...question, r: false }, answer);
      if (problem) errors[`answers.${i}`] = [problem];
    });
  if (body.next_index >= questions.length) errors.next_index = [SURVEY_MESSAGES.draftIndex];
  if (Object.keys(errors).length > 0) throw new DomainError("validation", { errors });
  const row = await repository.upsertDraft(ctx.db, {
    userId: p.userId,
    surveyId: survey.id,
    surveyVersion: survey.version,
    answers: body.answers,
    nextIndex: body.next_index,
  });
  return presentDraft(ctx, row);
}

/** `DELETE activities/surveys/draft/{id}`: the person starts over. */
export async function deleteDraft(ctx: ModuleContext, p: Principal, hash: string): Promise<void> {
  const survey = await draftableSurvey(ctx, p, hash);
  await repository.deleteDraft(ctx.db, p.userId, survey.id);
}

/** Nightly: drafts past their days. Safe to run twice. */
export function defineDraftPurge(ctx: ModuleContext): void {
  ctx.jobs.define({
    name: SURVEY_DRAFTS_PURGE_JOB,
    cron: "40 3 * * *",
    run: async () => void (await repository.purgeDrafts(ctx.db, oldestKept())),
  });
}
