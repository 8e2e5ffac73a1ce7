import type { TFamilyMember } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { presentFamilyMember } from "../care/family.ts";
// Read only: the care module offers no listing for another user than the signed-in citizen; the
// patients module decides who may see a patient's family (their company's operators).
import { listFamilyMembers } from "../care/repository.ts";
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
  const rows = await listFamilyMembers(ctx.db, patient.user.id);
  return rows.map((row) => presentFamilyMember(ctx.ids, row));
}
