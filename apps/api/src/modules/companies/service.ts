import { COMPANY_LEVELS, type TCompanySummary } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Ids } from "../../platform/ids.ts";
import { listOperators } from "./operators-repository.ts";
import { platformService } from "./presenters.ts";
import * as repository from "./repository.ts";

/** What other modules use of companies: memberships, the operator's company summary, company codes. */

export interface Membership {
  companyId: number;
  companyLevel: number;
  role: string;
  permissions: string[];
  active: boolean;
}

/** The company an operator works for, with their permission strings; null for non-operators. */
export async function membershipOf(db: Executor, userId: number): Promise<Membership | null> {
  const row = await repository.findMembership(db, userId);
  if (!row) return null;
  return {
    companyId: row.companyId,
    companyLevel: row.level,
    role: row.role,
    permissions: row.permissions,
    active: row.active,
  };
}

/**
 * The company as the signed-in operator's client needs it (spec 000 §3 Company): its active
 * platform services (the menu shows an entry only when its ref is among them) and its library.
 */
export async function companySummary(db: Executor, ids: Ids, companyId: number): Promise<TCompanySummary | null> {
  const [company, services, library] = await Promise.all([
    repository.findCompany(db, companyId),
    repository.listCompanyServices(db, companyId),
    repository.listLibraryItems(db, companyId),
  ]);
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

/** Whether a company code (spec 000 §3, 10 characters) names an existing company. */
export async function isCompanyCode(db: Executor, code: string): Promise<boolean> {
  return (await repository.findCompanyByCode(db, code.trim())) !== null;
}

/**
 * A newly registered operator joins the company whose code they gave, as a plain operator with no
 * permission string: the company's administrator grants permissions later. False when the code
 * names no company.
 */
export async function joinCompanyByCode(db: Executor, userId: number, code: string): Promise<boolean> {
  const company = await repository.findCompanyByCode(db, code.trim());
  if (!company) return false;
  await repository.insertOperator(db, { userId, companyId: company.id, role: "operatore", permissions: [] });
  return true;
}

/** Monitoring rooms with the forceable option may mark a patient's phone verified by hand (spec 001 §4). */
export async function allowsForcedNumberVerification(db: Executor, companyId: number): Promise<boolean> {
  const company = await repository.findCompany(db, companyId);
  return company !== null && company.level === COMPANY_LEVELS.monitoringRoom && company.forceableNumberVerification;
}

/** The users working for a company with an active membership (the notifications module writes to them). */
export async function activeOperatorUserIds(db: Executor, companyId: number): Promise<number[]> {
  const { rows } = await listOperators(db, companyId, { active: true, limit: 1000, offset: 0 });
  return rows.map((row) => row.operator.userId);
}
