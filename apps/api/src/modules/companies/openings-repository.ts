import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { isTransaction, preparedQuery } from "../../db/prepared.ts";
import { companyServices, healthServices, openingHours, prohibitedDates } from "./tables.ts";

export type OpeningRow = typeof openingHours.$inferSelect;
export type ClosureRow = typeof prohibitedDates.$inferSelect;

/** Whose hours: the company's own (no service), a health service's, or a platform service's. */
export type HoursOwner =
  | { companyId: number; kind: "company" }
  | { companyId: number; kind: "health"; serviceId: number }
  | { companyId: number; kind: "platform"; companyServiceId: number };

function ownerCondition(owner: HoursOwner): SQL {
  const company = eq(openingHours.companyId, owner.companyId);
  switch (owner.kind) {
    case "company":
      return and(company, isNull(openingHours.serviceId), isNull(openingHours.companyServiceId)) as SQL;
    case "health":
      return and(company, eq(openingHours.serviceId, owner.serviceId)) as SQL;
    case "platform":
      return and(company, eq(openingHours.companyServiceId, owner.companyServiceId)) as SQL;
  }
}

export function listHours(db: Executor, owner: HoursOwner) {
  return db
    .select({ weekday: openingHours.weekday, opensAt: openingHours.opensAt, closesAt: openingHours.closesAt })
    .from(openingHours)
    .where(ownerCondition(owner))
    .orderBy(asc(openingHours.weekday), asc(openingHours.opensAt));
}

/**
 * The company's hours and, when given, a service's, in one query: the service's rows replace the
 * company's when it has any.
 */
const hoursColumns = {
  weekday: openingHours.weekday,
  opensAt: openingHours.opensAt,
  closesAt: openingHours.closesAt,
  serviceId: openingHours.serviceId,
  companyServiceId: openingHours.companyServiceId,
};

/** listHoursWithCompany of a health service, prepared: every week of slots a citizen opens reads it. */
const healthServiceHoursWithCompany = preparedQuery((db) =>
  db
    .select(hoursColumns)
    .from(openingHours)
    .where(
      and(
        eq(openingHours.companyId, sql.placeholder("companyId")),
        or(
          and(isNull(openingHours.serviceId), isNull(openingHours.companyServiceId)),
          eq(openingHours.serviceId, sql.placeholder("serviceId")),
        ),
      ),
    )
    .orderBy(asc(openingHours.weekday), asc(openingHours.opensAt))
    .prepare("companies_health_service_hours"),
);

export function listHoursWithCompany(db: Executor, owner: HoursOwner) {
  if (owner.kind === "health" && !isTransaction(db)) {
    return healthServiceHoursWithCompany(db as Database).execute({
      companyId: owner.companyId,
      serviceId: owner.serviceId,
    });
  }
  const companyRows = and(
    eq(openingHours.companyId, owner.companyId),
    isNull(openingHours.serviceId),
    isNull(openingHours.companyServiceId),
  );
  const where = owner.kind === "company" ? companyRows : or(companyRows, ownerCondition(owner));
  return db
    .select(hoursColumns)
    .from(openingHours)
    .where(where)
    .orderBy(asc(openingHours.weekday), asc(openingHours.opensAt));
}

/** Several companies' own weekly hours at once (care circle). */
export function listCompanyHoursOf(db: Executor, companyIds: number[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      companyId: openingHours.companyId,
      weekday: openingHours.weekday,
      opensAt: openingHours.opensAt,
      closesAt: openingHours.closesAt,
    })
    .from(openingHours)
    .where(
      and(
        inArray(openingHours.companyId, companyIds),
        isNull(openingHours.serviceId),
        isNull(openingHours.companyServiceId),
      ),
    )
    .orderBy(asc(openingHours.companyId), asc(openingHours.weekday), asc(openingHours.opensAt));
}

export async function replaceHours(
  db: Executor,
  owner: HoursOwner,
  rows: Array<{ weekday: number; opensAt: string; closesAt: string }>,
): Promise<void> {
  await db.delete(openingHours).where(ownerCondition(owner));
  if (rows.length === 0) return;
  await db.insert(openingHours).values(
    rows.map((r) => ({
      companyId: owner.companyId,
      serviceId: owner.kind === "health" ? owner.serviceId : null,
      companyServiceId: owner.kind === "platform" ? owner.companyServiceId : null,
      weekday: r.weekday,
      opensAt: r.opensAt,
      closesAt: r.closesAt,
    })),
  );
}

