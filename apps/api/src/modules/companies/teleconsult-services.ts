import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { nameMatches, serviceNameMatches } from "./services-repository.ts";
import { careRelationships, companies, companyServices, healthServices, platformServiceSettings } from "./tables.ts";

/**
 * For the teleconsult module's specialist entry (issue 10, spec 001 §2 `teleconsulti/nuovo/
 * specialistico`): the health services a citizen books as a specialist teleconsultation. The citizen's
 * other lists of services (citizenBookableService) are those of the bookings platform service (ref 1);
 * these are the ones under the teleconsult platform service (ref 2), which `POST reservations` books as
 * kind teleconsulto: active, at an active company that runs that platform service actively, the
 * platform service not disabled by the back office for the whole platform. Read only.
 */
function offered(ref: number): SQL | undefined {
  return and(
    eq(healthServices.active, true),
    eq(healthServices.positionRef, ref),
    eq(companies.active, true),
    eq(companyServices.active, true),
    sql`not exists (select 1 from ${platformServiceSettings} where ${platformServiceSettings.positionRef} = ${ref} and not ${platformServiceSettings.enabled})`,
  );
}

export interface TeleconsultServiceRow {
  id: number;
  name: string;
  slotMinutes: number;
  priceCents: number | null;
  companyId: number;
  companyName: string;
  comune: string | null;
  address: string | null;
  /** In the citizen's care circle, and whether it is their preferred company. */
  inCircle: boolean;
  preferred: boolean;
}

/**
 * A page of those services at the companies meeting `companyGate` (the teleconsult module passes
 * billing's subscription gate, a condition on the company's key): the citizen's care circle first
 * (the preferred company first), then by company and service name. `q` matches the service's or the
 * company's name (word prefixes, the search's rule), `comune` the company's town. One statement
 * whatever the number of companies, the total with the page.
 */
export async function teleconsultServicesPage(
  db: Executor,
  input: {
    ref: number;
    companyGate: (companyId: AnyPgColumn) => SQL;
    citizenUserId: number;
    q?: string | undefined;
    comune?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TeleconsultServiceRow[]; total: number }> {
  const rows = await db
    .select({
      id: healthServices.id,
      name: healthServices.name,
      slotMinutes: healthServices.slotMinutes,
      priceCents: healthServices.priceCents,
      companyId: companies.id,
      companyName: companies.name,
      comune: companies.comune,
      address: companies.address,
      inCircle: sql<boolean>`${careRelationships.userId} is not null`,
      preferred: sql<boolean>`coalesce(${careRelationships.preferred}, false)`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(healthServices)
    .innerJoin(companies, eq(companies.id, healthServices.companyId))
    .innerJoin(
      companyServices,
      and(eq(companyServices.companyId, healthServices.companyId), eq(companyServices.positionRef, input.ref)),
    )
    .leftJoin(
      careRelationships,
      and(eq(careRelationships.companyId, companies.id), eq(careRelationships.userId, input.citizenUserId)),
    )
    .where(
      and(
        offered(input.ref),
        input.companyGate(companies.id),
        input.q ? sql`(${serviceNameMatches(input.q)} or ${nameMatches(companies.name, input.q)})` : undefined,
        input.comune ? sql`lower(${companies.comune}) = ${input.comune.toLowerCase()}` : undefined,
      ),
    )
    .orderBy(
      desc(sql`coalesce(${careRelationships.preferred}, false)`),
      desc(sql`${careRelationships.userId} is not null`),
      sql`lower(${companies.name})`,
      asc(healthServices.name),
      asc(healthServices.id),
    )
    .limit(input.limit)
    .offset(input.offset);
  return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
}
