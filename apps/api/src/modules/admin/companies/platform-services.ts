import {
  notFound,
  PLATFORM_SERVICE_REFS,
  PLATFORM_SERVICES,
  type PlatformServiceRef,
  type TAdminHealthServicesQuery,
  type TAdminPlatformService,
  type TAdminPlatformServiceBody,
} from "@cura/domain";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { platformRef, companyAdministration as registry } from "../../companies/index.ts";

/**
 * The administrator's `servizi` page: the platform services (refs 1–12: name, description, enabled,
 * `GET services`, `PUT services/{id}`) and every company's health services (`GET healthservices`).
 */

const { platformServiceSettings } = registry;
type SettingRow = typeof platformServiceSettings.$inferSelect;

function present(
  ctx: ModuleContext,
  ref: number,
  row: SettingRow | undefined,
  companies: number,
): TAdminPlatformService {
  return {
    hashid: ctx.ids.encode(ref),
    position_ref: ref,
    name: row?.name ?? PLATFORM_SERVICES[ref as PlatformServiceRef],
    description: row?.description ?? null,
    enabled: row?.enabled ?? true,
    companies,
  };
}

/** `GET services`: the twelve platform services, in ref order. */
export async function listPlatformServices(ctx: ModuleContext): Promise<TAdminPlatformService[]> {
  const [rows, counts] = await Promise.all([
    ctx.db.select().from(platformServiceSettings),
    registry.activeCompaniesPerRef(ctx.db),
  ]);
  const byRef = new Map(rows.map((r) => [r.positionRef, r]));
  return PLATFORM_SERVICE_REFS.map((ref) => present(ctx, ref, byRef.get(ref), counts.get(ref) ?? 0));
}

/** `PUT services/{id}`: name, description and whether the platform offers it; audited before and after. */
export async function updatePlatformService(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: TAdminPlatformServiceBody,
): Promise<TAdminPlatformService> {
  const ref = platformRef(ctx.ids, hashid);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(platformServiceSettings)
      .where(eq(platformServiceSettings.positionRef, ref))
      .for("update");
    const values = {
      name: body.name,
      description: body.description,
      enabled: body.enabled,
      updatedBy: principal.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(platformServiceSettings)
      .values({ positionRef: ref, ...values })
      .onConflictDoUpdate({ target: platformServiceSettings.positionRef, set: values });
    await recordAudit(tx, actorOf(request), {
      action: "platform_service.updated",
      entity: "platform_service",
      entityId: ref,
      detail: {
        before: {
          name: before?.name ?? PLATFORM_SERVICES[ref],
          description: before?.description ?? null,
          enabled: before?.enabled ?? true,
        },
        after: body,
      },
    });
  });
  const service = (await listPlatformServices(ctx)).find((s) => s.position_ref === ref);
  if (!service) throw notFound();
  return service;
}

/** `GET healthservices` (administrators): every company's health services, filtered and paged. */
export async function listHealthServices(ctx: ModuleContext, query: TAdminHealthServicesQuery) {
  const companyId = query.company ? ctx.ids.decode(query.company) : undefined;
  if (companyId === null) return { data: [], meta: { page: query.page, per_page: query.per_page, total: 0 } };
  const { rows, total } = await registry.listAllHealthServices(
    ctx.db,
    { q: query.q, companyId, positionRef: query.position_ref, active: query.active },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: rows.map((r) => ({
      hashid: ctx.ids.encode(r.id),
      name: r.name,
      position_ref: r.positionRef,
      slot_minutes: r.slotMinutes,
      price: r.priceCents === null ? null : r.priceCents / 100,
      active: r.active,
      company: { hashid: ctx.ids.encode(r.companyId), name: r.companyName },
    })),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}
