import {
  GEO_MESSAGES,
  notFound,
  type TComune,
  type TComuniQuery,
  type TPaese,
  type TPrefisso,
  type TProvincia,
  type TRegione,
} from "@cura/domain";
import { type GeoData, geoData, lookupKey } from "./reference-data.ts";

/**
 * Geographic lookups. Public reference data: no access check, nothing personal. Names and codes are
 * matched whatever their case and accents; a name that matches nothing is a 404 with an Italian message.
 */

function findRegion(data: GeoData, input: string): TRegione {
  const region = data.regionByKey.get(lookupKey(input));
  if (!region) throw notFound(GEO_MESSAGES.regionNotFound);
  return region;
}

function findProvince(data: GeoData, input: string): TProvincia {
  const province = data.provinceByKey.get(lookupKey(input));
  if (!province) throw notFound(GEO_MESSAGES.provinceNotFound);
  return province;
}

export async function listRegions(): Promise<TRegione[]> {
  return (await geoData()).regioni;
}

/** The provinces of a region, or all of them (no region, or an empty one). */
export async function listProvinces(regione?: string): Promise<TProvincia[]> {
  const data = await geoData();
  if (!regione) return data.province;
  return data.provincesByRegion.get(findRegion(data, regione).regione) ?? [];
}

/** The comuni of a province, of a region, of a province within a region, or all of them. */
export async function listComuni(query: TComuniQuery = {}): Promise<TComune[]> {
  const data = await geoData();
  const region = query.regione ? findRegion(data, query.regione) : null;
  const province = query.provincia ? findProvince(data, query.provincia) : null;
  if (province) {
    if (region && province.regione !== region.regione) return [];
    return data.comuniByProvince.get(province.sigla) ?? [];
  }
  if (region) return data.comuniByRegion.get(region.regione) ?? [];
  return data.comuni;
}

/**
 * One comune by cadastral code (F205 → Milano), including comuni suppressed or merged since, whose
 * codes older tax codes still carry. Z codes are foreign states, not comuni: a 404 like any unknown code.
 */
export async function comuneByCadastralCode(code: string): Promise<TComune> {
  const comune = (await geoData()).comuneByCode.get(code.trim().toUpperCase());
  if (!comune) throw notFound(GEO_MESSAGES.comuneNotFound);
  return comune;
}

export async function listCountries(): Promise<TPaese[]> {
  return (await geoData()).paesi;
}

export async function listPrefixes(): Promise<TPrefisso[]> {
  return (await geoData()).prefissi;
}
