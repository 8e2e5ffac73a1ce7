import { CITIZEN_BOOKING_REF } from "@cura/domain";
import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import {
  companies,
  companyServices,
  healthServiceAttachments,
  healthServices,
  openingHours,
  platformServiceSettings,
} from "./tables.ts";

const { nameSearch: _vector, ...serviceColumns } = getTableColumns(healthServices);
export type HealthServiceRow = Omit<typeof healthServices.$inferSelect, "nameSearch">;

/** A health service with what its answer shows: company name, own hours, attachment count. */
const withExtras = {
  service: serviceColumns,
  companyName: companies.name,
  companyActive: companies.active,
  hasOpenings: sql<boolean>`exists (select 1 from ${openingHours} where ${openingHours.serviceId} = ${healthServices.id})`,
  attachments: sql<number>`(select count(*)::int from ${healthServiceAttachments} where ${healthServiceAttachments.serviceId} = ${healthServices.id})`,
};
export type HealthServiceWithExtras = {
  service: HealthServiceRow;
  companyName: string;
  companyActive: boolean;
  hasOpenings: boolean;
  attachments: number;
};

export async function findHealthService(db: Executor, id: number): Promise<HealthServiceWithExtras | null> {
  const rows = await db
    .select(withExtras)
    .from(healthServices)
    .innerJoin(companies, eq(companies.id, healthServices.companyId))
    .where(eq(healthServices.id, id))
    .limit(1);
  return rows[0] ?? null;
}

const serviceForSlots = preparedQuery((db) =>
  db
    .select({ service: serviceColumns, company: companies, platform: companyServices })
    .from(healthServices)
    .innerJoin(companies, eq(companies.id, healthServices.companyId))
    .leftJoin(
      companyServices,
      and(
        eq(companyServices.companyId, healthServices.companyId),
        eq(companyServices.positionRef, healthServices.positionRef),
      ),
    )
    .where(eq(healthServices.id, sql.placeholder("id")))
    .limit(1)
    .prepare("companies_health_service_for_slots"),
);

/**
 * A health service with its company and the company's platform service it is booked through (null
 * when the company has none), in one prepared query: what a week of slots checks before computing,
 * and citizens ask for weeks of slots at every step of a booking.
 */
export async function findHealthServiceForSlots(db: Database, id: number) {
  const rows = await serviceForSlots(db).execute({ id });
  return rows[0] ?? null;
}

/**
 * A health service a citizen may book: active, under the bookings platform service
 * (CITIZEN_BOOKING_REF), at a company that runs that platform service actively (the subquery reads
 * one row through company_services_unique), not disabled by the back office for the whole platform
 * (a subquery on no outer column: evaluated once). The condition of every citizen-facing list of services
 * and providers, so that what a citizen is shown is what POST reservations accepts.
 */
export function citizenBookableService(): SQL {
  return sql`(${healthServices.active} and ${healthServices.positionRef} = ${CITIZEN_BOOKING_REF} and exists (select 1 from ${companyServices} where ${companyServices.companyId} = ${healthServices.companyId} and ${companyServices.positionRef} = ${CITIZEN_BOOKING_REF} and ${companyServices.active}) and not exists (select 1 from ${platformServiceSettings} where ${platformServiceSettings.positionRef} = ${CITIZEN_BOOKING_REF} and not ${platformServiceSettings.enabled}))`;
}

