import { forbidden, notFound, OPERATOR_PERMISSIONS, SURVEY_MESSAGES, USER_TYPES } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import * as repository from "./repository.ts";

/**
 * Who may do what with activities, surveys and fills (issue 13): 'gestire attività e questionari'
 * manages (builds, edits, reads every fill of the company); 'somministrare questionari' only
 * administers (reads the enabled surveys, fills them for patients, reads what they wrote); an
 * operator with neither gets 403. Administrators manage every activity and enable them per company.
 * A company's operators see an activity or survey only when it is enabled for their company: none
 * at all is a 404 (nothing tells it exists), a disabled one 403 'Servizio non abilitato'.
 */

export const isAdmin = (p: Principal) => p.type === USER_TYPES.admin;

const operatorWith = (p: Principal, permission: string) =>
  p.type === USER_TYPES.operator && p.companyId !== null && p.permissions.includes(permission);

export const isManager = (p: Principal) => operatorWith(p, OPERATOR_PERMISSIONS.manageActivities);
export const isAdministering = (p: Principal) => operatorWith(p, OPERATOR_PERMISSIONS.administerSurveys);

/** An operator with either permission; their company's id. Anyone else: 403. */
export function surveyOperatorCompany(p: Principal): number {
  if (!(isManager(p) || isAdministering(p)) || p.companyId === null) throw forbidden();
  return p.companyId;
}

/** A manager's company; an operator without the permission: 403. */
export function managerCompany(p: Principal): number {
  if (!isManager(p) || p.companyId === null) throw forbidden();
  return p.companyId;
}

/** An activity the caller may read: administrators any, operators one enabled for their company. */
export async function readableActivity(db: Executor, p: Principal, id: number | null) {
  const activity = id === null ? null : await repository.findActivity(db, id);
  if (!activity) throw notFound();
  if (isAdmin(p)) return activity;
  const companyId = surveyOperatorCompany(p);
  const enablement = await repository.activityEnablement(db, activity.id, companyId);
  if (!enablement) throw notFound();
  if (!enablement.enabled) throw forbidden(SURVEY_MESSAGES.notEnabled);
  return activity;
}

/**
 * An activity the caller may change: administrators any, a manager only one their company owns (an
 * activity shared with it by the platform is read, not edited, by its operators).
 */
export async function editableActivity(db: Executor, p: Principal, id: number | null) {
  if (!isAdmin(p)) managerCompany(p);
  const activity = await readableActivity(db, p, id);
  if (!isAdmin(p) && activity.companyId !== p.companyId) throw forbidden();
  return activity;
}

/** A survey an operator or administrator may read: its activity and itself enabled for the company. */
export async function readableSurvey(db: Executor, p: Principal, id: number | null) {
  const survey = id === null ? null : await repository.findSurvey(db, id);
  if (!survey) throw notFound();
  if (isAdmin(p)) return survey;
  const companyId = surveyOperatorCompany(p);
  const [activity, own] = await Promise.all([
    repository.activityEnablement(db, survey.activityId, companyId),
    repository.surveyEnablement(db, survey.id, companyId),
  ]);
  if (!activity || !own) throw notFound();
  if (!activity.enabled || !own.enabled) throw forbidden(SURVEY_MESSAGES.notEnabled);
  return survey;
}

/** A survey the caller may change: administrators any, managers one of an activity their company owns. */
export async function editableSurvey(db: Executor, p: Principal, id: number | null) {
  if (!isAdmin(p)) managerCompany(p);
  const survey = await readableSurvey(db, p, id);
  if (!isAdmin(p) && survey.activityCompanyId !== p.companyId) throw forbidden();
  return survey;
}

/** A survey a citizen may open and fill: active, not suspended, of an active activity. Else 404. */
export async function openSurvey(db: Executor, id: number | null) {
  const survey = id === null ? null : await repository.findSurvey(db, id);
  if (!survey?.active || survey.status !== "attivo") throw notFound();
  const activity = await repository.findActivity(db, survey.activityId);
  if (activity?.status !== "attiva") throw notFound();
  return survey;
}

type FillAccess = Pick<repository.FillRow, "userId" | "filledBy" | "companyId">;

/**
 * Who reads a fill: the person it is about; administrators; the managers of its company, and an
 * administering operator the fills they wrote for it. Anyone else: as if it did not exist.
 */
export function mayReadFill(p: Principal, fill: FillAccess): boolean {
  if (isAdmin(p)) return true;
  if (p.type === USER_TYPES.citizen) return fill.userId === p.userId;
  if (fill.companyId === null || fill.companyId !== p.companyId) return false;
  return isManager(p) || (isAdministering(p) && fill.filledBy === p.userId);
}

/** Who changes or deletes a fill: its company's managers, or its author (the citizen for their own fill). */
export function mayChangeFill(p: Principal, fill: FillAccess): boolean {
  if (p.type === USER_TYPES.citizen) return fill.userId === p.userId && fill.filledBy === p.userId;
  if (p.type !== USER_TYPES.operator || fill.companyId === null || fill.companyId !== p.companyId) return false;
  return isManager(p) || (isAdministering(p) && fill.filledBy === p.userId);
}
