import type { TFamilyMember } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { recordAccess } from "../../platform/access-log/access-log.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
// The care module lists any user's family; this module decides who may see a patient's family
// (their company's operators).
import { familyOf } from "../care/index.ts";
import { patientOf, patientsCompany } from "./scope.ts";

/**
 * `GET familymembers/members/user/{id}` (spec 001 §7 "Company-side helpers (operator)"): the family
 * members of a patient of the operator's company, e.g. to book for the patient's child. Anyone
 * else's family is a 404.
 */
export async function patientFamily(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
): Promise<TFamilyMember[]> {
  const companyId = await patientsCompany(ctx.db, principalOf(request));
  const patient = await patientOf(ctx.db, ctx.ids, companyId, hashid);
  const family = await familyOf(ctx, patient.user.id);
  // A sensitive read: logged before the family is answered (issue 9 §4).
  await recordAccess(ctx.db, request, {
    entity: "patient_family",
    entityId: patient.user.id,
    subjectUserId: patient.user.id,
  });
  return family;
}
