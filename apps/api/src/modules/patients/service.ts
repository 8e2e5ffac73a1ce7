import {
  conflict,
  fieldError,
  forbidden,
  notFound,
  PATIENT_MESSAGES,
  PATIENT_PICKER_LIMIT,
  type TAnagraficaFields,
  type TPatient,
  type TPatientCompact,
  type TPatientListQuery,
  type TPatientRegisterValues,
  type TPatientStateBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { recordAccess } from "../../platform/access-log/access-log.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { type Principal, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { allowsForcedNumberVerification, ownCompanyId } from "../companies/index.ts";
// Finding an existing citizen by tax code and a taken e-mail (read only) before registering one.
import * as identity from "../identity/index.ts";
import { presentCompact, presentPatient } from "./presenters.ts";
import * as repository from "./repository.ts";
import { patientOf, patientsCompany } from "./scope.ts";

/** The company's patients and the company's record of each (spec 002 §7 "Company and services (operator)"). */

async function present(ctx: ModuleContext, companyId: number, userId: number): Promise<TPatient> {
  const row = await repository.findPatient(ctx.db, companyId, userId);
  if (!row) throw notFound(PATIENT_MESSAGES.notFound);
  return presentPatient(ctx.ids, row);
}

/** `GET companies/own/patients`: paged, searched by name, surname, tax code or e-mail, by surname. */
export async function listPatients(ctx: ModuleContext, principal: Principal, query: TPatientListQuery) {
  const companyId = await patientsCompany(ctx.db, principal);
  const { rows, total } = await repository.listPatients(
    ctx.db,
    companyId,
    { q: query.q, active: query.active },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: rows.map((row) => presentPatient(ctx.ids, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** `GET companies/own/patients/list`: the followed patients for pickers, compact, at most 50 (narrow with q). */
export async function pickPatients(ctx: ModuleContext, principal: Principal, q?: string): Promise<TPatientCompact[]> {
  const companyId = await patientsCompany(ctx.db, principal);
  const { rows } = await repository.listPatients(
    ctx.db,
    companyId,
    { q, active: true },
    { limit: PATIENT_PICKER_LIMIT, offset: 0 },
  );
  return rows.map((row) => presentCompact(ctx.ids, row));
}

/** `GET users/own/patients`: the patients this operator registered or booked for at their company. */
export async function ownPatients(ctx: ModuleContext, principal: Principal): Promise<TPatientCompact[]> {
  const companyId = ownCompanyId(principal);
  const rows = await repository.listPatientsCreatedBy(ctx.db, companyId, principal.userId, PATIENT_PICKER_LIMIT);
  return rows.map((row) => presentCompact(ctx.ids, row));
}

/** `GET companies/own/patients/{id}`: the patient card's data. */
export async function patientCard(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<TPatient> {
  const companyId = await patientsCompany(ctx.db, principalOf(request));
  const patient = await patientOf(ctx.db, ctx.ids, companyId, hashid);
  // A sensitive read: logged before the card is answered; a card that cannot be logged is not (issue 9 §4).
  await recordAccess(ctx.db, request, { entity: "patient", entityId: patient.user.id, subjectUserId: patient.user.id });
  return presentPatient(ctx.ids, patient);
}

/**
 * `POST companies/paziente/register`: the operator registers a patient. A citizen with the same tax
 * code already on the platform is linked to the company instead (their data are not touched); a
 * new one gets an account without password (identity's createAccountFor) and the link, in one
 * transaction.
 */
export async function registerPatient(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TPatientRegisterValues,
): Promise<{ patient: TPatient; created: boolean }> {
  const principal = principalOf(request);
  const companyId = await patientsCompany(ctx.db, principal);
  const link = { companyId, origin: "registrazione" as const, createdBy: principal.userId };

  const existing = await identity.findUsersByTaxCode(ctx.db, body.cf);
  if (existing.length > 0) {
    const citizen = existing.find((e) => e.user.type === 0);
    if (!citizen) throw conflict(PATIENT_MESSAGES.notCitizen);
    // The tax code alone does not hand a citizen's record to any company: the operator must also
    // know the names on it (the patient in front of them), or nothing is linked or shown.
    if (!sameName(citizen.anagrafica.name, body.name) || !sameName(citizen.anagrafica.surname, body.surname))
      throw fieldError("cf", PATIENT_MESSAGES.namesMismatch);
    const userId = citizen.user.id;
    await ctx.db.transaction(async (tx) => {
      await repository.ensureLink(tx, { ...link, userId });
      await recordAudit(tx, actorOf(request), {
        action: "patient.linked",
        entity: "user",
        entityId: userId,
        companyId,
      });
    });
    return { patient: await present(ctx, companyId, userId), created: false };
  }

  if (body.email && (await identity.emailTaken(ctx.db, body.email))) {
    throw fieldError("email", identity.EMAIL_TAKEN_MESSAGE);
  }
  const fields: TAnagraficaFields = {
    name: body.name,
    surname: body.surname,
    cf: body.cf,
    gender: body.gender,
    birthday: body.birthday,
    nazione_nascita: "italia",
    estero: false,
    regione: body.regione,
    provincia: body.provincia,
    comune: body.comune,
    cap: body.cap,
    address: body.address,
    prefix: body.prefix,
    tel_number: body.tel_number,
    home_number: null,
    tel_number_secondary: null,
    prefix_secondary: "+39",
    ts_number: body.ts_number,
    medico_base: null,
    denominazione_asl: null,
    title: null,
    id_albo: null,
    tipo_albo: null,
    specializzazione: null,
  };
  const userId = await identity.createAccountFor(ctx, request, {
    email: body.email,
    type: 0,
    // The patient accepts the terms and the privacy notice at their first sign-in (post-login gate);
    // marketing is never presumed for someone else.
    consents: {
      data_consense: false,
      share_consense: false,
      charge_consense: false,
      notification_consense: true,
      marketing_consense: false,
    },
    anagrafica: identity.toAnagraficaValues(fields),
    auditDetail: { type: 0, registered_by_company: companyId },
    async withinTransaction(tx, id) {
      if (await repository.lockAndCheckTaxCode(tx, body.cf, id)) throw conflict(PATIENT_MESSAGES.registeredMeanwhile);
      // The company created this account: its contacts stay the company's to correct until the
      // person signs in themself (updatePatientAnagrafica).
      await repository.ensureLink(tx, { ...link, userId: id, createdAccount: true });
    },
  });
  return { patient: await present(ctx, companyId, userId), created: true };
}

/** Names compared as people write them: case, accents and spacing aside. */
function sameName(a: string, b: string): boolean {
  const norm = (v: string) => v.trim().replace(/\s+/g, " ");
  return norm(a).localeCompare(norm(b), "it", { sensitivity: "base" }) === 0;
}

/**
 * `PUT companies/own/assistito/anagrafica/{id}`: the operator corrects a patient's personal record,
 * under the same rules as the citizen's own profile (identity's updateAnagrafica, as a citizen's
 * record; the audit names the operator). A new phone number must be verified again.
 *
 * Contacts (e-mail, phones) and the tax code decide where recovery links and codes go and whose
 * SPID/CIE signs in (issue 9 §1: an operator rewriting a citizen's phone could reset her password).
 * So the operator may change them only for a person whose account their company created and who
 * has never signed in: someone the company still looks after alone. Anybody else's are theirs; the
 * other fields stay the operator's to correct.
 */
export async function updatePatientAnagrafica(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  fields: TAnagraficaFields,
): Promise<TPatient> {
  const principal = principalOf(request);
  const companyId = await patientsCompany(ctx.db, principal);
  const patient = await patientOf(ctx.db, ctx.ids, companyId, hashid);
  const userId = patient.user.id;
  const link = await repository.findLink(ctx.db, companyId, userId);
  const companysOwn = link?.createdAccount === true && !(await identity.hasEverSignedIn(ctx.db, userId));
  // Whose record and under which rules: the patient's, as a citizen (type 0).
  const subject: Principal = { ...principal, userId, type: 0, permissions: [], companyId: null };
  await identity.updateAnagrafica(ctx, request, subject, fields, {
    companyId,
    ...(companysOwn
      ? {}
      : { lockedContacts: { contacts: PATIENT_MESSAGES.contactsLocked, taxCode: PATIENT_MESSAGES.taxCodeLocked } }),
  });
  return present(ctx, companyId, userId);
}

/**
 * `PATCH users/{id}/number-verification` (spec 001 §4): an operator of a monitoring room (level 5,
 * enforced by the route) whose company has the forceable option marks a patient's phone verified
 * after calling them. Only the company's patients, as `companies/own/patients/{id}` answers: anyone
 * else, whether they exist or not, is a 404.
 */
export async function verifyPatientNumber(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
): Promise<string> {
  const principal = principalOf(request);
  const companyId = ownCompanyId(principal);
  if (!(await allowsForcedNumberVerification(ctx.db, companyId))) throw forbidden();
  const patient = await patientOf(ctx.db, ctx.ids, companyId, hashid);
  return identity.markNumberVerifiedByOperator(ctx, request, patient.user.id, companyId);
}

/** `PATCH companies/own/assistito/{id}`: follow or archive the patient, record or withdraw their consent. */
export async function setPatientState(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TPatientStateBody,
): Promise<TPatient> {
  const principal = principalOf(request);
  const companyId = await patientsCompany(ctx.db, principal);
  const patient = await patientOf(ctx.db, ctx.ids, companyId, hashid);
  const userId = patient.user.id;
  await ctx.db.transaction(async (tx) => {
    await repository.ensureLink(tx, { companyId, userId, origin: "modifica", createdBy: null });
    const current = await repository.findLink(tx, companyId, userId);
    const consentAt = body.consent === undefined ? undefined : body.consent ? (current?.consentAt ?? new Date()) : null;
    await repository.updateLink(tx, companyId, userId, {
      ...(body.active === undefined ? {} : { active: body.active }),
      ...(consentAt === undefined ? {} : { consentAt }),
    });
    await recordAudit(tx, actorOf(request), {
      action: "patient.state_changed",
      entity: "user",
      entityId: userId,
      companyId,
      detail: { ...body },
    });
  });
  return present(ctx, companyId, userId);
}
