import {
  conflict,
  fieldError,
  SURVEY_MESSAGES as M,
  type TActivity,
  type TActivityBody,
  type TActivityStatus,
  type TSurveySummary,
} from "@cura/domain";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
// Public surface of companies: whether the company an administrator names exists.
import { findCompany } from "../companies/index.ts";
import { editableActivity, isAdmin, managerCompany, readableActivity, surveyOperatorCompany } from "./access.ts";
import * as repository from "./repository.ts";

type Page = { page: number; per_page: number };
const window = (q: Page) => ({ limit: q.per_page, offset: (q.page - 1) * q.per_page });

export function presentActivity(ctx: ModuleContext, row: repository.ActivityRow): TActivity {
  return {
    hashid: ctx.ids.encode(row.id),
    name: row.name,
    description: row.description,
    start_date: row.startDate,
    end_date: row.endDate,
    status: row.status,
    company: row.companyId === null ? null : { hashid: ctx.ids.encode(row.companyId), name: row.companyName ?? "" },
    surveys_count: Number(row.surveysCount),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentSurveySummary(ctx: ModuleContext, row: repository.SurveyRow): TSurveySummary {
  return {
    hashid: ctx.ids.encode(row.id),
    name: row.name,
    description: row.description,
    activity: { hashid: ctx.ids.encode(row.activityId), name: row.activityName },
    active: row.active,
    status: row.status,
    version: row.version,
    questions_count: row.template.domande.length,
    updated_at: row.updatedAt.toISOString(),
  };
}

const values = (body: TActivityBody) => ({
  name: body.name,
  description: body.description ?? null,
  startDate: body.start_date ?? null,
  endDate: body.end_date ?? null,
});

/** `GET activities`: administrators every activity; operators those enabled for their company. */
export async function listActivities(ctx: ModuleContext, p: Principal, query: Page & { q?: string }) {
  const companyId = isAdmin(p) ? null : surveyOperatorCompany(p);
  const { rows, total } = await repository.listActivities(ctx.db, { companyId, q: query.q, ...window(query) });
  return {
    data: rows.map((row) => presentActivity(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * `POST activities`: a manager's activity is their company's, enabled for it at once (in the same
 * transaction, so its operators never see it half-made); an administrator's is the platform's, for
 * companies they enable.
 */
export async function createActivity(ctx: ModuleContext, p: Principal, body: TActivityBody) {
  const companyId = isAdmin(p) ? null : managerCompany(p);
  const id = await ctx.db.transaction(async (tx) => {
    const activityId = await repository.insertActivity(tx, { ...values(body), companyId, createdBy: p.userId });
    if (companyId !== null) await repository.setActivityEnablement(tx, activityId, companyId, true);
    return activityId;
  });
  return getActivity(ctx, p, ctx.ids.encode(id));
}

export async function getActivity(ctx: ModuleContext, p: Principal, hash: string) {
  return presentActivity(ctx, await readableActivity(ctx.db, p, ctx.ids.decode(hash)));
}

export async function updateActivity(ctx: ModuleContext, p: Principal, hash: string, body: TActivityBody) {
  const activity = await editableActivity(ctx.db, p, ctx.ids.decode(hash));
  await repository.updateActivity(ctx.db, activity.id, values(body));
  return getActivity(ctx, p, hash);
}

/** Deleting an activity deletes its surveys; one with fills stays (the fills are health records). */
export async function deleteActivity(ctx: ModuleContext, p: Principal, hash: string) {
  const activity = await editableActivity(ctx.db, p, ctx.ids.decode(hash));
  await ctx.db.transaction(async (tx) => {
    if (await repository.activityHasFills(tx, activity.id)) throw conflict(M.hasFills);
    await repository.deleteActivity(tx, activity.id);
  });
}

export async function setActivityStatus(ctx: ModuleContext, p: Principal, hash: string, status: TActivityStatus) {
  const activity = await editableActivity(ctx.db, p, ctx.ids.decode(hash));
  await repository.updateActivity(ctx.db, activity.id, { status });
  return getActivity(ctx, p, hash);
}

/** The company an administrator names in `company_id`: an unknown one is the field's 422. */
async function namedCompany(ctx: ModuleContext, hash: string) {
  const id = ctx.ids.decode(hash);
  const company = id === null ? null : await findCompany(ctx.db, id);
  if (!company) throw fieldError("company_id", M.companyUnknown);
  return company;
}

/** `POST activities/enable/{hash}` (administrators). */
export async function enableActivity(
  ctx: ModuleContext,
  p: Principal,
  hash: string,
  body: { company_id: string; enabled: boolean },
) {
  const activity = await readableActivity(ctx.db, p, ctx.ids.decode(hash));
  const company = await namedCompany(ctx, body.company_id);
  await repository.setActivityEnablement(ctx.db, activity.id, company.id, body.enabled);
  return listEnablements(ctx, p, hash, { page: 1, per_page: 20 });
}

/** `GET activities/abilitate/list/{hash}` (administrators). */
export async function listEnablements(ctx: ModuleContext, p: Principal, hash: string, query: Page) {
  const activity = await readableActivity(ctx.db, p, ctx.ids.decode(hash));
  const { rows, total } = await repository.listActivityEnablements(ctx.db, activity.id, window(query));
  return {
    data: rows.map((row) => ({
      company: { hashid: ctx.ids.encode(row.companyId), name: row.companyName },
      enabled: row.enabled,
      updated_at: row.updatedAt.toISOString(),
    })),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** `POST activities/surveys/enable/{hash}` (administrators): only within an activity enabled for the company. */
export async function enableSurvey(
  ctx: ModuleContext,
  hash: string,
  body: { company_id: string; enabled: boolean },
  survey: { id: number; activityId: number },
) {
  const company = await namedCompany(ctx, body.company_id);
  if (body.enabled) {
    const activity = await repository.activityEnablement(ctx.db, survey.activityId, company.id);
    if (!activity?.enabled) throw fieldError("company_id", M.activityNotEnabled);
  }
  await repository.setSurveyEnablement(ctx.db, survey.id, company.id, body.enabled);
  return { hash };
}

/**
 * `GET companies/own/activities/with-surveys`: a page of the company's activities and, in one more
 * query, the surveys of that page enabled for it.
 */
export async function activitiesWithSurveys(ctx: ModuleContext, p: Principal, query: Page) {
  const companyId = surveyOperatorCompany(p);
  const { rows, total } = await repository.listActivities(ctx.db, { companyId, ...window(query) });
  const surveys =
    rows.length === 0
      ? []
      : (
          await repository.listSurveys(ctx.db, {
            companyId,
            activityIds: rows.map((r) => r.id),
            limit: 1000,
            offset: 0,
          })
        ).rows;
  return {
    data: rows.map((row) => ({
      ...presentActivity(ctx, row),
      surveys: surveys.filter((s) => s.activityId === row.id).map((s) => presentSurveySummary(ctx, s)),
    })),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}
