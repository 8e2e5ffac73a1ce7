import { isDeepStrictEqual } from "node:util";
import type { TSurvey, TSurveyStatus, TSurveyTemplate } from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import {
  editableActivity,
  editableSurvey,
  isAdmin,
  openSurvey,
  readableActivity,
  readableSurvey,
  surveyOperatorCompany,
} from "./access.ts";
import { enableSurvey as enableFor, presentSurveySummary } from "./activities.ts";
import * as repository from "./repository.ts";

/** Surveys (questionari) of an activity: the builder's writes and the readers' views. */

type Page = { page: number; per_page: number };

export function presentSurvey(ctx: ModuleContext, row: repository.SurveyRow): TSurvey {
  return { ...presentSurveySummary(ctx, row), informativa: row.informativa, template: row.template };
}

interface SurveyFields {
  name: string;
  description?: string | null;
  informativa?: string | null;
  template: TSurveyTemplate;
}

/**
 * `POST activities/surveys/new`: in an activity the caller may edit; the owner company's enablement
 * is written with it (one transaction), so its operators see it at once.
 */
export async function createSurvey(
  ctx: ModuleContext,
  p: Principal,
  body: SurveyFields & { activity: string; active: boolean },
) {
  const activity = await editableActivity(ctx.db, p, ctx.ids.decode(body.activity));
  const id = await ctx.db.transaction(async (tx) => {
    const surveyId = await repository.insertSurvey(tx, {
      activityId: activity.id,
      name: body.name,
      description: body.description ?? null,
      informativa: body.informativa ?? null,
      template: body.template,
      active: body.active,
      createdBy: p.userId,
    });
    if (activity.companyId !== null) await repository.setSurveyEnablement(tx, surveyId, activity.companyId, true);
    return surveyId;
  });
  return presentSurvey(ctx, (await repository.findSurvey(ctx.db, id)) as repository.SurveyRow);
}

/**
 * `GET activities/surveys/get/{id}`: operators and administrators as they may read it; a citizen an
 * open survey (active, of an active activity), to fill it.
 */
export async function getSurvey(ctx: ModuleContext, p: Principal, hash: string) {
  const id = ctx.ids.decode(hash);
  const row = p.type === 0 ? await openSurvey(ctx.db, id) : await readableSurvey(ctx.db, p, id);
  return presentSurvey(ctx, row);
}

export async function getInformativa(ctx: ModuleContext, p: Principal, hash: string) {
  const survey = await getSurvey(ctx, p, hash);
  return {
    hashid: survey.hashid,
    name: survey.name,
    informativa: survey.informativa,
    info: survey.template.info ?? null,
  };
}

/**
 * `PUT activities/surveys/edit/{hash}`: a changed template is a new version. Old fills keep the copy
 * of the template they answered, so an edit never changes what they mean.
 */
export async function editSurvey(ctx: ModuleContext, p: Principal, hash: string, body: SurveyFields) {
  const survey = await editableSurvey(ctx.db, p, ctx.ids.decode(hash));
  const changed = !isDeepStrictEqual(survey.template, body.template);
  await repository.updateSurvey(ctx.db, survey.id, {
    name: body.name,
    description: body.description ?? null,
    informativa: body.informativa ?? null,
    template: body.template,
    version: changed ? survey.version + 1 : survey.version,
  });
  return presentSurvey(ctx, (await repository.findSurvey(ctx.db, survey.id)) as repository.SurveyRow);
}

export async function setSurveyActive(ctx: ModuleContext, p: Principal, hash: string, active: boolean) {
  const survey = await editableSurvey(ctx.db, p, ctx.ids.decode(hash));
  await repository.updateSurvey(ctx.db, survey.id, { active });
  return presentSurvey(ctx, (await repository.findSurvey(ctx.db, survey.id)) as repository.SurveyRow);
}

/** `PUT activities/surveys/status/update/{hash}` (administrators). */
export async function setSurveyStatus(ctx: ModuleContext, p: Principal, hash: string, status: TSurveyStatus) {
  const survey = await readableSurvey(ctx.db, p, ctx.ids.decode(hash));
  await repository.updateSurvey(ctx.db, survey.id, { status });
  return presentSurvey(ctx, (await repository.findSurvey(ctx.db, survey.id)) as repository.SurveyRow);
}

/** `POST activities/surveys/enable/{hash}` (administrators). */
export async function enableSurvey(
  ctx: ModuleContext,
  p: Principal,
  hash: string,
  body: { company_id: string; enabled: boolean },
) {
  const survey = await readableSurvey(ctx.db, p, ctx.ids.decode(hash));
  await enableFor(ctx, hash, body, survey);
  return presentSurvey(ctx, survey);
}

/** `GET activities/own/surveys`: the surveys enabled for the operator's company (administrators: all). */
export async function ownSurveys(ctx: ModuleContext, p: Principal, query: Page & { activity?: string }) {
  const companyId = isAdmin(p) ? null : surveyOperatorCompany(p);
  let activityIds: number[] | undefined;
  if (query.activity) activityIds = [(await readableActivity(ctx.db, p, ctx.ids.decode(query.activity))).id];
  const { rows, total } = await repository.listSurveys(ctx.db, {
    companyId,
    activityIds,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentSurveySummary(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}
