import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { nameMatches, serviceNameMatches } from "./services-repository.ts";
import { companies, companyServices, healthServices } from "./tables.ts";

export interface CompanyFilter {
  name?: string;
  kind?: string;
  subtype?: string;
  regione?: string;
  /** A province sigla (MI). */
  provincia?: string;
  comune?: string;
  cap?: string;
  level?: number;
  managedBy?: number;
  position?: { lat: number; lng: number; radiusKm: number };
  /** Only companies running this platform service actively. */
  positionRef?: number;
  /** Only companies with an active health service whose name contains this text. */
  healthServiceName?: string;
  /** Only companies with at least one active health service. */
  withHealthServices?: boolean;
  limit: number;
  offset: number;
}

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = 111.045;

/**
 * Provider search. Every filter is on an indexed column or expression (lowered comune, provincia and
 * regione; CAP; type; the names' full-text vectors; latitude and longitude for the bounding box). A position search first keeps the companies inside the
 * bounding box of the circle (an index range scan), then computes the haversine distance of those
 * only, keeps the ones within the radius and orders nearest first. The total comes with the page
 * (count(*) over ()), so one query answers.
 */
export async function searchCompanies(db: Executor, filter: CompanyFilter) {
  const conditions: Array<SQL | undefined> = [eq(companies.active, true)];
  const lower = (column: AnyPgColumn, value: string) => sql`lower(${column}) = ${value.toLowerCase()}`;
  if (filter.name) conditions.push(nameMatches(companies.name, filter.name));
  if (filter.kind) conditions.push(eq(companies.kind, filter.kind));
  if (filter.subtype) conditions.push(eq(companies.subtype, filter.subtype));
  if (filter.regione) conditions.push(lower(companies.regione, filter.regione));
  if (filter.provincia) conditions.push(lower(companies.provincia, filter.provincia));
  if (filter.comune) conditions.push(lower(companies.comune, filter.comune));
  if (filter.cap) conditions.push(eq(companies.cap, filter.cap));
  if (filter.level !== undefined) conditions.push(eq(companies.level, filter.level));
  if (filter.managedBy !== undefined) conditions.push(eq(companies.managedById, filter.managedBy));
  if (filter.positionRef !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${companyServices} where ${companyServices.companyId} = ${companies.id} and ${companyServices.positionRef} = ${filter.positionRef} and ${companyServices.active})`,
    );
  }
  if (filter.healthServiceName || filter.withHealthServices) {
    const nameMatch = filter.healthServiceName ? sql` and ${serviceNameMatches(filter.healthServiceName)}` : sql``;
    conditions.push(
      sql`exists (select 1 from ${healthServices} where ${healthServices.companyId} = ${companies.id} and ${healthServices.active}${nameMatch})`,
    );
  }

  let distance: SQL<number | null> = sql<null>`null::double precision`;
  if (filter.position) {
    const { lat, lng, radiusKm } = filter.position;
    const dLat = radiusKm / KM_PER_DEGREE;
    const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
    const dLng = Math.min(radiusKm / (KM_PER_DEGREE * cosLat), 180);
    distance = sql<number>`(2 * ${EARTH_RADIUS_KM} * asin(sqrt(power(sin(radians(${companies.lat} - ${lat}::double precision) / 2), 2) + cos(radians(${lat}::double precision)) * cos(radians(${companies.lat})) * power(sin(radians(${companies.lng} - ${lng}::double precision) / 2), 2))))`;
    conditions.push(
      gte(companies.lat, lat - dLat),
      lte(companies.lat, lat + dLat),
      gte(companies.lng, lng - dLng),
      lte(companies.lng, lng + dLng),
      sql`${distance} <= ${radiusKm}::double precision`,
    );
  }

  const rows = await db
    .select({
      company: companies,
      distanceKm: sql<number | null>`${distance}`.as("distance_km"),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(companies)
    .where(and(...conditions))
    .orderBy(...(filter.position ? [sql`distance_km asc`] : []), sql`lower(${companies.name})`, asc(companies.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    rows: rows.map((r) => ({ company: r.company, distanceKm: r.distanceKm === null ? null : Number(r.distanceKm) })),
    total: rows[0]?.total ?? (filter.offset > 0 ? await countCompanies(db, and(...conditions)) : 0),
  };
}

/** The total when the page asked for lies past the last result (the windowed count has no row to ride on). */
async function countCompanies(db: Executor, where: SQL | undefined): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(companies)
    .where(where);
  return rows[0]?.n ?? 0;
}
