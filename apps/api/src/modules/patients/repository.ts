import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookingCountOf, bookingUserIds } from "../bookings/index.ts";
import { careCircleUserIds, inCareCircle } from "../companies/index.ts";
// Read only (docs/architecture.md "Boundaries"): listing and searching a company's patients by name
// pages and sorts on the people's records; none of it can be done through service calls without
// loading every row. Who is a patient (their bookings, their care circle) comes from the owners'
// read models, in the same query.
import { anagrafiche, users } from "../identity/tables.ts";
import { companyPatients } from "./tables.ts";

export type LinkRow = typeof companyPatients.$inferSelect;

/** The ids of the company's patients: linked, booked there, or with the company in their care circle. */
function patientIdsOf(companyId: number): SQL {
  return sql`(
    select ${companyPatients.userId} from ${companyPatients} where ${companyPatients.companyId} = ${companyId}
    union ${bookingUserIds(companyId)}
    union ${careCircleUserIds(companyId)}
  )`;
}

function patientColumns(companyId: number) {
  return {
    user: {
      id: users.id,
      email: users.email,
      numberVerifiedAt: users.numberVerifiedAt,
    },
    anagrafica: anagrafiche,
    link: {
      origin: companyPatients.origin,
      active: companyPatients.active,
      consentAt: companyPatients.consentAt,
    },
    inCareCircle: inCareCircle(companyId, users.id),
    bookings: bookingCountOf(companyId, users.id),
  };
}

export type PatientRow = {
  user: { id: number; email: string | null; numberVerifiedAt: Date | null };
  anagrafica: typeof anagrafiche.$inferSelect | null;
  link: { origin: LinkRow["origin"] | null; active: boolean | null; consentAt: Date | null } | null;
  inCareCircle: boolean;
  bookings: number;
};

function selectPatients(db: Executor, companyId: number) {
  return db
    .select(patientColumns(companyId))
    .from(users)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
    .leftJoin(companyPatients, and(eq(companyPatients.companyId, companyId), eq(companyPatients.userId, users.id)));
}

/** Citizens only, never deleted accounts, and only the company's patients. */
function patientsWhere(companyId: number, extra: Array<SQL | undefined>): SQL | undefined {
  return and(eq(users.type, 0), isNull(users.deletedAt), sql`${users.id} in ${patientIdsOf(companyId)}`, ...extra);
}

/** A link row missing means "followed": only an explicit archive hides a patient. */
const activeIs = (active: boolean | undefined): SQL | undefined =>
  active === undefined
    ? undefined
    : active
      ? sql`coalesce(${companyPatients.active}, true)`
      : sql`not coalesce(${companyPatients.active}, true)`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Name, surname (either order), tax code or e-mail containing the text, case-insensitively. */
function matches(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text.toLowerCase())}%`;
  return sql`(
    lower(${anagrafiche.name} || ' ' || ${anagrafiche.surname}) like ${like}
    or lower(${anagrafiche.surname} || ' ' || ${anagrafiche.name}) like ${like}
    or lower(coalesce(${anagrafiche.cf}, '')) like ${like}
    or lower(coalesce(${users.email}, '')) like ${like}
  )`;
}

export async function findPatient(db: Executor, companyId: number, userId: number): Promise<PatientRow | null> {
  const rows = await selectPatients(db, companyId)
    .where(patientsWhere(companyId, [eq(users.id, userId)]))
    .limit(1);
  return (rows[0] as PatientRow | undefined) ?? null;
}

export async function listPatients(
  db: Executor,
  companyId: number,
  filter: { q?: string; active?: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: PatientRow[]; total: number }> {
  const where = patientsWhere(companyId, [matches(filter.q), activeIs(filter.active)]);
  const [rows, totals] = await Promise.all([
    selectPatients(db, companyId)
      .where(where)
      .orderBy(asc(anagrafiche.surname), asc(anagrafiche.name), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(users)
      .leftJoin(anagrafiche, eq(anagrafiche.userId, users.id))
      .leftJoin(companyPatients, and(eq(companyPatients.companyId, companyId), eq(companyPatients.userId, users.id)))
      .where(where),
  ]);
  return { rows: rows as PatientRow[], total: totals[0]?.n ?? 0 };
}

/** Patients whose link this operator created (registered or booked for them), newest first. */
export async function listPatientsCreatedBy(
  db: Executor,
  companyId: number,
  operatorId: number,
  limit: number,
): Promise<PatientRow[]> {
  const rows = await selectPatients(db, companyId)
    .where(patientsWhere(companyId, [eq(companyPatients.createdBy, operatorId)]))
    .orderBy(desc(companyPatients.createdAt), asc(users.id))
    .limit(limit);
  return rows as PatientRow[];
}

export async function findLink(db: Executor, companyId: number, userId: number): Promise<LinkRow | null> {
  const rows = await db
    .select()
    .from(companyPatients)
    .where(and(eq(companyPatients.companyId, companyId), eq(companyPatients.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Creates the link if missing (a second operator's booking never takes it over). */
export async function ensureLink(
  db: Executor,
  values: {
    companyId: number;
    userId: number;
    origin: LinkRow["origin"];
    createdBy: number | null;
    createdAccount?: boolean;
  },
): Promise<void> {
  await db.insert(companyPatients).values(values).onConflictDoNothing();
}

export async function updateLink(
  db: Executor,
  companyId: number,
  userId: number,
  values: Partial<Pick<LinkRow, "active" | "consentAt" | "origin">>,
): Promise<void> {
  await db
    .update(companyPatients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companyPatients.companyId, companyId), eq(companyPatients.userId, userId)));
}

/**
 * Serialises registrations of one tax code until the transaction ends, then tells whether another
 * account than `userId` carries it: two operators registering the same new patient at once create
 * one account, and the second is told to retry (it then links the existing one).
 */
export async function lockAndCheckTaxCode(db: Executor, cf: string, userId: number): Promise<boolean> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`patients:cf:${cf}`}))`);
  const rows = await db
    .select({ id: anagrafiche.userId })
    .from(anagrafiche)
    .where(and(eq(anagrafiche.cf, cf), sql`${anagrafiche.userId} <> ${userId}`))
    .limit(1);
  return rows.length > 0;
}
