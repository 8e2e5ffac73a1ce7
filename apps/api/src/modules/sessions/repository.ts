import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { qualified } from "../../db/qualified.ts";
// Read models: a company's name, a survey's name and a fill's score inside this module's queries.
import { companyName } from "../companies/index.ts";
import { fillScore, fillScoreBand, surveyName } from "../surveys/index.ts";
import {
  filledSurveySessionItems,
  filledSurveySessions,
  surveySessionCompanies,
  surveySessionSurveys,
  surveySessions,
} from "./tables.ts";

export type SessionRow = typeof surveySessions.$inferSelect & { companyName: string | null; compilations: number };
export type NewSession = typeof surveySessions.$inferInsert;
export type CompilationRow = typeof filledSurveySessions.$inferSelect & {
  sessionName: string;
  sessionType: "anonima" | "pseudonimizzata" | "in_chiaro";
  signatureRequired: boolean;
  daysToSign: number;
};

const sessionColumns = {
  id: surveySessions.id,
  companyId: surveySessions.companyId,
  name: surveySessions.name,
  description: surveySessions.description,
  type: surveySessions.type,
  status: surveySessions.status,
  allowedRoles: surveySessions.allowedRoles,
  signatureRequired: surveySessions.signatureRequired,
  daysToSign: surveySessions.daysToSign,
  createdBy: surveySessions.createdBy,
  createdAt: surveySessions.createdAt,
  updatedAt: surveySessions.updatedAt,
  companyName: sql<
    string | null
  >`case when ${surveySessions.companyId} is null then null else ${companyName(surveySessions.companyId)} end`,
  // The session's key with its table (db/qualified.ts): unqualified it was the compilation's own id.
  compilations: sql<number>`(select count(*)::int from ${filledSurveySessions} where ${filledSurveySessions.sessionId} = ${qualified(surveySessions.id)})`,
};

/** Sessions enabled for a company (its operators' view), as a condition. */
const enabledFor = (companyId: number): SQL =>
  sql`exists (select 1 from ${surveySessionCompanies} where ${surveySessionCompanies.sessionId} = ${surveySessions.id} and ${surveySessionCompanies.companyId} = ${companyId} and ${surveySessionCompanies.enabled})`;

export async function insertSession(db: Executor, row: NewSession): Promise<number> {
  const [inserted] = await db.insert(surveySessions).values(row).returning({ id: surveySessions.id });
  return (inserted as { id: number }).id;
}

/** The session; `lock` takes its row for the transaction (a start, a status change, a reorder). */
export async function findSession(db: Executor, id: number, lock = false): Promise<SessionRow | null> {
  const query = db.select(sessionColumns).from(surveySessions).where(eq(surveySessions.id, id)).limit(1);
  const rows = lock ? await query.for("update") : await query;
  return rows[0] ?? null;
}

export async function listSessions(
  db: Executor,
  options: { companyId: number | null; status?: string; q?: string; limit: number; offset: number },
): Promise<{ rows: SessionRow[]; total: number }> {
  const where = and(
    options.companyId === null ? undefined : enabledFor(options.companyId),
    options.status ? eq(surveySessions.status, options.status as SessionRow["status"]) : undefined,
    options.q ? ilike(surveySessions.name, `%${options.q.replace(/[%_\\]/g, "\\$&")}%`) : undefined,
  );
  const { compilations: _counted, ...listColumns } = sessionColumns;
  const [page, totals] = await Promise.all([
    db
      .select(listColumns)
      .from(surveySessions)
      .where(where)
      .orderBy(desc(surveySessions.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(surveySessions).where(where),
  ]);
  // The page's compilation counts in one grouped read, not a count per listed session.
  const counts = new Map(
    page.length === 0
      ? []
      : (
          await db
            .select({ sessionId: filledSurveySessions.sessionId, n: count() })
            .from(filledSurveySessions)
            .where(
              inArray(
                filledSurveySessions.sessionId,
                page.map((r) => r.id),
              ),
            )
            .groupBy(filledSurveySessions.sessionId)
        ).map((c) => [c.sessionId, c.n]),
  );
  const rows = page.map((r) => ({ ...r, compilations: counts.get(r.id) ?? 0 }));
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function updateSession(db: Executor, id: number, values: Partial<NewSession>): Promise<void> {
  await db
    .update(surveySessions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(surveySessions.id, id));
}

/** Deletes the session unless a compilation exists (checked in the same statement: no race). */
export async function deleteSessionWithoutCompilations(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(surveySessions)
    .where(
      and(
        eq(surveySessions.id, id),
        sql`not exists (select 1 from ${filledSurveySessions} where ${filledSurveySessions.sessionId} = ${id})`,
      ),
    )
    .returning({ id: surveySessions.id });
  return rows.length > 0;
}

export async function hasCompilations(db: Executor, sessionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: filledSurveySessions.id })
    .from(filledSurveySessions)
    .where(eq(filledSurveySessions.sessionId, sessionId))
    .limit(1);
  return rows.length > 0;
}

// ---- The session's surveys ---------------------------------------------------------------------

export interface SessionSurveyRow {
  sessionId: number;
  surveyId: number;
  position: number;
  name: string;
}

/** The surveys of some sessions in order, in one query (a page of sessions). */
export async function surveysOfSessions(db: Executor, sessionIds: readonly number[]): Promise<SessionSurveyRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: surveySessionSurveys.sessionId,
      surveyId: surveySessionSurveys.surveyId,
      position: surveySessionSurveys.position,
      name: surveyName(surveySessionSurveys.surveyId),
    })
    .from(surveySessionSurveys)
    .where(inArray(surveySessionSurveys.sessionId, [...sessionIds]))
    .orderBy(asc(surveySessionSurveys.sessionId), asc(surveySessionSurveys.position));
}

