import type { TAttachment, TCompanyListItem, THealthService } from "@cura/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type Paged } from "../../../lib/api.ts";
import { wizardKeys } from "./keys.ts";

/** A provider with the health services matching the searched need. */
export type ServiceProvider = TCompanyListItem & {
  health_services: Array<{ hashid: string; name: string; slot_minutes: number }>;
};

/** GET healthservices/search/companies: providers of a health service (by name), with the matching services. */
export interface PlaceFilter {
  /** Part of the provider's name. */
  q: string;
  /** The town, whole (the search compares it exactly, case aside). */
  comune: string;
}

/**
 * Where distances are measured from: the citizen's position (when they allow it), or the centre of
 * their comune of residence (the server places it); the providers come nearest first, with distance_km.
 */
export type DistanceFrom =
  | { kind: "position"; lat: number; lng: number }
  | { kind: "comune"; comune: string; provincia: string | null };

function nearQuery(from: DistanceFrom | null) {
  if (!from) return {};
  if (from.kind === "position") return { near_lat: from.lat, near_lng: from.lng };
  return { near_comune: from.comune, ...(from.provincia ? { near_provincia: from.provincia } : {}) };
}

export function searchServiceProviders(
  service: string,
  where: PlaceFilter,
  from: DistanceFrom | null,
  signal?: AbortSignal,
) {
  return api.page<ServiceProvider>("healthservices/search/companies", {
    signal,
    query: { service, q: where.q, comune: where.comune, ...nearQuery(from), per_page: 20 },
  });
}

export function useServiceProviders(service: string, where: PlaceFilter, from: DistanceFrom | null = null) {
  return useQuery(
    queryOptions({
      queryKey: wizardKeys.providers(service, where, from),
      queryFn: ({ signal }) => searchServiceProviders(service, where, from, signal),
      enabled: service.trim().length >= 2,
    }),
  );
}

/** GET companies/search/subtype?type=farmacia: pharmacies, for a product order. */
export function searchPharmacies(where: PlaceFilter, signal?: AbortSignal): Promise<Paged<TCompanyListItem>> {
  return api.page<TCompanyListItem>("companies/search/subtype", {
    signal,
    query: { type: "farmacia", q: where.q, comune: where.comune, per_page: 10 },
  });
}

export function usePharmacies(where: PlaceFilter) {
  return useQuery(
    queryOptions({
      queryKey: wizardKeys.pharmacies(where),
      queryFn: ({ signal }) => searchPharmacies(where, signal),
    }),
  );
}

/** GET healthservices/company/all/{id}: the bookable health services of a company (care circle). */
export function fetchCompanyServices(company: string, signal?: AbortSignal): Promise<THealthService[]> {
  return api.get<THealthService[]>(`healthservices/company/all/${encodeURIComponent(company)}`, { signal });
}

export function useCompanyServices(company: string | null) {
  return useQuery(
    queryOptions({
      queryKey: wizardKeys.companyServices(company ?? ""),
      queryFn: ({ signal }) => fetchCompanyServices(company ?? "", signal),
      enabled: Boolean(company),
    }),
  );
}

/** GET healthservices/allegati/all/{id}: the documents of a health service (to download before the visit). */
export function fetchAttachments(service: string, signal?: AbortSignal): Promise<TAttachment[]> {
  return api.get<TAttachment[]>(`healthservices/allegati/all/${encodeURIComponent(service)}`, { signal });
}

export function useAttachments(service: string | null) {
  return useQuery(
    queryOptions({
      queryKey: wizardKeys.attachments(service ?? ""),
      queryFn: ({ signal }) => fetchAttachments(service ?? "", signal),
      enabled: Boolean(service),
    }),
  );
}

/** GET healthservices/{id}: one health service (its description carries the recommendations). */
export function useHealthService(service: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ["booking-wizard", "health-service", service ?? ""] as const,
      queryFn: ({ signal }) =>
        api.get<THealthService>(`healthservices/${encodeURIComponent(service ?? "")}`, { signal }),
      enabled: Boolean(service),
    }),
  );
}
