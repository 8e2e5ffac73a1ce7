import { ASL_APPOINTMENTS_REF, COMPANY_MESSAGES, forbidden, notFound, PATIENT_MESSAGES } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { Ids } from "../../platform/ids.ts";
// Read only: whether the operator's company runs a platform service (spec 002 §2 menu rules).
import { findCompanyService, ownCompanyId } from "../companies/index.ts";
import * as repository from "./repository.ts";

/** Platform service refs (spec 002 §9): bookings, patients, agenda/ASL appointments. */
export const REFS = { bookings: 1, patients: 4, aslAppointments: ASL_APPOINTMENTS_REF } as const;

/**
 * The operator's company, when it runs one of the given platform services actively; otherwise a
 * 403 "Servizio non abilitato" (spec 002 §6), as the menu hides the entry for such a company.
 */
export async function companyWithService(db: Executor, principal: Principal, refs: readonly number[]): Promise<number> {
  const companyId = ownCompanyId(principal);
  for (const ref of refs) {
    const service = await findCompanyService(db, companyId, ref);
    if (service?.active) return companyId;
  }
  throw forbidden(COMPANY_MESSAGES.serviceNotEnabled);
}

/** The operator's company for the patient routes: patients (ref 4) or bookings (ref 1). */
export const patientsCompany = (db: Executor, principal: Principal) =>
  companyWithService(db, principal, [REFS.patients, REFS.bookings]);

/** A patient of the company, or a 404 "Paziente non trovato": another company's patient does not exist here. */
export async function patientOf(
  db: Executor,
  ids: Ids,
  companyId: number,
  hashid: string,
): Promise<repository.PatientRow> {
  const id = ids.decode(hashid);
  const row = id === null ? null : await repository.findPatient(db, companyId, id);
  if (!row) throw notFound(PATIENT_MESSAGES.notFound);
  return row;
}