/** Writes the session's surveys in this order (replacing any). */
export async function setSessionSurveys(db: Executor, sessionId: number, surveyIds: readonly number[]): Promise<void> {
  await db.delete(surveySessionSurveys).where(eq(surveySessionSurveys.sessionId, sessionId));
  if (surveyIds.length > 0)
    await db
      .insert(surveySessionSurveys)
      .values(surveyIds.map((surveyId, position) => ({ sessionId, surveyId, position })));
}

// ---- Enablement --------------------------------------------------------------------------------

export async function sessionEnablement(db: Executor, sessionId: number, companyId: number) {
  const rows = await db
    .select({ enabled: surveySessionCompanies.enabled })
    .from(surveySessionCompanies)
    .where(and(eq(surveySessionCompanies.sessionId, sessionId), eq(surveySessionCompanies.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function setSessionEnablement(
  db: Executor,
  sessionId: number,
  companyId: number,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(surveySessionCompanies)
    .values({ sessionId, companyId, enabled })
    .onConflictDoUpdate({
      target: [surveySessionCompanies.sessionId, surveySessionCompanies.companyId],
      set: { enabled, updatedAt: sql`now()` },
    });
}

export async function listSessionEnablements(db: Executor, sessionId: number, page: { limit: number; offset: number }) {
  const where = eq(surveySessionCompanies.sessionId, sessionId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        companyId: surveySessionCompanies.companyId,
        companyName: companyName(surveySessionCompanies.companyId),
        enabled: surveySessionCompanies.enabled,
        updatedAt: surveySessionCompanies.updatedAt,
      })
      .from(surveySessionCompanies)
      .where(where)
      .orderBy(asc(surveySessionCompanies.companyId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(surveySessionCompanies).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

// ---- Compilations ------------------------------------------------------------------------------

const compilationColumns = {
  id: filledSurveySessions.id,
  sessionId: filledSurveySessions.sessionId,
  companyId: filledSurveySessions.companyId,
  patientId: filledSurveySessions.patientId,
  pseudonym: filledSurveySessions.pseudonym,
  operatorId: filledSurveySessions.operatorId,
  status: filledSurveySessions.status,
  startedAt: filledSurveySessions.startedAt,
  lastActivityAt: filledSurveySessions.lastActivityAt,
  completedAt: filledSurveySessions.completedAt,
  signedAt: filledSurveySessions.signedAt,
  signedBy: filledSurveySessions.signedBy,
  signWarnedAt: filledSurveySessions.signWarnedAt,
  sessionName: surveySessions.name,
  sessionType: surveySessions.type,
  signatureRequired: surveySessions.signatureRequired,
  daysToSign: surveySessions.daysToSign,
};

export async function insertCompilation(db: Executor, row: typeof filledSurveySessions.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(filledSurveySessions).values(row).returning({ id: filledSurveySessions.id });
  return (inserted as { id: number }).id;
}

export async function findCompilation(db: Executor, id: number, lock = false): Promise<CompilationRow | null> {
  const query = db
    .select(compilationColumns)
    .from(filledSurveySessions)
    .innerJoin(surveySessions, eq(surveySessions.id, filledSurveySessions.sessionId))
    .where(eq(filledSurveySessions.id, id))
    .limit(1);
  const rows = lock ? await query.for("update", { of: filledSurveySessions }) : await query;
  return rows[0] ?? null;
}

export interface CompilationFilter {
  sessionId?: number;
  companyId?: number;
  patientId?: number;
  operatorId?: number;
  status?: string;
}

export async function listCompilations(
  db: Executor,
  filter: CompilationFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CompilationRow[]; total: number }> {
  const where = and(
    filter.sessionId !== undefined ? eq(filledSurveySessions.sessionId, filter.sessionId) : undefined,
    filter.companyId !== undefined ? eq(filledSurveySessions.companyId, filter.companyId) : undefined,
    filter.patientId !== undefined ? eq(filledSurveySessions.patientId, filter.patientId) : undefined,
    filter.operatorId !== undefined ? eq(filledSurveySessions.operatorId, filter.operatorId) : undefined,
    filter.status ? eq(filledSurveySessions.status, filter.status as CompilationRow["status"]) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(compilationColumns)
      .from(filledSurveySessions)
      .innerJoin(surveySessions, eq(surveySessions.id, filledSurveySessions.sessionId))
      .where(where)
      .orderBy(desc(filledSurveySessions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(filledSurveySessions).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function updateCompilation(
  db: Executor,
  id: number,
  values: Partial<typeof filledSurveySessions.$inferInsert>,
): Promise<void> {
  await db.update(filledSurveySessions).set(values).where(eq(filledSurveySessions.id, id));
}

export interface ItemRow {
  compilationId: number;
  position: number;
  surveyId: number;
  surveyName: string;
  filledSurveyId: number;
  score: number | null;
  scoreBand: string | null;
}

/** The submitted fills of some compilations, in order, in one query. */
export async function itemsOf(db: Executor, compilationIds: readonly number[]): Promise<ItemRow[]> {
  if (compilationIds.length === 0) return [];
  return db
    .select({
      compilationId: filledSurveySessionItems.compilationId,
      position: filledSurveySessionItems.position,
      surveyId: filledSurveySessionItems.surveyId,
      surveyName: surveyName(filledSurveySessionItems.surveyId),
      filledSurveyId: filledSurveySessionItems.filledSurveyId,
      score: fillScore(filledSurveySessionItems.filledSurveyId),
      scoreBand: fillScoreBand(filledSurveySessionItems.filledSurveyId),
    })
    .from(filledSurveySessionItems)
    .where(inArray(filledSurveySessionItems.compilationId, [...compilationIds]))
    .orderBy(asc(filledSurveySessionItems.compilationId), asc(filledSurveySessionItems.position));
}

export async function insertItem(db: Executor, row: typeof filledSurveySessionItems.$inferInsert): Promise<void> {
  await db.insert(filledSurveySessionItems).values(row);
}

export async function deleteCompilation(db: Executor, id: number): Promise<void> {
  await db.delete(filledSurveySessions).where(eq(filledSurveySessions.id, id));
}

/** Open compilations idle since before `before`: abandoned, in one statement. */
export async function abandonIdle(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .update(filledSurveySessions)
    .set({ status: "abbandonata" })
    .where(
      and(
        inArray(filledSurveySessions.status, ["avviata", "in_corso"]),
        lt(filledSurveySessions.lastActivityAt, before),
      ),
    )
    .returning({ id: filledSurveySessions.id });
  return rows.length;
}

const unsigned = and(
  eq(filledSurveySessions.status, "completata"),
  isNull(filledSurveySessions.signedAt),
  eq(surveySessions.signatureRequired, true),
);
const signDeadline = sql`${filledSurveySessions.completedAt} + make_interval(days => ${surveySessions.daysToSign})`;

/** Unsigned completed compilations whose deadline is within a day and whose operator was not warned. */
export async function dueForWarning(db: Executor, limit: number) {
  return db
    .select({
      id: filledSurveySessions.id,
      operatorId: filledSurveySessions.operatorId,
      sessionName: surveySessions.name,
      companyId: filledSurveySessions.companyId,
    })
    .from(filledSurveySessions)
    .innerJoin(surveySessions, eq(surveySessions.id, filledSurveySessions.sessionId))
    .where(and(unsigned, isNull(filledSurveySessions.signWarnedAt), sql`${signDeadline} - interval '1 day' <= now()`))
    .orderBy(asc(filledSurveySessions.id))
    .limit(limit)
    .for("update", { of: filledSurveySessions, skipLocked: true });
}

/** Unsigned completed compilations past their deadline (each is locked and read again before it goes). */
export async function dueForDeletion(db: Executor, limit: number) {
  return db
    .select({
      id: filledSurveySessions.id,
      sessionId: filledSurveySessions.sessionId,
      companyId: filledSurveySessions.companyId,
      operatorId: filledSurveySessions.operatorId,
      completedAt: filledSurveySessions.completedAt,
    })
    .from(filledSurveySessions)
    .innerJoin(surveySessions, eq(surveySessions.id, filledSurveySessions.sessionId))
    .where(and(unsigned, sql`${signDeadline} <= now()`))
    .orderBy(asc(filledSurveySessions.id))
    .limit(limit);
}

/** Whether a fill is one of the steps a compilation submitted. */
export async function isCompilationFill(db: Executor, fillId: number): Promise<boolean> {
  const rows = await db
    .select({ fill: filledSurveySessionItems.filledSurveyId })
    .from(filledSurveySessionItems)
    .where(eq(filledSurveySessionItems.filledSurveyId, fillId))
    .limit(1);
  return rows.length > 0;
}

/** The pseudonyms of some compilations (null for those that are not pseudonymous), in one read. */
export async function pseudonymsOf(db: Executor, compilationIds: readonly number[]) {
  if (compilationIds.length === 0) return [];
  return db
    .select({ id: filledSurveySessions.id, pseudonym: filledSurveySessions.pseudonym })
    .from(filledSurveySessions)
    .where(inArray(filledSurveySessions.id, [...compilationIds]));
}

export async function fillIdsOf(db: Executor, compilationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: filledSurveySessionItems.filledSurveyId })
    .from(filledSurveySessionItems)
    .where(eq(filledSurveySessionItems.compilationId, compilationId));
  return rows.map((r) => r.id);
}
