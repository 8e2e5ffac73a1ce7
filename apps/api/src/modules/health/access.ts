import { forbidden, notFound, USER_TYPES } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { Ids } from "../../platform/ids.ts";
// Public surfaces only: the caregiver's consent and the company's patients decide who may read.
import { caregiverGrant } from "../care/index.ts";
import { isPatientOf } from "../patients/index.ts";

/** Who reads or writes a health file, and as whom (every health service starts here). */
export type HealthViewer =
  | { kind: "self"; userId: number }
  | { kind: "caregiver"; userId: number }
  | { kind: "operator"; userId: number; companyId: number };

export interface HealthSubject {
  /** The person whose health file it is. */
  patientId: number;
  viewer: HealthViewer;
}

/**
 * The one access check of the health module (issue 11 "Access, checked first in every service"):
 * - no `patientHashid`: the caller's own file (citizens only);
 * - a citizen naming someone else: an enabled caregiver with the 'gestione dati sanitari' consent;
 * - an operator: the person is a patient of the operator's company;
 * - anyone else: 404, as if the record did not exist; administrators read no clinical data (403).
 */
export async function healthSubject(
  db: Executor,
  ids: Ids,
  principal: Principal,
  patientHashid?: string | null,
): Promise<HealthSubject> {
  if (principal.type === USER_TYPES.admin) throw forbidden();
  const patientId = patientHashid == null ? principal.userId : ids.decode(patientHashid);
  if (patientId === null) throw notFound();
  if (principal.type === USER_TYPES.operator) {
    if (principal.companyId !== null && (await isPatientOf(db, principal.companyId, patientId))) {
      return { patientId, viewer: { kind: "operator", userId: principal.userId, companyId: principal.companyId } };
    }
    throw notFound();
  }
  if (patientId === principal.userId) return { patientId, viewer: { kind: "self", userId: principal.userId } };
  const grant = await caregiverGrant(db, principal.userId, patientId);
  if (grant?.enabled && grant.healthData) return { patientId, viewer: { kind: "caregiver", userId: principal.userId } };
  throw notFound();
}