/** A company's health services, paged, by name; `citizenBookable` for what citizens may book. */
export async function listHealthServices(
  db: Executor,
  companyId: number,
  options: { q?: string; active?: boolean; citizenBookable?: boolean; limit: number; offset: number },
): Promise<{ rows: HealthServiceWithExtras[]; total: number }> {
  const where = and(
    eq(healthServices.companyId, companyId),
    options.active === undefined ? undefined : eq(healthServices.active, options.active),
    options.citizenBookable ? citizenBookableService() : undefined,
    options.q ? sql`lower(${healthServices.name}) like ${`%${escapeLike(options.q.toLowerCase())}%`}` : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(withExtras)
      .from(healthServices)
      .innerJoin(companies, eq(companies.id, healthServices.companyId))
      .where(where)
      .orderBy(asc(healthServices.positionRef), asc(healthServices.name), asc(healthServices.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(healthServices).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function insertHealthService(db: Executor, values: typeof healthServices.$inferInsert): Promise<number> {
  const rows = await db.insert(healthServices).values(values).returning({ id: healthServices.id });
  return (rows[0] as { id: number }).id;
}

export async function updateHealthService(
  db: Executor,
  id: number,
  values: Partial<typeof healthServices.$inferInsert>,
): Promise<void> {
  await db
    .update(healthServices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(healthServices.id, id));
}

export async function deleteHealthService(db: Executor, id: number): Promise<void> {
  await db.delete(healthServices).where(eq(healthServices.id, id));
}

/** Distinct names of active health services whose words begin with the text's words, names starting with it first. */
export async function suggestNames(db: Executor, text: string, limit: number): Promise<string[]> {
  const lowered = escapeLike(text.toLowerCase());
  const rows = await db
    .select({
      name: sql<string>`min(${healthServices.name})`,
      starts: sql<boolean>`bool_or(lower(${healthServices.name}) like ${`${lowered}%`})`,
    })
    .from(healthServices)
    .innerJoin(companies, eq(companies.id, healthServices.companyId))
    .where(and(eq(healthServices.active, true), eq(companies.active, true), serviceNameMatches(text)))
    .groupBy(sql`lower(${healthServices.name})`)
    .orderBy(sql`2 desc`, sql`1`)
    .limit(limit);
  return rows.map((r) => r.name);
}

// ─── Attachments (allegati) ──────────────────────────────────────────────────────────────────

export function listAttachments(db: Executor, serviceId: number) {
  return db
    .select({
      fileId: healthServiceAttachments.fileId,
      name: healthServiceAttachments.name,
      mimeType: healthServiceAttachments.mimeType,
    })
    .from(healthServiceAttachments)
    .where(eq(healthServiceAttachments.serviceId, serviceId))
    .orderBy(asc(healthServiceAttachments.createdAt), asc(healthServiceAttachments.fileId));
}

export async function addAttachment(
  db: Executor,
  values: { serviceId: number; fileId: number; name: string; mimeType: string },
): Promise<void> {
  await db.insert(healthServiceAttachments).values(values).onConflictDoNothing();
}

export async function removeAttachment(db: Executor, serviceId: number, fileId: number): Promise<boolean> {
  const rows = await db
    .delete(healthServiceAttachments)
    .where(and(eq(healthServiceAttachments.serviceId, serviceId), eq(healthServiceAttachments.fileId, fileId)))
    .returning({ fileId: healthServiceAttachments.fileId });
  return rows.length > 0;
}

/** Whether a health service has a stored file among its attachments (the files module's reference rule). */
export async function attachmentUsesFile(db: Executor, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ fileId: healthServiceAttachments.fileId })
    .from(healthServiceAttachments)
    .where(eq(healthServiceAttachments.fileId, fileId))
    .limit(1);
  return rows.length > 0;
}

/** The companies and activity of the health services a file is attached to (file read rule). */
export function attachmentOwners(db: Executor, fileId: number) {
  return db
    .select({ companyId: healthServices.companyId, active: healthServices.active })
    .from(healthServiceAttachments)
    .innerJoin(healthServices, eq(healthServices.id, healthServiceAttachments.serviceId))
    .where(eq(healthServiceAttachments.fileId, fileId));
}

/** Matching active health services of several companies (search results). */
export function matchingServicesOf(
  db: Executor,
  companyIds: number[],
  text: string | undefined,
  options: { citizenBookable?: boolean } = {},
) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: healthServices.id,
      companyId: healthServices.companyId,
      name: healthServices.name,
      slotMinutes: healthServices.slotMinutes,
    })
    .from(healthServices)
    .where(
      and(
        inArray(healthServices.companyId, companyIds),
        eq(healthServices.active, true),
        options.citizenBookable ? citizenBookableService() : undefined,
        text ? serviceNameMatches(text) : undefined,
      ),
    )
    .orderBy(asc(healthServices.companyId), asc(healthServices.name));
}

/**
 * A user's text as a full-text prefix query: every word must begin a word of the name
 * (`visita cardio` → `visita:* & cardio:*`). Null when the text has no letter or digit.
 */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** A company's name matches the prefix query (index companies_name_search_idx). */
export function nameMatches(column: AnyPgColumn, text: string): SQL {
  const query = prefixQuery(text);
  return query === null ? sql`false` : sql`to_tsvector('simple', ${column}) @@ to_tsquery('simple', ${query})`;
}

/** A health service's name matches the prefix query (its stored vector, index health_services_name_search_idx). */
export function serviceNameMatches(text: string): SQL {
  const query = prefixQuery(text);
  return query === null ? sql`false` : sql`${healthServices.nameSearch} @@ to_tsquery('simple', ${query})`;
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
