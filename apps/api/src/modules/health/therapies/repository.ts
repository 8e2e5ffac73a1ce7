import { and, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import {
  healthExemptionPathologies,
  healthExemptions,
  healthPathologies,
  healthTherapies,
  healthTherapyIntakes,
} from "./tables.ts";

export type PathologyRow = typeof healthPathologies.$inferSelect;
export type ExemptionRow = typeof healthExemptions.$inferSelect;
export type TherapyRow = typeof healthTherapies.$inferSelect;
export type IntakeRow = typeof healthTherapyIntakes.$inferSelect;
interface Page {
  limit: number;
  offset: number;
}

/**
 * "Private to author" (issue 11): a private record reaches only the person who wrote it, in every
 * query of this file (lists, counts, single reads, links, PDFs), so no caller can forget it.
 */
const visiblePathology = (viewerId: number) =>
  or(eq(healthPathologies.private, false), eq(healthPathologies.authorId, viewerId));
const visibleTherapy = (viewerId: number) =>
  and(
    isNull(healthTherapies.deletedAt),
    or(eq(healthTherapies.private, false), eq(healthTherapies.authorId, viewerId)),
  );

// ---- Pathologies --------------------------------------------------------------------------------

export async function insertPathology(db: Executor, values: typeof healthPathologies.$inferInsert) {
  const [row] = await db.insert(healthPathologies).values(values).returning();
  return row as PathologyRow;
}

export async function updatePathology(
  db: Executor,
  id: number,
  values: Partial<typeof healthPathologies.$inferInsert>,
) {
  const [row] = await db
    .update(healthPathologies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(healthPathologies.id, id))
    .returning();
  return row as PathologyRow;
}

export async function findPathology(db: Executor, patientId: number, viewerId: number, id: number) {
  const [row] = await db
    .select()
    .from(healthPathologies)
    .where(and(eq(healthPathologies.id, id), eq(healthPathologies.patientId, patientId), visiblePathology(viewerId)));
  return row ?? null;
}

export async function pathologiesByIds(db: Executor, patientId: number, viewerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: healthPathologies.id, name: healthPathologies.name })
    .from(healthPathologies)
    .where(
      and(inArray(healthPathologies.id, ids), eq(healthPathologies.patientId, patientId), visiblePathology(viewerId)),
    );
}

