import {
  AGE_MESSAGES,
  anagraficaIssues,
  conflict,
  DomainError,
  decodeTaxCode,
  type FieldErrors,
  forbidden,
  normalizeAnagrafica,
  notFound,
  type TAnagraficaFields,
  type UserType,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { changedContacts, contactsOf, notifyContactChange, recordContactChange } from "./contacts.ts";
import type { AnagraficaRow } from "./repository.ts";
import * as repository from "./repository.ts";

type AnagraficaValues = Omit<AnagraficaRow, "id" | "userId" | "updatedAt">;

/**
 * The record with its tax code normalised (upper case, no TINIT-), and gender and birthday taken
 * from a valid tax code when they were not given (spec 000 §5). Done before the rules are checked,
 * so the age rule applies to a derived birthday too.
 */
export function completeAnagrafica(input: TAnagraficaFields): TAnagraficaFields {
  const a = normalizeAnagrafica(input);
  const decoded = a.cf ? decodeTaxCode(a.cf) : null;
  return { ...a, gender: a.gender ?? decoded?.gender ?? null, birthday: a.birthday ?? decoded?.birthday ?? null };
}

/** The record as stored. */
export function toAnagraficaValues(input: TAnagraficaFields): AnagraficaValues {
  const a = completeAnagrafica(input);
  return {
    name: a.name,
    surname: a.surname,
    cf: a.cf,
    gender: a.gender ?? null,
    birthday: a.birthday ?? null,
    regione: a.regione,
    provincia: a.provincia,
    comune: a.comune,
    cap: a.cap,
    address: a.address,
    tsNumber: a.ts_number,
    prefix: a.prefix,
    telNumber: a.tel_number ? a.tel_number : null,
    homeNumber: a.home_number,
    telNumberSecondary: a.tel_number_secondary,
    prefixSecondary: a.prefix_secondary,
    medicoBase: a.medico_base,
    denominazioneAsl: a.denominazione_asl,
    title: a.title ?? null,
    idAlbo: a.id_albo,
    tipoAlbo: a.tipo_albo ?? null,
    specializzazione: a.specializzazione,
    nazioneNascita: a.nazione_nascita,
    estero: a.estero,
  };
}

/** The spec's cross-field rules for this user's type, with the profile's age message, as a 422. */
function assertValid(fields: TAnagraficaFields, userType: UserType): void {
  const issues = anagraficaIssues(completeAnagrafica(fields), { userType, ageMessage: AGE_MESSAGES.profile });
  if (issues.length === 0) return;
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.join(".");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new DomainError("validation", { message: issues[0]?.message, errors });
}

/** POST users/anagraphic/new: the personal record of a user who has none yet (spec 000 §2.11 rule 3). */
export async function createAnagrafica(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  fields: TAnagraficaFields,
): Promise<void> {
  assertValid(fields, principal.type);
  const values = toAnagraficaValues(fields);
  await ctx.db.transaction(async (tx) => {
    if (await repository.findAnagrafica(tx, principal.userId)) throw conflict("Anagrafica già presente");
    await repository.insertAnagrafica(tx, { ...values, userId: principal.userId });
    // A new phone number has not been verified by anyone yet.
    await repository.updateUser(tx, principal.userId, { numberVerifiedAt: null, secondaryNumberVerifiedAt: null });
    await recordAudit(tx, actorOf(request), {
      action: "anagrafica.created",
      entity: "user",
      entityId: principal.userId,
      detail: { fields: Object.keys(values).filter((k) => values[k as keyof AnagraficaValues] !== null) },
    });
  });
}

/** How someone other than the person edits their record (an operator for a patient). */
export interface AnagraficaEditOptions {
  /**
   * The editor may not change the person's contacts nor their tax code (the key of SPID/CIE sign-in
   * and of recovery by tax code): such a change is a 403 with these messages. Checked on the record
   * as locked in the write's transaction, so a change made meanwhile by the person is not undone.
   */
  lockedContacts?: { contacts: string; taxCode: string };
  /** The company on whose behalf the editor acts, for the audit. */
  companyId?: number | null;
}

/**
 * PUT users/anagraphic/update: the whole record, as the profile's sections send it. A new phone
 * number must be verified again. The audit names the fields that changed, not their values; a
 * change of contacts has its own entry with before and after, and a notice to the previous ones
 * (contacts.ts).
 */
export async function updateAnagrafica(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  fields: TAnagraficaFields,
  options: AnagraficaEditOptions = {},
): Promise<void> {
  assertValid(fields, principal.type);
  const values = toAnagraficaValues(fields);
  const contactChange = await ctx.db.transaction(async (tx) => {
    await repository.lockUser(tx, principal.userId);
    const user = await repository.findUserById(tx, principal.userId);
    const current = await repository.findAnagrafica(tx, principal.userId);
    if (!current) throw notFound("Anagrafica non presente");
    const changed = (Object.keys(values) as (keyof AnagraficaValues)[]).filter((k) => values[k] !== current[k]);
    if (changed.length === 0) return null;
    const before = contactsOf(user, current);
    const after = contactsOf(user, values);
    if (options.lockedContacts) {
      if (changedContacts(before, after).length > 0) throw forbidden(options.lockedContacts.contacts);
      if (values.cf !== current.cf) throw forbidden(options.lockedContacts.taxCode);
    }
    await repository.updateAnagrafica(tx, principal.userId, values);
    const contactChange = await recordContactChange(tx, actorOf(request), {
      userId: principal.userId,
      before,
      after,
      companyId: options.companyId,
      name: values.name,
    });
    await recordAudit(tx, actorOf(request), {
      action: "anagrafica.updated",
      entity: "user",
      entityId: principal.userId,
      companyId: options.companyId ?? null,
      detail: { fields: changed, phone_verification_reset: contactChange?.changed.includes("phone") ?? false },
    });
    return contactChange;
  });
  await notifyContactChange(ctx, request, contactChange);
}
