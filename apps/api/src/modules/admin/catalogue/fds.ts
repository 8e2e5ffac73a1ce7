import {
  FDS_MESSAGES,
  fieldError,
  notFound,
  type TFdsAdhesionBody,
  type TFdsService,
  type TFdsServicesQuery,
} from "@cura/domain";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/client.ts";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { findCompany } from "../../companies/index.ts";
import { fdsAdhesions, fdsServices } from "./tables.ts";

/**
 * The 'farmacia dei servizi' on the administrator's `servizi` page: the catalogue with how many
 * pharmacies adhere to each service (and, for one pharmacy, whether it does), and setting the
 * adhesions of one service. Only pharmacies (company type farmacia) adhere: anything else is a 422.
 */

type ServiceRow = typeof fdsServices.$inferSelect;

async function listRows(db: Executor, companyId: number | null) {
  const [services, counts, own] = await Promise.all([
    db.select().from(fdsServices).orderBy(asc(fdsServices.sortOrder), asc(fdsServices.id)),
    db.select({ serviceId: fdsAdhesions.serviceId, n: count() }).from(fdsAdhesions).groupBy(fdsAdhesions.serviceId),
    companyId === null
      ? Promise.resolve([])
      : db
          .select({ serviceId: fdsAdhesions.serviceId })
          .from(fdsAdhesions)
          .where(eq(fdsAdhesions.companyId, companyId)),
  ]);
  return {
    services,
    counts: new Map(counts.map((c) => [c.serviceId, c.n])),
    own: new Set(own.map((o) => o.serviceId)),
  };
}

function present(ctx: ModuleContext, row: ServiceRow, pharmacies: number, adherent: boolean | null): TFdsService {
  return {
    hashid: ctx.ids.encode(row.id),
    code: row.code,
    name: row.name,
    description: row.description,
    category: row.category,
    pharmacies,
    adherent,
  };
}

/** `GET fdsservices`: the catalogue in its order; `company` adds whether that pharmacy adheres. */
export async function listFdsServices(ctx: ModuleContext, query: TFdsServicesQuery): Promise<TFdsService[]> {
  let companyId: number | null = null;
  if (query.company) {
    companyId = ctx.ids.decode(query.company);
    if (companyId === null || !(await findCompany(ctx.db, companyId))) {
      throw fieldError("company", FDS_MESSAGES.companyNotFound);
    }
  }
  const { services, counts, own } = await listRows(ctx.db, companyId);
  return services.map((s) => present(ctx, s, counts.get(s.id) ?? 0, companyId === null ? null : own.has(s.id)));
}

/**
 * `POST fdsservices/fdservice/adesioni/set/{hashid}`: the listed pharmacies adhere to the service
 * (`adherent: true`) or leave it; one transaction, one audit entry with the service's adherents
 * before and after.
 */
export async function setFdsAdhesions(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  hashid: string,
  body: TFdsAdhesionBody,
): Promise<TFdsService> {
  const serviceId = ctx.ids.decode(hashid);
  const companyIds: number[] = [];
  for (const [i, companyHash] of body.company_ids.entries()) {
    const id = ctx.ids.decode(companyHash);
    const company = id === null ? null : await findCompany(ctx.db, id);
    if (!company || id === null) throw fieldError(`company_ids.${i}`, FDS_MESSAGES.companyNotFound);
    if (company.kind !== "farmacia") throw fieldError(`company_ids.${i}`, FDS_MESSAGES.notPharmacy);
    companyIds.push(id);
  }
  const unique = [...new Set(companyIds)];
  await ctx.db.transaction(async (tx) => {
    const [service] =
      serviceId === null ? [] : await tx.select().from(fdsServices).where(eq(fdsServices.id, serviceId)).for("update");
    if (!service) throw notFound(FDS_MESSAGES.serviceNotFound);
    const adherentsOf = async () =>
      (
        await tx
          .select({ companyId: fdsAdhesions.companyId })
          .from(fdsAdhesions)
          .where(eq(fdsAdhesions.serviceId, service.id))
          .orderBy(asc(fdsAdhesions.companyId))
      ).map((r) => ctx.ids.encode(r.companyId));
    const before = await adherentsOf();
    if (body.adherent) {
      await tx
        .insert(fdsAdhesions)
        .values(unique.map((companyId) => ({ serviceId: service.id, companyId, createdBy: principal.userId })))
        .onConflictDoNothing();
    } else {
      await tx
        .delete(fdsAdhesions)
        .where(and(eq(fdsAdhesions.serviceId, service.id), inArray(fdsAdhesions.companyId, unique)));
    }
    await recordAudit(tx, actorOf(request), {
      action: body.adherent ? "fds_service.adhesions_added" : "fds_service.adhesions_removed",
      entity: "fds_service",
      entityId: service.id,
      detail: { companies: body.company_ids, before, after: await adherentsOf() },
    });
  });
  const single = unique.length === 1 ? (unique[0] as number) : null;
  const { services, counts, own } = await listRows(ctx.db, single);
  const row = services.find((s) => s.id === serviceId);
  if (!row) throw notFound(FDS_MESSAGES.serviceNotFound);
  return present(ctx, row, counts.get(row.id) ?? 0, single === null ? null : own.has(row.id));
}
