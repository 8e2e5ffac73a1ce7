import {
  COMPANY_LEVELS,
  COMPANY_MESSAGES,
  COMPANY_SUBTYPES,
  COMPANY_TYPES,
  type CompanyType,
  DomainError,
  fieldError,
  LIMIT_MESSAGES,
  LIMITS,
  notFound,
  OPERATOR_PERMISSIONS,
  type TCompanyAnagraficaBody,
  type TCompanyDetail,
  throttled,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { reserve } from "../../platform/limiter/limiter.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { ownUpload, withFileReleases } from "../files/index.ts";
import { listComuni, listProvinces } from "../geo/index.ts";
import * as openingsRepository from "./openings-repository.ts";
import { companyListItem, weeklyMap, weeklyOpenings } from "./presenters.ts";
import * as repository from "./repository.ts";
import { hasPermission, ownCompany, ownCompanyId, visibleCompany, worksFor } from "./scope.ts";

/** The company's profile (anagrafica), picture, options and code. */

/** `GET companies/{id}`: public data for anyone signed in; options and code for its own operators. */
export async function companyDetail(ctx: ModuleContext, principal: Principal, hashid: string): Promise<TCompanyDetail> {
  const company = await visibleCompany(ctx.db, ctx.ids, principal, hashid);
  return detailOf(ctx, principal, company);
}

export async function detailOf(
  ctx: ModuleContext,
  principal: Principal,
  company: repository.CompanyRow,
): Promise<TCompanyDetail> {
  const [services, hours, managedBy] = await Promise.all([
    repository.listActiveServicesOf(ctx.db, [company.id]),
    openingsRepository.listHours(ctx.db, { companyId: company.id, kind: "company" }),
    company.managedById ? repository.findCompany(ctx.db, company.managedById) : Promise.resolve(null),
  ]);
  const staff = worksFor(principal, company);
  // The code lets anyone register as this company's operator: only those who manage operators see it.
  const showCode =
    staff && company.id === principal.companyId && hasPermission(principal, OPERATOR_PERMISSIONS.manageOperators);
  return {
    ...companyListItem(
      ctx.ids,
      company,
      services.map((s) => s.positionRef),
    ),
    pec: company.pec,
    vat_number: company.vatNumber,
    description: company.description,
    asl: company.asl,
    openings: weeklyOpenings(weeklyMap(hours), false, company.timezone),
    options: staff ? { overlap: company.allowOverlap, report: company.reportEnabled } : null,
    code: showCode ? company.code : null,
    managed_by: managedBy ? { hashid: ctx.ids.encode(managedBy.id), name: managedBy.name } : null,
  };
}

const key = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * The place of a company as the geo reference data writes it: province as its sigla, comune and
 * region with their official names. A comune that is not in that province is refused.
 */
async function officialPlace(body: TCompanyAnagraficaBody) {
  const province = (await listProvinces()).find(
    (p) => key(p.sigla) === key(body.provincia) || key(p.provincia) === key(body.provincia),
  );
  if (!province) throw fieldError("provincia", "Provincia non trovata");
  const comune = (await listComuni({ provincia: province.sigla })).find((c) => key(c.comune) === key(body.comune));
  if (!comune) throw fieldError("comune", "Comune non trovato nella provincia indicata");
  if (key(province.regione) !== key(body.regione)) throw fieldError("regione", "La provincia non è in questa regione");
  return { provincia: province.sigla, comune: comune.comune, regione: province.regione };
}

/** `PUT companies/own/anagrafica` ('visualizzare anagrafica azienda'). */
export async function updateAnagrafica(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: TCompanyAnagraficaBody,
): Promise<TCompanyDetail> {
  const companyId = ownCompanyId(principal);
  const current = await ownCompany(ctx.db, principal);
  const subtype = body.subtype ?? current.subtype;
  const subtypeEntry = COMPANY_SUBTYPES.find((s) => s.code === subtype);
  // A subtype belongs to one type; the type (and with it the level) is the administrator's to change.
  if (body.subtype && subtypeEntry?.type !== current.kind) {
    throw fieldError(
      "subtype",
      `Sottotipo non valido per ${COMPANY_TYPES[current.kind as keyof typeof COMPANY_TYPES] ?? current.kind}`,
    );
  }
  const place = await officialPlace(body);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repository.updateCompany(tx, companyId, {
      name: body.name,
      subtype,
      email: body.email ?? null,
      pec: body.pec ?? null,
      phone: body.phone ?? null,
      vatNumber: body.vat_number ?? null,
      website: body.website ?? null,
      description: body.description,
      address: body.address,
      cap: body.cap,
      ...place,
      ...(body.latitude != null && body.longitude != null ? { lat: body.latitude, lng: body.longitude } : {}),
    });
    await recordAudit(tx, actorOf(request), {
      action: "company.anagrafica_updated",
      entity: "company",
      entityId: companyId,
      companyId,
      detail: { fields: Object.keys(body) },
    });
    return row;
  });
  return detailOf(ctx, principal, updated);
}

