import {
  COMPANY_MESSAGES,
  conflict,
  fieldError,
  notFound,
  type TAttachment,
  type THealthService,
  type THealthServiceBody,
  type THealthServicesQuery,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { ownUpload, withFileReleases } from "../files/index.ts";
import { takenSlotsProvider } from "./bookings-hook.ts";
import { manageableHealthService, visibleHealthService } from "./openings.ts";
import { fileUrl } from "./presenters.ts";
import type * as repository from "./repository.ts";
import { ownCompanyId, visibleCompany } from "./scope.ts";
import type { HealthServiceWithExtras } from "./services-repository.ts";
import * as servicesRepository from "./services-repository.ts";
import { surveyAttachedHook, surveyLookup } from "./surveys-hook.ts";

/** Health services (prestazioni): the catalogue a company offers, with attachments. */

function present(ctx: ModuleContext, row: HealthServiceWithExtras): THealthService {
  const s = row.service;
  return {
    hashid: ctx.ids.encode(s.id),
    name: s.name,
    description: s.description,
    position_ref: s.positionRef,
    slot_minutes: s.slotMinutes,
    price: s.priceCents === null ? null : s.priceCents / 100,
    capacity: s.capacity,
    active: s.active,
    has_openings: row.hasOpenings,
    attachments: row.attachments,
    survey: s.surveyId === null ? null : ctx.ids.encode(s.surveyId),
    company: { hashid: ctx.ids.encode(s.companyId), name: row.companyName },
  };
}

const values = (body: THealthServiceBody) => ({
  name: body.name,
  description: body.description,
  positionRef: body.position_ref,
  slotMinutes: body.slot_minutes,
  priceCents: body.price == null ? null : Math.round(body.price * 100),
  capacity: body.capacity ?? null,
  active: body.active,
});

async function reload(ctx: ModuleContext, id: number): Promise<THealthService> {
  const row = await servicesRepository.findHealthService(ctx.db, id);
  if (!row) throw notFound();
  return present(ctx, row);
}

/** `POST healthservices` ('gestire impostazioni dei servizi'): a new service of the operator's company. */
export async function createHealthService(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: THealthServiceBody,
): Promise<THealthService> {
  const companyId = ownCompanyId(principal);
  const id = await ctx.db.transaction(async (tx) => {
    const id = await servicesRepository.insertHealthService(tx, { companyId, ...values(body) });
    await recordAudit(tx, actorOf(request), {
      action: "health_service.created",
      entity: "health_service",
      entityId: id,
      companyId,
      detail: { name: body.name, slot_minutes: body.slot_minutes, active: body.active },
    });
    return id;
  });
  return reload(ctx, id);
}

/** `PUT healthservices/{hash}`: the whole record replaced. */
export async function updateHealthService(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: THealthServiceBody,
): Promise<THealthService> {
  const { service, company } = await manageableHealthService(ctx, principal, hashid);
  await ctx.db.transaction(async (tx) => {
    await servicesRepository.updateHealthService(tx, service.id, values(body));
    await recordAudit(tx, actorOf(request), {
      action: "health_service.updated",
      entity: "health_service",
      entityId: service.id,
      companyId: company.id,
      detail: { name: body.name, slot_minutes: body.slot_minutes, active: body.active },
    });
  });
  return reload(ctx, service.id);
}

/** `DELETE healthservices/{hash}`: refused while bookings need the service (the bookings module says). */
export async function deleteHealthService(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
): Promise<string> {
  const { service, company } = await manageableHealthService(ctx, principal, hashid);
  if (await takenSlotsProvider().hasBookings(ctx.db, service.id)) throw conflict(COMPANY_MESSAGES.serviceNotDeletable);
  await ctx.db.transaction(async (tx) => {
    await servicesRepository.deleteHealthService(tx, service.id);
    await recordAudit(tx, actorOf(request), {
      action: "health_service.deleted",
      entity: "health_service",
      entityId: service.id,
      companyId: company.id,
      detail: { name: service.name },
    });
  });
  return COMPANY_MESSAGES.serviceDeleted;
}

/** `GET healthservices/{id}`: active services for anyone signed in; any for the company's staff. */
export async function healthServiceDetail(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
): Promise<THealthService> {
  const found = await visibleHealthService(ctx, principal, hashid);
  return present(ctx, found);
}

/** `GET companies/own/healthservices`: the operator's company's services, paged. */
export async function ownHealthServices(ctx: ModuleContext, principal: Principal, query: THealthServicesQuery) {
  return listOf(ctx, ownCompanyId(principal), query, query.active);
}

/** `GET companies/{company}/healthservices` (own or managed company): every service, paged. */
export async function managedHealthServices(
  ctx: ModuleContext,
  company: repository.CompanyRow,
  query: THealthServicesQuery,
) {
  return listOf(ctx, company.id, query, query.active);
}

/**
 * `GET healthservices/company/all/{id}`: the bookable (active) services of a company. A citizen gets
 * those a citizen can book (under the bookings platform service, switched on): the provider's page
 * offers "Prenota" on each, and the wizard checks a service it is opened with against this list.
 */
export async function companyHealthServices(
  ctx: ModuleContext,
  principal: Principal,
  companyHashid: string,
): Promise<THealthService[]> {
  const company = await visibleCompany(ctx.db, ctx.ids, principal, companyHashid);
  const { rows } = await servicesRepository.listHealthServices(ctx.db, company.id, {
    active: true,
    citizenBookable: principal.type === 0,
    limit: 500,
    offset: 0,
  });
  return rows.map((row) => present(ctx, row));
}

async function listOf(ctx: ModuleContext, companyId: number, query: THealthServicesQuery, active?: boolean) {
  const { rows, total } = await servicesRepository.listHealthServices(ctx.db, companyId, {
    q: query.q,
    active,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => present(ctx, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** `GET healthservices/suggestions/name?q=`: names of active services, those starting with q first. */
export function nameSuggestions(ctx: ModuleContext, q: string, limit: number): Promise<string[]> {
  return servicesRepository.suggestNames(ctx.db, q, limit);
}

/** `POST healthservices/survey/attach/{hash}`: the questionnaire patients fill when booking it. */
export async function attachSurvey(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  surveyHashid: string | null,
  mandatory = false,
): Promise<THealthService> {
  const { service, company } = await manageableHealthService(ctx, principal, hashid);
  const surveyId = surveyHashid === null ? null : ctx.ids.decode(surveyHashid);
  if (surveyHashid !== null && (surveyId === null || !(await surveyLookup()(ctx.db, principal, surveyId)))) {
    throw fieldError("survey", COMPANY_MESSAGES.surveyNotFound);
  }
  await ctx.db.transaction(async (tx) => {
    await servicesRepository.updateHealthService(tx, service.id, { surveyId });
    await surveyAttachedHook()(tx, {
      healthServiceId: service.id,
      companyId: company.id,
      surveyId,
      mandatory: surveyId !== null && mandatory,
    });
    await recordAudit(tx, actorOf(request), {
      action: surveyId === null ? "health_service.survey_detached" : "health_service.survey_attached",
      entity: "health_service",
      entityId: service.id,
      companyId: company.id,
      detail: { survey: surveyHashid, mandatory: surveyId !== null && mandatory },
    });
  });
  return reload(ctx, service.id);
}

// ─── Attachments (allegati) ──────────────────────────────────────────────────────────────────

/** `GET healthservices/allegati/all/{id}`: what anyone who may see the service may download. */
export async function attachments(ctx: ModuleContext, principal: Principal, hashid: string): Promise<TAttachment[]> {
  const { service } = await visibleHealthService(ctx, principal, hashid);
  return listAttachments(ctx, service.id);
}

async function listAttachments(ctx: ModuleContext, serviceId: number): Promise<TAttachment[]> {
  const rows = await servicesRepository.listAttachments(ctx.db, serviceId);
  return rows.map((r) => ({
    hashid: ctx.ids.encode(r.fileId),
    name: r.name,
    mime_type: r.mimeType,
    url: fileUrl(ctx.ids, r.fileId),
  }));
}

/** `POST healthservices/allegati/add/{hash}`: a file the operator uploaded (POST resources/public). */
export async function addAttachment(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  resource: string,
): Promise<TAttachment[]> {
  const { service, company } = await manageableHealthService(ctx, principal, hashid);
  // Only a file the operator uploaded can be attached: one they may merely read (a patient's
  // document, through a read rule) would be shown to everyone who opens the service.
  const file = await ownUpload(ctx, principal, resource).catch(() => {
    throw fieldError("resource", "File non trovato");
  });
  const fileId = file.id;
  await ctx.db.transaction(async (tx) => {
    await servicesRepository.addAttachment(tx, {
      serviceId: service.id,
      fileId,
      name: file.name,
      mimeType: file.mimeType,
    });
    await recordAudit(tx, actorOf(request), {
      action: "health_service.attachment_added",
      entity: "health_service",
      entityId: service.id,
      companyId: company.id,
      detail: { file: resource },
    });
  });
  return listAttachments(ctx, service.id);
}

/** `POST healthservices/allegati/remove/{hash}`. */
export async function removeAttachment(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  resource: string,
): Promise<TAttachment[]> {
  const { service, company } = await manageableHealthService(ctx, principal, hashid);
  const fileId = ctx.ids.decode(resource);
  // The file goes with its last attachment (the same file may be attached to several services).
  await withFileReleases(ctx, async (tx, release) => {
    const removed = fileId !== null && (await servicesRepository.removeAttachment(tx, service.id, fileId));
    if (!removed) throw fieldError("resource", "Allegato non trovato");
    release(fileId);
    await recordAudit(tx, actorOf(request), {
      action: "health_service.attachment_removed",
      entity: "health_service",
      entityId: service.id,
      companyId: company.id,
      detail: { file: resource },
    });
  });
  return listAttachments(ctx, service.id);
}