// ─── Closures ────────────────────────────────────────────────────────────────────────────────

/** Closures of a company (every scope), with the names of their services, optionally only current and future. */
export function listClosures(db: Executor, companyId: number, fromDate: string | null) {
  return db
    .select({
      closure: prohibitedDates,
      serviceName: healthServices.name,
      positionRef: companyServices.positionRef,
    })
    .from(prohibitedDates)
    .leftJoin(healthServices, eq(healthServices.id, prohibitedDates.serviceId))
    .leftJoin(companyServices, eq(companyServices.id, prohibitedDates.companyServiceId))
    .where(and(eq(prohibitedDates.companyId, companyId), fromDate ? gte(prohibitedDates.dateTo, fromDate) : undefined))
    .orderBy(asc(prohibitedDates.dateFrom), asc(prohibitedDates.id));
}

export async function findClosure(db: Executor, id: number) {
  const rows = await db
    .select({
      closure: prohibitedDates,
      serviceName: healthServices.name,
      positionRef: companyServices.positionRef,
    })
    .from(prohibitedDates)
    .leftJoin(healthServices, eq(healthServices.id, prohibitedDates.serviceId))
    .leftJoin(companyServices, eq(companyServices.id, prohibitedDates.companyServiceId))
    .where(eq(prohibitedDates.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Closures that touch [from, to] and apply to the given scope: the company's and the service's own. */
const closureColumns = { from: prohibitedDates.dateFrom, to: prohibitedDates.dateTo, reason: prohibitedDates.reason };

/** closuresFor of a health service, prepared: every week of slots reads it. */
const healthServiceClosures = preparedQuery((db) =>
  db
    .select(closureColumns)
    .from(prohibitedDates)
    .where(
      and(
        eq(prohibitedDates.companyId, sql.placeholder("companyId")),
        lte(prohibitedDates.dateFrom, sql.placeholder("to")),
        gte(prohibitedDates.dateTo, sql.placeholder("from")),
        or(
          and(isNull(prohibitedDates.serviceId), isNull(prohibitedDates.companyServiceId)),
          eq(prohibitedDates.serviceId, sql.placeholder("serviceId")),
        ),
      ),
    )
    .prepare("companies_health_service_closures"),
);

export function closuresFor(db: Executor, owner: HoursOwner, from: string, to: string) {
  if (owner.kind === "health" && !isTransaction(db)) {
    return healthServiceClosures(db as Database).execute({
      companyId: owner.companyId,
      serviceId: owner.serviceId,
      from,
      to,
    });
  }
  const scope =
    owner.kind === "company"
      ? and(isNull(prohibitedDates.serviceId), isNull(prohibitedDates.companyServiceId))
      : or(
          and(isNull(prohibitedDates.serviceId), isNull(prohibitedDates.companyServiceId)),
          owner.kind === "health"
            ? eq(prohibitedDates.serviceId, owner.serviceId)
            : eq(prohibitedDates.companyServiceId, owner.companyServiceId),
        );
  return db
    .select(closureColumns)
    .from(prohibitedDates)
    .where(
      and(
        eq(prohibitedDates.companyId, owner.companyId),
        lte(prohibitedDates.dateFrom, to),
        gte(prohibitedDates.dateTo, from),
        scope,
      ),
    );
}

export async function insertClosure(db: Executor, values: typeof prohibitedDates.$inferInsert) {
  const rows = await db.insert(prohibitedDates).values(values).returning({ id: prohibitedDates.id });
  return (rows[0] as { id: number }).id;
}

export async function updateClosure(db: Executor, id: number, values: Partial<typeof prohibitedDates.$inferInsert>) {
  await db.update(prohibitedDates).set(values).where(eq(prohibitedDates.id, id));
}

export async function deleteClosure(db: Executor, id: number): Promise<void> {
  await db.delete(prohibitedDates).where(eq(prohibitedDates.id, id));
}

/** The company's platform services (company_services ids) that have hours of their own. */
export async function platformServicesWithHours(db: Executor, companyId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: openingHours.companyServiceId })
    .from(openingHours)
    .where(and(eq(openingHours.companyId, companyId), isNotNull(openingHours.companyServiceId)));
  return new Set(rows.map((r) => r.id as number));
}