export async function listPathologies(db: Executor, patientId: number, viewerId: number, page: Page) {
  const where = and(eq(healthPathologies.patientId, patientId), visiblePathology(viewerId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(healthPathologies)
      .where(where)
      .orderBy(desc(healthPathologies.createdAt), desc(healthPathologies.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(healthPathologies).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// ---- Exemptions ---------------------------------------------------------------------------------

export async function insertExemption(db: Executor, values: typeof healthExemptions.$inferInsert) {
  const [row] = await db.insert(healthExemptions).values(values).returning();
  return row as ExemptionRow;
}

export async function updateExemption(db: Executor, id: number, values: Partial<typeof healthExemptions.$inferInsert>) {
  const [row] = await db
    .update(healthExemptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(healthExemptions.id, id))
    .returning();
  return row as ExemptionRow;
}

export async function replaceExemptionPathologies(db: Executor, exemptionId: number, pathologyIds: number[]) {
  await db.delete(healthExemptionPathologies).where(eq(healthExemptionPathologies.exemptionId, exemptionId));
  if (pathologyIds.length > 0) {
    await db
      .insert(healthExemptionPathologies)
      .values(pathologyIds.map((pathologyId) => ({ exemptionId, pathologyId })));
  }
}

export async function findExemption(db: Executor, patientId: number, id: number) {
  const [row] = await db
    .select()
    .from(healthExemptions)
    .where(and(eq(healthExemptions.id, id), eq(healthExemptions.patientId, patientId)));
  return row ?? null;
}

export async function listExemptions(db: Executor, patientId: number) {
  return db
    .select()
    .from(healthExemptions)
    .where(eq(healthExemptions.patientId, patientId))
    .orderBy(desc(healthExemptions.createdAt), desc(healthExemptions.id))
    .limit(200);
}

/** The linked pathologies of several exemptions in one query; another author's private pathology stays out. */
export async function linkedPathologies(db: Executor, exemptionIds: number[], viewerId: number) {
  if (exemptionIds.length === 0) return [];
  return db
    .select({
      exemptionId: healthExemptionPathologies.exemptionId,
      id: healthPathologies.id,
      name: healthPathologies.name,
    })
    .from(healthExemptionPathologies)
    .innerJoin(healthPathologies, eq(healthPathologies.id, healthExemptionPathologies.pathologyId))
    .where(and(inArray(healthExemptionPathologies.exemptionId, exemptionIds), visiblePathology(viewerId)));
}

// ---- Therapies ----------------------------------------------------------------------------------

export type TherapyStateFilter = "attiva" | "sospesa" | "terminata" | "in_corso";

/** Finished: the end date has passed (a periodic therapy repeats, so it never finishes by itself). */
export function finishedSql(today: string): SQL {
  return sql`(${healthTherapies.endDate} is not null and ${healthTherapies.endDate} < ${today} and ${healthTherapies.duration} <> 'periodica')`;
}
function stateWhere(state: TherapyStateFilter | undefined, today: string): SQL | undefined {
  if (!state) return undefined;
  if (state === "terminata") return finishedSql(today);
  if (state === "in_corso") return sql`not ${finishedSql(today)}`;
  const suspended = sql`${healthTherapies.suspendedAt} is not null`;
  return and(sql`not ${finishedSql(today)}`, state === "sospesa" ? suspended : sql`not ${suspended}`);
}

export async function insertTherapy(db: Executor, values: typeof healthTherapies.$inferInsert) {
  const [row] = await db.insert(healthTherapies).values(values).returning();
  return row as TherapyRow;
}

export async function updateTherapy(db: Executor, id: number, values: Partial<typeof healthTherapies.$inferInsert>) {
  const [row] = await db
    .update(healthTherapies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(healthTherapies.id, id))
    .returning();
  return row as TherapyRow;
}

export async function findTherapy(db: Executor, patientId: number, viewerId: number, id: number) {
  const [row] = await db
    .select()
    .from(healthTherapies)
    .where(and(eq(healthTherapies.id, id), eq(healthTherapies.patientId, patientId), visibleTherapy(viewerId)));
  return row ?? null;
}

/** A therapy by id alone, for routes that name only the therapy (the access check then runs on its patient). */
export async function therapyPatient(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: healthTherapies.patientId })
    .from(healthTherapies)
    .where(and(eq(healthTherapies.id, id), isNull(healthTherapies.deletedAt)));
  return row?.patientId ?? null;
}

export async function listTherapies(
  db: Executor,
  patientId: number,
  viewerId: number,
  filter: { state?: TherapyStateFilter; today: string },
  page: Page,
) {
  const where = and(
    eq(healthTherapies.patientId, patientId),
    visibleTherapy(viewerId),
    stateWhere(filter.state, filter.today),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(healthTherapies)
      .where(where)
      .orderBy(desc(healthTherapies.startDate), desc(healthTherapies.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(healthTherapies).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The visible, current (not finished) therapies of a person, for the weekly recap. */
export async function currentTherapies(db: Executor, patientId: number, viewerId: number, fromDay: string) {
  return db
    .select()
    .from(healthTherapies)
    .where(and(eq(healthTherapies.patientId, patientId), visibleTherapy(viewerId), sql`not ${finishedSql(fromDay)}`))
    .orderBy(healthTherapies.drugName)
    .limit(200);
}

/** The marked intakes of several therapies since an instant, in one query. */
export async function intakesSince(db: Executor, therapyIds: number[], from: Date, to?: Date) {
  if (therapyIds.length === 0) return [];
  return db
    .select({
      therapyId: healthTherapyIntakes.therapyId,
      scheduledAt: healthTherapyIntakes.scheduledAt,
      taken: healthTherapyIntakes.taken,
    })
    .from(healthTherapyIntakes)
    .where(
      and(
        inArray(healthTherapyIntakes.therapyId, therapyIds),
        gte(healthTherapyIntakes.scheduledAt, from),
        to ? lt(healthTherapyIntakes.scheduledAt, to) : undefined,
      ),
    );
}

/** Marks one intake; marking again changes the mark (idempotent for a retried request). */
export async function upsertIntake(db: Executor, values: typeof healthTherapyIntakes.$inferInsert) {
  const [row] = await db
    .insert(healthTherapyIntakes)
    .values(values)
    .onConflictDoUpdate({
      target: [healthTherapyIntakes.therapyId, healthTherapyIntakes.scheduledAt],
      set: { taken: values.taken, markedBy: values.markedBy, markedAt: new Date() },
    })
    .returning();
  return row as IntakeRow;
}
