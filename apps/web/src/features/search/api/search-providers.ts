import type { CompanySubtype, CompanyType, TCompanyListItem } from "@cura/domain";
import { api, type Paged } from "../../../lib/api.ts";

export interface ProviderSearchParams {
  q?: string;
  type?: CompanyType;
  subtype?: CompanySubtype;
  regione?: string;
  provincia?: string;
  comune?: string;
  cap?: string;
  lat?: number;
  lng?: number;
  page?: number;
}

/**
 * GET companies/search/subtype: providers with contacts and services (spec 001 screen 15), paged;
 * nearest first when a position is given. The caller passes its AbortController's signal so that a
 * newer search aborts the older one.
 */
export function searchProviders(params: ProviderSearchParams, signal?: AbortSignal): Promise<Paged<TCompanyListItem>> {
  return api.page<TCompanyListItem>("companies/search/subtype", {
    signal,
    query: { ...params, per_page: 10 },
  });
}
