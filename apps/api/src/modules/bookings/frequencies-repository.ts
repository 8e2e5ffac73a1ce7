import { and, asc, desc, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { companyName, healthServiceName } from "../companies/index.ts";
// Read only (the exception for names in docs/architecture.md "Boundaries"): the patient's name and
// tax code beside each recurring reservation, in the list's own query.
import { anagrafiche } from "../identity/tables.ts";
import { bookingFrequencies, bookingFrequencyOccurrences } from "./tables.ts";

export type FrequencyRow = typeof bookingFrequencies.$inferSelect;
export type NewFrequency = typeof bookingFrequencies.$inferInsert;

export type FrequencyWithNames = {
  frequency: FrequencyRow;
  serviceName: string;
  companyName: string;
  name: string | null;
  surname: string | null;
  cf: string | null;
  occurrences: number;
};

function selectWithNames(db: Executor) {
  return db
    .select({
      frequency: bookingFrequencies,
      // Never null: a recurring reservation is always of a health service.
      serviceName: healthServiceName(bookingFrequencies.healthServiceId) as SQL<string>,
      companyName: companyName(bookingFrequencies.companyId),
      name: anagrafiche.name,
      surname: anagrafiche.surname,
      cf: anagrafiche.cf,
      occurrences: sql<number>`(select count(*)::int from ${bookingFrequencyOccurrences} where ${bookingFrequencyOccurrences.frequencyId} = ${bookingFrequencies.id})`,
    })
    .from(bookingFrequencies)
    .leftJoin(anagrafiche, eq(anagrafiche.userId, bookingFrequencies.userId));
}

export async function findFrequency(db: Executor, id: number): Promise<FrequencyWithNames | null> {
  const rows = await selectWithNames(db).where(eq(bookingFrequencies.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A user's recurring reservations; at one company only when given (an operator's view). */
export function listByUser(db: Executor, userId: number, companyId?: number): Promise<FrequencyWithNames[]> {
  return selectWithNames(db)
    .where(
      and(
        eq(bookingFrequencies.userId, userId),
        companyId === undefined ? undefined : eq(bookingFrequencies.companyId, companyId),
      ),
    )
    .orderBy(asc(bookingFrequencies.nextDate), asc(bookingFrequencies.id))
    .limit(500);
}

export function listByCompany(db: Executor, companyId: number): Promise<FrequencyWithNames[]> {
  return selectWithNames(db)
    .where(eq(bookingFrequencies.companyId, companyId))
    .orderBy(desc(bookingFrequencies.enabled), asc(bookingFrequencies.nextDate), asc(bookingFrequencies.id))
    .limit(1000);
}

export async function insertFrequency(db: Executor, values: NewFrequency): Promise<number> {
  const [row] = await db.insert(bookingFrequencies).values(values).returning({ id: bookingFrequencies.id });
  return (row as { id: number }).id;
}

export async function updateFrequency(db: Executor, id: number, values: Partial<NewFrequency>): Promise<void> {
  await db
    .update(bookingFrequencies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookingFrequencies.id, id));
}

export async function deleteFrequency(db: Executor, id: number): Promise<void> {
  await db.delete(bookingFrequencies).where(eq(bookingFrequencies.id, id));
}

/** The row locked for a change (a change and the job never interleave on one recurrence). */
export async function lockFrequency(db: Executor, id: number): Promise<FrequencyRow | null> {
  const rows = await db.select().from(bookingFrequencies).where(eq(bookingFrequencies.id, id)).for("update").limit(1);
  return rows[0] ?? null;
}

/**
 * The row locked for the job, or null when another instance's job holds it now (SKIP LOCKED):
 * that one creates the booking, this one moves on.
 */
export async function claimFrequency(db: Executor, id: number): Promise<FrequencyRow | null> {
  const rows = await db
    .select()
    .from(bookingFrequencies)
    .where(eq(bookingFrequencies.id, id))
    .for("update", { skipLocked: true })
    .limit(1);
  return rows[0] ?? null;
}

/** Enabled recurrences whose next date is on or before `horizon` (and not past their end). */
export async function dueFrequencyIds(db: Executor, horizon: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: bookingFrequencies.id })
    .from(bookingFrequencies)
    .where(
      and(
        eq(bookingFrequencies.enabled, true),
        lte(bookingFrequencies.nextDate, horizon),
        or(isNull(bookingFrequencies.endDate), lte(bookingFrequencies.nextDate, bookingFrequencies.endDate)),
      ),
    )
    .orderBy(asc(bookingFrequencies.nextDate), asc(bookingFrequencies.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Records the booking of one date; false when that date already has one (nothing is written). */
export async function insertOccurrence(
  db: Executor,
  values: { frequencyId: number; date: string; bookingId: number },
): Promise<boolean> {
  const rows = await db
    .insert(bookingFrequencyOccurrences)
    .values(values)
    .onConflictDoNothing()
    .returning({ date: bookingFrequencyOccurrences.date });
  return rows.length > 0;
}
