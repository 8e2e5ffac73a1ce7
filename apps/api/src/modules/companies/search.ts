import {
  COMPANY_MESSAGES,
  SEARCH_RADIUS_KM,
  type TCompanyCompact,
  type TCompanyListItem,
  type TCompanySearchQuery,
  type TServiceSearchQuery,
} from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { listProvinces } from "../geo/index.ts";
import { companyCompact, companyListItem } from "./presenters.ts";
import * as repository from "./repository.ts";
import { platformRef } from "./scope.ts";
import { type CompanyFilter, comuneCentre, searchCompanies } from "./search-repository.ts";
import * as servicesRepository from "./services-repository.ts";

/**
 * Provider search (spec 001 screen 15, spec 002 §7): by name, type, subtype, region, province,
 * comune, CAP or position, paged, nearest first when a position is given. Only active companies.
 * A citizen's search lists only providers a citizen can book with (issue 16): not a monitoring room,
 * not a company whose bookings are switched off. Operators search every active company.
 */

interface Page<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
  message?: string;
}

/** Provinces are stored by sigla; a search may name them either way (MI, Milano). */
async function provinceSigla(input: string): Promise<string> {
  const lowered = input.trim().toLowerCase();
  const province = (await listProvinces()).find(
    (p) => p.sigla.toLowerCase() === lowered || p.provincia.toLowerCase() === lowered,
  );
  return province?.sigla ?? input;
}

/** The reference point of `near_*`: the point given, or the centre of the comune given. */
async function referenceOf(db: Executor, query: TCompanySearchQuery) {
  if (query.near_lat !== undefined && query.near_lng !== undefined) return { lat: query.near_lat, lng: query.near_lng };
  if (!query.near_comune) return undefined;
  const sigla = query.near_provincia ? await provinceSigla(query.near_provincia) : undefined;
  return (await comuneCentre(db, query.near_comune, sigla)) ?? undefined;
}

async function filterOf(ctx: ModuleContext, principal: Principal, query: TCompanySearchQuery): Promise<CompanyFilter> {
  return {
    name: query.q,
    kind: query.type,
    subtype: query.subtype,
    regione: query.regione,
    provincia: query.provincia ? await provinceSigla(query.provincia) : undefined,
    comune: query.comune,
    cap: query.cap,
    level: query.level,
    // Provider centres are listed to the operators of the room that manages them; anyone else gets none.
    managedBy: query.managed ? (principal.type === 1 ? (principal.companyId ?? 0) : 0) : undefined,
    position:
      query.lat !== undefined && query.lng !== undefined
        ? { lat: query.lat, lng: query.lng, radiusKm: query.radius_km ?? SEARCH_RADIUS_KM.default }
        : undefined,
    reference: await referenceOf(ctx.db, query),
    citizenBookable: principal.type === 0,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
}

const meta = (query: TCompanySearchQuery, total: number) => ({ page: query.page, per_page: query.per_page, total });

/** `GET companies/compact/search` and `companies/compact/search/subtype`. */
export async function compactSearch(
  ctx: ModuleContext,
  principal: Principal,
  query: TCompanySearchQuery,
): Promise<Page<TCompanyCompact>> {
  const { rows, total } = await searchCompanies(ctx.db, await filterOf(ctx, principal, query));
  return { data: rows.map((r) => companyCompact(ctx.ids, r.company, r.distanceKm)), meta: meta(query, total) };
}

async function listItems(ctx: ModuleContext, rows: Awaited<ReturnType<typeof searchCompanies>>["rows"]) {
  const services = await repository.listActiveServicesOf(
    ctx.db,
    rows.map((r) => r.company.id),
  );
  const refs = new Map<number, number[]>();
  for (const s of services) refs.set(s.companyId, [...(refs.get(s.companyId) ?? []), s.positionRef]);
  return rows.map((r) => companyListItem(ctx.ids, r.company, refs.get(r.company.id) ?? [], r.distanceKm));
}

/** `GET companies/search/subtype`: full entries (contacts, services). */
export async function search(
  ctx: ModuleContext,
  principal: Principal,
  query: TCompanySearchQuery,
): Promise<Page<TCompanyListItem>> {
  const { rows, total } = await searchCompanies(ctx.db, await filterOf(ctx, principal, query));
  return { data: await listItems(ctx, rows), meta: meta(query, total) };
}

type ServiceCompany = TCompanyListItem & {
  health_services: Array<{ hashid: string; name: string; slot_minutes: number }>;
};

async function withHealthServices(
  ctx: ModuleContext,
  query: TServiceSearchQuery,
  filter: CompanyFilter,
): Promise<Page<ServiceCompany>> {
  const { rows, total } = await searchCompanies(ctx.db, filter);
  const [items, matching] = await Promise.all([
    listItems(ctx, rows),
    servicesRepository.matchingServicesOf(
      ctx.db,
      rows.map((r) => r.company.id),
      query.service,
      { citizenBookable: filter.citizenBookable },
    ),
  ]);
  const byCompany = new Map<number, ServiceCompany["health_services"]>();
  for (const s of matching) {
    const list = byCompany.get(s.companyId) ?? [];
    list.push({ hashid: ctx.ids.encode(s.id), name: s.name, slot_minutes: s.slotMinutes });
    byCompany.set(s.companyId, list);
  }
  return {
    data: items.map((item, i) => ({ ...item, health_services: byCompany.get(rows[i]?.company.id ?? 0) ?? [] })),
    meta: meta(query, total),
    ...(total === 0 ? { message: COMPANY_MESSAGES.noCompaniesForService } : {}),
  };
}

/** `GET healthservices/search/companies?service=`: companies with an active health service matching the name. */
export async function healthServiceCompanies(ctx: ModuleContext, principal: Principal, query: TServiceSearchQuery) {
  const filter = await filterOf(ctx, principal, query);
  return withHealthServices(ctx, query, { ...filter, healthServiceName: query.service, withHealthServices: true });
}

/** `GET services/{id}/companies`: companies running platform service {id} (its hashid encodes the ref). */
export async function platformServiceCompanies(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  query: TServiceSearchQuery,
) {
  const ref = platformRef(ctx.ids, hashid);
  const filter = await filterOf(ctx, principal, query);
  return withHealthServices(ctx, query, {
    ...filter,
    // Asked for by platform service (a citizen looking for a monitoring room, say): that service decides.
    citizenBookable: false,
    positionRef: ref,
    ...(query.service ? { healthServiceName: query.service } : {}),
  });
}
