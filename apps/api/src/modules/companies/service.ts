import { COMPANY_LEVELS, normalizeCompanyCode, type OperatorStatus, type TCompanySummary } from "@cura/domain";
import type { Database, Executor } from "../../db/client.ts";
import type { Ids } from "../../platform/ids.ts";
import { notifyJoinRequest } from "./operator-requests.ts";
import { enabledOperatorUserIds } from "./operators-repository.ts";
import { operatorStatusOf, platformService } from "./presenters.ts";
import type { MembershipRow } from "./read-models.ts";
import * as repository from "./repository.ts";

/** What other modules use of companies: memberships, the operator's company summary, company codes. */

export interface Membership {
  companyId: number;
  companyLevel: number;
  role: string;
  permissions: string[];
  /** True only when enabled: pending, suspended and refused memberships give no access. */
  active: boolean;
  /**
   * pending: joined with the company code, not yet enabled (may sign in, reaches no company data);
   * suspended: by the company; refused: the company said no to the request (may not sign in).
   */
  status: OperatorStatus;
}

/** The company an operator works for, with their permission strings; null for non-operators. */
export async function membershipOf(db: Executor, userId: number): Promise<Membership | null> {
  const row = await repository.findMembership(db, userId);
  return row ? membershipFromRow(row) : null;
}

/** A membership read by another module's query through the `membershipOfUser` read model. */
export function membershipFromRow(row: MembershipRow): Membership {
  // A disabled company (PATCH companies/{id}/toggle-status) keeps its operators and its bookings, but
  // nobody works for it meanwhile: its enabled operators are suspended until it is enabled again, so
  // the sign-in refuses them and their sessions stop at the next request.
  const own = operatorStatusOf(row);
  const status = own === "enabled" && row.companyActive === false ? "suspended" : own;
  return {
    companyId: row.companyId,
    companyLevel: row.level,
    role: row.role,
    permissions: row.permissions,
    active: status === "enabled",
    status,
  };
}

/**
 * The company as the signed-in operator's client needs it (spec 000 §3 Company): its active
 * platform services (the menu shows an entry only when its ref is among them) and its library.
 */
export async function companySummary(db: Database, ids: Ids, companyId: number): Promise<TCompanySummary | null> {
  const { company, services, library } = await repository.summaryReads(db, companyId);
  if (!company) return null;
  return {
    hashid: ids.encode(company.id),
    name: company.name,
    level: company.level,
    active_services: services.filter((s) => s.active).map((s) => platformService(ids, s.positionRef)),
    bancaDati: library.map((item) => ({
      hashid: ids.encode(item.id),
      label: item.label,
      url: item.url,
      open_iframe: item.openIframe,
    })),
  };
}

/** Whether a company code (spec 000 §3, 10 characters; case, spaces and dashes aside) names a company. */
export async function isCompanyCode(db: Executor, code: string): Promise<boolean> {
  return (await repository.findCompanyByCode(db, normalizeCompanyCode(code))) !== null;
}

/**
 * A newly registered operator asks to join the company whose code they gave (spec 002 §4 "an
 * administrator can enable an operator account after confirmation"). The code alone must not open
 * the company's patients to whoever learns it: the membership is pending, with no permission
 * string, and gives no company data until an administrator of the company (or of the platform)
 * enables it (operators.ts). The company's administrators are told in-app and by e-mail, in the
 * registration's transaction. False when the code names no company.
 */
export async function joinCompanyByCode(
  db: Executor,
  userId: number,
  code: string,
  applicant: { name: string; surname: string; email: string },
): Promise<boolean> {
  const company = await repository.findCompanyByCode(db, normalizeCompanyCode(code));
  if (!company) return false;
  await repository.insertOperator(db, {
    userId,
    companyId: company.id,
    role: "operatore",
    permissions: [],
    approval: "pending",
    active: false,
  });
  await notifyJoinRequest(db, company.id, applicant);
  return true;
}

/** Monitoring rooms with the forceable option may mark a patient's phone verified by hand (spec 001 §4). */
export async function allowsForcedNumberVerification(db: Executor, companyId: number): Promise<boolean> {
  const company = await repository.findCompany(db, companyId);
  return company !== null && company.level === COMPANY_LEVELS.monitoringRoom && company.forceableNumberVerification;
}

/** The users working for a company with an enabled membership (the notifications module writes to them). */
export function activeOperatorUserIds(db: Executor, companyId: number): Promise<number[]> {
  return enabledOperatorUserIds(db, companyId);
}
