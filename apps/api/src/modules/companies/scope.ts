import { forbidden, notFound, PLATFORM_SERVICES, type PlatformServiceRef } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { Ids } from "../../platform/ids.ts";
import * as repository from "./repository.ts";

/**
 * Record-level access of the companies module. The route rule has already checked the user type
 * and the permission strings; here an operator is tied to their company: any other company's
 * record is a 404, never a 403, so nothing tells it exists.
 */

/** The operator's own company (routes for operators only). */
export function ownCompanyId(principal: Principal): number {
  // An operator account with no membership (its company was removed) has nothing to act on.
  if (principal.type !== 1 || principal.companyId === null) throw forbidden();
  return principal.companyId;
}

export async function ownCompany(db: Executor, principal: Principal): Promise<repository.CompanyRow> {
  const company = await repository.findCompany(db, ownCompanyId(principal));
  if (!company) throw notFound();
  return company;
}

/**
 * A company the operator may manage through `companies/{company}/…`: their own, or a provider centre
 * (centro erogatore) that their monitoring room manages. Anything else is a 404.
 */
export async function manageableCompany(
  db: Executor,
  ids: Ids,
  principal: Principal,
  hashid: string,
): Promise<repository.CompanyRow> {
  const own = ownCompanyId(principal);
  const id = ids.decode(hashid);
  const company = id === null ? null : await repository.findCompany(db, id);
  if (!company || (company.id !== own && company.managedById !== own)) throw notFound();
  return company;
}

/** Whether this principal works for the company (or for the room managing it). */
export function worksFor(principal: Principal, company: repository.CompanyRow): boolean {
  if (principal.type !== 1 || principal.companyId === null) return false;
  return company.id === principal.companyId || company.managedById === principal.companyId;
}

/** A company any signed-in user may see: active ones; inactive ones only for their own operators. */
export async function visibleCompany(
  db: Executor,
  ids: Ids,
  principal: Principal,
  hashid: string,
): Promise<repository.CompanyRow> {
  const id = ids.decode(hashid);
  const company = id === null ? null : await repository.findCompany(db, id);
  if (!company || (!company.active && !worksFor(principal, company))) throw notFound();
  return company;
}

/** A platform service's hashid (it encodes the position ref) to its ref; unknown ones are a 404. */
export function platformRef(ids: Ids, hashid: string): PlatformServiceRef {
  const ref = ids.decode(hashid);
  if (ref === null || !(ref in PLATFORM_SERVICES)) throw notFound();
  return ref as PlatformServiceRef;
}

export function hasPermission(principal: Principal, permission: string): boolean {
  return principal.type === 1 && principal.permissions.includes(permission);
}
