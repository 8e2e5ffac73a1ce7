import { TELECONSULT_REFS, type TTeleconsultService, type TTeleconsultServicesQuery } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { companyServiceActive } from "../billing/index.ts";
import { teleconsultServicesPage } from "../companies/index.ts";

type Paged = { data: TTeleconsultService[]; meta: { page: number; per_page: number; total: number } };

/**
 * `GET teleconsults/specialist/services` (spec 001 §2 `teleconsulti/nuovo/specialistico`): what a
 * citizen may book as a specialist teleconsultation (ref 2) through the booking wizard, the care
 * circle first. Only companies subscribed to the service now (issue 10's gate, which `POST
 * reservations` applies too), a condition of the page's query: one statement whatever the page's
 * size or the number of companies.
 */
export async function specialistServices(
  ctx: ModuleContext,
  request: FastifyRequest,
  query: TTeleconsultServicesQuery,
): Promise<Paged> {
  const ref = TELECONSULT_REFS.specialistico;
  const at = new Date();
  const { rows, total } = await teleconsultServicesPage(ctx.db, {
    ref,
    companyGate: (companyId) => companyServiceActive(companyId, ref, at),
    citizenUserId: principalOf(request).userId,
    q: query.q,
    comune: query.comune,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => ({
      hashid: ctx.ids.encode(row.id),
      name: row.name,
      slot_minutes: row.slotMinutes,
      price: row.priceCents === null ? null : row.priceCents / 100,
      company: {
        hashid: ctx.ids.encode(row.companyId),
        name: row.companyName,
        comune: row.comune,
        address: row.address,
      },
      in_circle: row.inCircle,
      preferred: row.preferred,
    })),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}