/** `POST companies/own/profile/picture`: an image the operator uploaded (POST resources/public). */
export async function setPicture(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  resource: string,
): Promise<TCompanyDetail> {
  const companyId = ownCompanyId(principal);
  // An image this operator uploaded (or the company's current one): a file they may only
  // read, such as a patient's attachment, would become the company's public picture.
  const current = (await repository.findCompany(ctx.db, companyId))?.pictureFileId ?? null;
  const file = await ownUpload(ctx, principal, resource, current);
  const fileId = file.id;
  if (!file.mimeType.startsWith("image/")) throw fieldError("resource", COMPANY_MESSAGES.invalidImage);
  // The picture it replaces goes when nothing else uses it.
  const updated = await withFileReleases(ctx, async (tx, release) => {
    release((await repository.findCompany(tx, companyId))?.pictureFileId);
    const row = await repository.updateCompany(tx, companyId, { pictureFileId: fileId });
    await recordAudit(tx, actorOf(request), {
      action: "company.picture_set",
      entity: "company",
      entityId: companyId,
      companyId,
    });
    return row;
  });
  return detailOf(ctx, principal, updated);
}

export async function removePicture(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
): Promise<TCompanyDetail> {
  const companyId = ownCompanyId(principal);
  const updated = await withFileReleases(ctx, async (tx, release) => {
    release((await repository.findCompany(tx, companyId))?.pictureFileId);
    const row = await repository.updateCompany(tx, companyId, { pictureFileId: null });
    await recordAudit(tx, actorOf(request), {
      action: "company.picture_removed",
      entity: "company",
      entityId: companyId,
      companyId,
    });
    return row;
  });
  return detailOf(ctx, principal, updated);
}

/** `PATCH companies/own/option/overlap`, `companies/{company}/option/overlap` and `…/option/report`. */
export async function setOption(
  ctx: ModuleContext,
  request: FastifyRequest,
  company: repository.CompanyRow,
  option: "overlap" | "report",
  value: boolean,
): Promise<{ overlap: boolean; report: boolean }> {
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repository.updateCompany(
      tx,
      company.id,
      option === "overlap" ? { allowOverlap: value } : { reportEnabled: value },
    );
    await recordAudit(tx, actorOf(request), {
      action: `company.option_${option}`,
      entity: "company",
      entityId: company.id,
      companyId: company.id,
      detail: { [option]: value },
    });
    return row;
  });
  return { overlap: updated.allowOverlap, report: updated.reportEnabled };
}

/**
 * `GET companies/code/{x}` (public): which company a code names, so that a registering operator
 * recognises the one they ask to join. Only its name and type: anyone may call it, and the code
 * itself (already normalised by the contract) is the only thing they know.
 */
export async function checkCode(
  ctx: ModuleContext,
  request: FastifyRequest,
  code: string,
): Promise<{ name: string; type: CompanyType }> {
  // Public and answering "which company": per client address, so that codes cannot be tried at
  // speed. Reserved before the lookup, so a burst sent together gets exactly the limit.
  const slot = await reserve(ctx.db, {
    key: `company-code:address:${request.ip}`,
    limit: LIMITS.companyCodeLookups.attempts,
    windowSeconds: LIMITS.companyCodeLookups.windowMinutes * 60,
  });
  if (!slot.allowed) {
    // Logged, not audited: a flood of refused lookups must not fill the trail.
    request.log.warn({ retryAfterSeconds: slot.retryAfterSeconds }, "company code lookup throttled");
    throw throttled(LIMIT_MESSAGES.companyCodeLookups, slot.retryAfterSeconds);
  }
  const company = await repository.findCompanyByCode(ctx.db, code);
  // Every lookup leaves a trace of who asked and whether it named a company, never the code tried.
  request.log.info({ found: company !== null, companyId: company?.id ?? null }, "company code lookup");
  await recordAudit(ctx.db, actorOf(request), {
    action: "company.code_lookup",
    entity: "company",
    entityId: company?.id ?? null,
    companyId: company?.id ?? null,
    detail: { found: company !== null },
  });
  if (!company) throw notFound(COMPANY_MESSAGES.invalidCompanyCode);
  return { name: company.name, type: company.kind as CompanyType };
}

/**
 * `POST companies/code/send/{hash}` ('gestire operatori'): e-mails the company's code to a colleague,
 * who registers with it as an operator of this company. {hash} is the caller's own company.
 */
export async function sendCode(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  email: string,
): Promise<string> {
  const company = await ownCompany(ctx.db, principal);
  if (ctx.ids.decode(hashid) !== company.id) throw notFound();
  const link = `${ctx.config.publicUrl}/registrazione`;
  await ctx.mailer.send({
    to: email,
    subject: `Codice azienda di ${company.name}`,
    text:
      `Buongiorno,\n\nsei stato invitato a collaborare con ${company.name} su Cura.\n` +
      `Registrati come operatore (${link}) indicando il codice azienda: ${company.code}\n\n` +
      "Se non aspettavi questo messaggio, ignoralo.",
  });
  await recordAudit(ctx.db, actorOf(request), {
    action: "company.code_sent",
    entity: "company",
    entityId: company.id,
    companyId: company.id,
    detail: { to: email },
  });
  return COMPANY_MESSAGES.companyCodeSent;
}

/** `GET companies/cr/default`: the monitoring room that answers citizens by default. */
export async function defaultControlRoom(ctx: ModuleContext, principal: Principal): Promise<TCompanyDetail> {
  const room = await repository.findDefaultControlRoom(ctx.db, COMPANY_LEVELS.monitoringRoom);
  if (!room) throw new DomainError("notFound", { message: COMPANY_MESSAGES.noControlRoom });
  return detailOf(ctx, principal, room);
}

export function subtypes() {
  return Object.entries(COMPANY_TYPES).map(([type, label]) => ({
    type,
    label,
    subtypes: COMPANY_SUBTYPES.filter((s) => s.type === type).map((s) => ({ code: s.code, label: s.label })),
  }));
}
