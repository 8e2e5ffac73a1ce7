import {
  COMPANY_MESSAGES,
  notFound,
  PLATFORM_SERVICE_REFS,
  type TCompanyService,
  type TCompanyServicePatchBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { ownCompanyService } from "./openings.ts";
import * as openingsRepository from "./openings-repository.ts";
import { companyService, platformService } from "./presenters.ts";
import * as repository from "./repository.ts";
import { ownCompanyId, platformRef } from "./scope.ts";

/** The platform services a company runs (active_services): status, proxy status, settings. */

async function present(db: Executor, ctx: ModuleContext, row: repository.CompanyServiceRow): Promise<TCompanyService> {
  const withHours = await openingsRepository.platformServicesWithHours(db, row.companyId);
  return companyService(ctx.ids, row, withHours.has(row.id));
}

/** `GET services/own/check`: the operator's company's platform services and their state. */
export async function ownServices(ctx: ModuleContext, principal: Principal): Promise<TCompanyService[]> {
  const companyId = ownCompanyId(principal);
  const [rows, withHours] = await Promise.all([
    repository.listCompanyServices(ctx.db, companyId),
    openingsRepository.platformServicesWithHours(ctx.db, companyId),
  ]);
  return rows.map((row) => companyService(ctx.ids, row, withHours.has(row.id)));
}

async function change(
  ctx: ModuleContext,
  request: FastifyRequest,
  row: repository.CompanyServiceRow,
  values: Partial<repository.CompanyServiceRow>,
): Promise<TCompanyService> {
  const updated = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateCompanyService(tx, row.id, values);
    await recordAudit(tx, actorOf(request), {
      action: "company_service.updated",
      entity: "company_service",
      entityId: row.id,
      companyId: row.companyId,
      detail: { position_ref: row.positionRef, ...values },
    });
    return updated;
  });
  return present(ctx.db, ctx, updated);
}

/** `PATCH services/own/servicestatus/{hash}` (stato_servizi). */
export async function setServiceStatus(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  status: boolean,
): Promise<TCompanyService> {
  const { service } = await ownCompanyService(ctx, principal, hashid);
  return change(ctx, request, service, { active: status });
}

/** `PATCH services/own/proxystatus/{hash}` (stato_proxy_servizi): bookings taken on the company's behalf. */
export async function setProxyStatus(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  status: boolean,
): Promise<TCompanyService> {
  const { service } = await ownCompanyService(ctx, principal, hashid);
  return change(ctx, request, service, { proxyStatus: status });
}

/** `PATCH companies/{company}/services/{hash}`: a managing operator's settings of a company's service. */
export async function patchCompanyService(
  ctx: ModuleContext,
  request: FastifyRequest,
  company: repository.CompanyRow,
  hashid: string,
  body: TCompanyServicePatchBody,
): Promise<TCompanyService> {
  const ref = platformRef(ctx.ids, hashid);
  const service = await repository.findCompanyService(ctx.db, company.id, ref);
  if (!service) throw notFound(COMPANY_MESSAGES.serviceNotEnabled);
  const values: Partial<repository.CompanyServiceRow> = {};
  if (body.active !== undefined) values.active = body.active;
  if (body.proxy_status !== undefined) values.proxyStatus = body.proxy_status;
  if (body.proxy_scheduling !== undefined) values.proxyScheduling = body.proxy_scheduling;
  if (body.slot_minutes !== undefined) values.slotMinutes = body.slot_minutes;
  if (body.capacity !== undefined) values.capacity = body.capacity;
  return change(ctx, request, service, values);
}

/** `GET services/app/enabled`: the platform's services, enabled when some active company runs them. */
export async function appServices(ctx: ModuleContext) {
  const offered = new Set(await repository.listOfferedRefs(ctx.db));
  return PLATFORM_SERVICE_REFS.map((ref) => ({ ...platformService(ctx.ids, ref), enabled: offered.has(ref) }));
}
