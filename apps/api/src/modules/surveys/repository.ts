import type { TSurveyTemplate } from "@cura/domain";
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { qualified } from "../../db/qualified.ts";
// Read models of the companies module: a company's or a health service's name, a company's health
// services under a platform service, inside this module's own queries.
import { companyName, healthServiceIdsUnder, healthServiceName } from "../companies/index.ts";
import {
  filledSurveyFiles,
  filledSurveys,
  healthServiceSurveys,
  surveyActivities,
  surveyActivityCompanies,
  surveyCompanies,
  surveyDrafts,
  surveys,
  suspendedSurveys,
} from "./tables.ts";

export type ActivityRow = typeof surveyActivities.$inferSelect & { companyName: string | null; surveysCount: number };
export type SurveyRow = typeof surveys.$inferSelect & { activityName: string; activityCompanyId: number | null };
export type FillRow = typeof filledSurveys.$inferSelect & { surveyName: string; companyName: string | null };
export type NewActivity = typeof surveyActivities.$inferInsert;
export type NewSurvey = typeof surveys.$inferInsert;
export type NewFill = typeof filledSurveys.$inferInsert;

// ---- Activities -------------------------------------------------------------------------------

const activityColumns = {
  id: surveyActivities.id,
  companyId: surveyActivities.companyId,
  name: surveyActivities.name,
  description: surveyActivities.description,
  startDate: surveyActivities.startDate,
  endDate: surveyActivities.endDate,
  status: surveyActivities.status,
  createdBy: surveyActivities.createdBy,
  createdAt: surveyActivities.createdAt,
  updatedAt: surveyActivities.updatedAt,
  companyName: sql<
    string | null
  >`case when ${surveyActivities.companyId} is null then null else ${companyName(surveyActivities.companyId)} end`,
  surveysCount: sql<number>`(select count(*)::int from ${surveys} where ${surveys.activityId} = ${qualified(surveyActivities.id)})`,
};

/** Activities enabled for a company (its operators' view), as a condition. */
const enabledFor = (companyId: number): SQL =>
  sql`exists (select 1 from ${surveyActivityCompanies} where ${surveyActivityCompanies.activityId} = ${surveyActivities.id} and ${surveyActivityCompanies.companyId} = ${companyId} and ${surveyActivityCompanies.enabled})`;

export async function insertActivity(db: Executor, row: NewActivity): Promise<number> {
  const [inserted] = await db.insert(surveyActivities).values(row).returning({ id: surveyActivities.id });
  return (inserted as { id: number }).id;
}

export async function findActivity(db: Executor, id: number): Promise<ActivityRow | null> {
  const rows = await db.select(activityColumns).from(surveyActivities).where(eq(surveyActivities.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Activities for a company's operators (null: every activity, for administrators), newest first. */
export async function listActivities(
  db: Executor,
  options: { companyId: number | null; q?: string; limit: number; offset: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const where = and(
    options.companyId === null ? undefined : enabledFor(options.companyId),
    options.q ? ilike(surveyActivities.name, `%${options.q.replace(/[\\%_]/g, "\\$&")}%`) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(activityColumns)
      .from(surveyActivities)
      .where(where)
      .orderBy(desc(surveyActivities.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(surveyActivities).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function updateActivity(db: Executor, id: number, values: Partial<NewActivity>): Promise<void> {
  await db
    .update(surveyActivities)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(surveyActivities.id, id));
}

export async function deleteActivity(db: Executor, id: number): Promise<void> {
  await db.delete(surveyActivities).where(eq(surveyActivities.id, id));
}

/** The enablement row of an activity for a company: null when none. */
export async function activityEnablement(db: Executor, activityId: number, companyId: number) {
  const rows = await db
    .select({ enabled: surveyActivityCompanies.enabled })
    .from(surveyActivityCompanies)
    .where(and(eq(surveyActivityCompanies.activityId, activityId), eq(surveyActivityCompanies.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function setActivityEnablement(
  db: Executor,
  activityId: number,
  companyId: number,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(surveyActivityCompanies)
    .values({ activityId, companyId, enabled })
    .onConflictDoUpdate({
      target: [surveyActivityCompanies.activityId, surveyActivityCompanies.companyId],
      set: { enabled, updatedAt: new Date() },
    });
}

export async function listActivityEnablements(
  db: Executor,
  activityId: number,
  options: { limit: number; offset: number },
) {
  const where = eq(surveyActivityCompanies.activityId, activityId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        companyId: surveyActivityCompanies.companyId,
        companyName: companyName(surveyActivityCompanies.companyId),
        enabled: surveyActivityCompanies.enabled,
        updatedAt: surveyActivityCompanies.updatedAt,
      })
      .from(surveyActivityCompanies)
      .where(where)
      .orderBy(asc(surveyActivityCompanies.companyId))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(surveyActivityCompanies).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function activityHasFills(db: Executor, activityId: number): Promise<boolean> {
  const rows = await db
    .select({ id: filledSurveys.id })
    .from(filledSurveys)
    .innerJoin(surveys, eq(surveys.id, filledSurveys.surveyId))
    .where(eq(surveys.activityId, activityId))
    .limit(1);
  return rows.length > 0;
}

// ---- Surveys ----------------------------------------------------------------------------------

const surveyColumns = {
  id: surveys.id,
  activityId: surveys.activityId,
  name: surveys.name,
  description: surveys.description,
  informativa: surveys.informativa,
  template: surveys.template,
  version: surveys.version,
  active: surveys.active,
  status: surveys.status,
  createdBy: surveys.createdBy,
  createdAt: surveys.createdAt,
  updatedAt: surveys.updatedAt,
  activityName: surveyActivities.name,
  activityCompanyId: surveyActivities.companyId,
};

/** Surveys enabled for a company whose activity is enabled for it too. */
const surveyEnabledFor = (companyId: number): SQL =>
  and(
    enabledFor(companyId),
    sql`exists (select 1 from ${surveyCompanies} where ${surveyCompanies.surveyId} = ${surveys.id} and ${surveyCompanies.companyId} = ${companyId} and ${surveyCompanies.enabled})`,
  ) as SQL;

export async function insertSurvey(db: Executor, row: NewSurvey): Promise<number> {
  const [inserted] = await db.insert(surveys).values(row).returning({ id: surveys.id });
  return (inserted as { id: number }).id;
}

export async function findSurvey(db: Executor, id: number): Promise<SurveyRow | null> {
  const rows = await db
    .select(surveyColumns)
    .from(surveys)
    .innerJoin(surveyActivities, eq(surveyActivities.id, surveys.activityId))
    .where(eq(surveys.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Surveys for a company (null: all, for administrators), optionally of some activities; newest first. */
export async function listSurveys(
  db: Executor,
  options: { companyId: number | null; activityIds?: number[]; limit: number; offset: number },
): Promise<{ rows: SurveyRow[]; total: number }> {
  const where = and(
    options.companyId === null ? undefined : surveyEnabledFor(options.companyId),
    options.activityIds ? inArray(surveys.activityId, options.activityIds) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(surveyColumns)
      .from(surveys)
      .innerJoin(surveyActivities, eq(surveyActivities.id, surveys.activityId))
      .where(where)
      .orderBy(desc(surveys.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: count() })
      .from(surveys)
      .innerJoin(surveyActivities, eq(surveyActivities.id, surveys.activityId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function updateSurvey(db: Executor, id: number, values: Partial<NewSurvey>): Promise<void> {
  await db
    .update(surveys)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(surveys.id, id));
}

export async function surveyEnablement(db: Executor, surveyId: number, companyId: number) {
  const rows = await db
    .select({ enabled: surveyCompanies.enabled })
    .from(surveyCompanies)
    .where(and(eq(surveyCompanies.surveyId, surveyId), eq(surveyCompanies.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function setSurveyEnablement(
  db: Executor,
  surveyId: number,
  companyId: number,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(surveyCompanies)
    .values({ surveyId, companyId, enabled })
    .onConflictDoUpdate({
      target: [surveyCompanies.surveyId, surveyCompanies.companyId],
      set: { enabled, updatedAt: new Date() },
    });
}

// ---- Fills ------------------------------------------------------------------------------------

const fillColumns = {
  id: filledSurveys.id,
  surveyId: filledSurveys.surveyId,
  surveyVersion: filledSurveys.surveyVersion,
  template: filledSurveys.template,
  answers: filledSurveys.answers,
  userId: filledSurveys.userId,
  filledBy: filledSurveys.filledBy,
  companyId: filledSurveys.companyId,
  score: filledSurveys.score,
  scoreBand: filledSurveys.scoreBand,
  sessionId: filledSurveys.sessionId,
  bookingId: filledSurveys.bookingId,
  ownDay: filledSurveys.ownDay,
  createdAt: filledSurveys.createdAt,
  updatedAt: filledSurveys.updatedAt,
  surveyName: surveys.name,
  companyName: sql<
    string | null
  >`case when ${filledSurveys.companyId} is null then null else ${companyName(filledSurveys.companyId)} end`,
};

export async function insertFill(db: Executor, row: NewFill, fileIds: number[]): Promise<number> {
  const [inserted] = await db.insert(filledSurveys).values(row).returning({ id: filledSurveys.id });
  const id = (inserted as { id: number }).id;
  if (fileIds.length > 0)
    await db.insert(filledSurveyFiles).values(fileIds.map((fileId) => ({ filledSurveyId: id, fileId })));
  return id;
}

export async function findFill(db: Executor, id: number): Promise<FillRow | null> {
  const rows = await db
    .select(fillColumns)
    .from(filledSurveys)
    .innerJoin(surveys, eq(surveys.id, filledSurveys.surveyId))
    .where(eq(filledSurveys.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Fills, newest first: of a survey, of a person, limited to a company's (null: any). */
export async function listFills(
  db: Executor,
  options: {
    surveyId?: number;
    userId?: number;
    companyId?: number | null;
    filledBy?: number;
    limit: number;
    offset: number;
  },
): Promise<{ rows: FillRow[]; total: number }> {
  const where = and(
    options.surveyId !== undefined ? eq(filledSurveys.surveyId, options.surveyId) : undefined,
    options.userId !== undefined ? eq(filledSurveys.userId, options.userId) : undefined,
    typeof options.companyId === "number" ? eq(filledSurveys.companyId, options.companyId) : undefined,
    options.filledBy !== undefined ? eq(filledSurveys.filledBy, options.filledBy) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(fillColumns)
      .from(filledSurveys)
      .innerJoin(surveys, eq(surveys.id, filledSurveys.surveyId))
      .where(where)
      .orderBy(desc(filledSurveys.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(filledSurveys).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/**
 * A batch of a survey's fills after `afterId` in key order (the XLS export), limited to a company's.
 * Without each fill's copy of its template: every fill of a version has the same one
 * (`fillTemplate`), read once per version rather than once per row.
 */
export async function fillBatch(
  db: Executor,
  options: { surveyId: number; companyId: number | null; afterId: number | null; limit: number },
) {
  return db
    .select({
      id: filledSurveys.id,
      userId: filledSurveys.userId,
      sessionId: filledSurveys.sessionId,
      answers: filledSurveys.answers,
      surveyId: filledSurveys.surveyId,
      surveyVersion: filledSurveys.surveyVersion,
      score: filledSurveys.score,
      scoreBand: filledSurveys.scoreBand,
      createdAt: filledSurveys.createdAt,
    })
    .from(filledSurveys)
    .where(
      and(
        eq(filledSurveys.surveyId, options.surveyId),
        options.companyId === null ? undefined : eq(filledSurveys.companyId, options.companyId),
        options.afterId === null ? undefined : gt(filledSurveys.id, options.afterId),
      ),
    )
    .orderBy(asc(filledSurveys.id))
    .limit(options.limit);
}

/** The template the fills of a survey's version answered (each keeps the same copy), or null when none is left. */
export async function fillTemplate(db: Executor, surveyId: number, version: number): Promise<TSurveyTemplate | null> {
  const rows = await db
    .select({ template: filledSurveys.template })
    .from(filledSurveys)
    .where(and(eq(filledSurveys.surveyId, surveyId), eq(filledSurveys.surveyVersion, version)))
    .limit(1);
  return rows[0]?.template ?? null;
}

/** Replaces a fill's answers, score and files; returns the files it no longer uses. */
export async function updateFill(
  db: Executor,
  id: number,
  values: Pick<NewFill, "answers" | "score" | "scoreBand">,
  fileIds: number[],
): Promise<number[]> {
  await db
    .update(filledSurveys)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(filledSurveys.id, id));
  const before = await fillFileIds(db, id);
  const dropped = before.filter((f) => !fileIds.includes(f));
  const added = fileIds.filter((f) => !before.includes(f));
  if (dropped.length > 0)
    await db
      .delete(filledSurveyFiles)
      .where(and(eq(filledSurveyFiles.filledSurveyId, id), inArray(filledSurveyFiles.fileId, dropped)));
  if (added.length > 0)
    await db.insert(filledSurveyFiles).values(added.map((fileId) => ({ filledSurveyId: id, fileId })));
  return dropped;
}

export async function fillFileIds(db: Executor, fillId: number): Promise<number[]> {
  const rows = await db
    .select({ fileId: filledSurveyFiles.fileId })
    .from(filledSurveyFiles)
    .where(eq(filledSurveyFiles.filledSurveyId, fillId));
  return rows.map((r) => r.fileId);
}

/**
 * A fill saved before it joined a survey session's compilation (`submit-survey` with
 * `filled_survey_id`): linked to the compilation as a fill stored through it is.
 */
export async function setFillSession(db: Executor, id: number, sessionId: number): Promise<void> {
  await db.update(filledSurveys).set({ sessionId }).where(eq(filledSurveys.id, id));
}

/** Deletes a fill; returns its person and the health scale its template scores for, if any (or null: no fill). */
export async function deleteFill(
  db: Executor,
  id: number,
): Promise<{ userId: number | null; scale: string | null } | null> {
  const rows = await db
    .delete(filledSurveys)
    .where(eq(filledSurveys.id, id))
    .returning({
      userId: filledSurveys.userId,
      scale: sql<string | null>`${filledSurveys.template} -> 'scoring' ->> 'scale'`,
    });
  return rows[0] ?? null;
}

/** The fills that attach a file (the files module's read rule). */
export async function fillsWithFile(db: Executor, fileId: number) {
  return db
    .select({ userId: filledSurveys.userId, filledBy: filledSurveys.filledBy, companyId: filledSurveys.companyId })
    .from(filledSurveyFiles)
    .innerJoin(filledSurveys, eq(filledSurveys.id, filledSurveyFiles.filledSurveyId))
    .where(eq(filledSurveyFiles.fileId, fileId))
    .limit(20);
}

export async function fileInUse(db: Executor, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ id: filledSurveyFiles.fileId })
    .from(filledSurveyFiles)
    .where(eq(filledSurveyFiles.fileId, fileId))
    .limit(1);
  return rows.length > 0;
}

// ---- Surveys of health services ---------------------------------------------------------------

/** The companies module's attach hook: which survey a health service asks for, mandatory or not; null detaches. */
export async function setServiceSurvey(
  db: Executor,
  row: { healthServiceId: number; companyId: number; surveyId: number | null; mandatory: boolean },
): Promise<void> {
  if (row.surveyId === null) {
    await db.delete(healthServiceSurveys).where(eq(healthServiceSurveys.healthServiceId, row.healthServiceId));
    return;
  }
  const values = { companyId: row.companyId, surveyId: row.surveyId, mandatory: row.mandatory, updatedAt: new Date() };
  await db
    .insert(healthServiceSurveys)
    .values({ healthServiceId: row.healthServiceId, ...values })
    .onConflictDoUpdate({ target: healthServiceSurveys.healthServiceId, set: values });
}

/** An open survey (active, not suspended, of an active activity) enabled for a company, as a condition. */
const openFor = (companyId: number): SQL =>
  and(
    eq(surveys.active, true),
    eq(surveys.status, "attivo"),
    eq(surveyActivities.status, "attiva"),
    surveyEnabledFor(companyId),
  ) as SQL;

export type ConnectedSurveyRow = SurveyRow & {
  healthServiceId: number;
  healthServiceName: string | null;
  mandatory: boolean;
};

/** The open surveys a company's health services ask for (the booking wizard), by service; paged. */
export async function listConnectedSurveys(
  db: Executor,
  options: { companyId: number; healthServiceId?: number; limit: number; offset: number },
): Promise<{ rows: ConnectedSurveyRow[]; total: number }> {
  const where = and(
    eq(healthServiceSurveys.companyId, options.companyId),
    options.healthServiceId === undefined
      ? undefined
      : eq(healthServiceSurveys.healthServiceId, options.healthServiceId),
    openFor(options.companyId),
  );
  const from = () =>
    db
      .select({
        ...surveyColumns,
        healthServiceId: healthServiceSurveys.healthServiceId,
        healthServiceName: healthServiceName(healthServiceSurveys.healthServiceId),
        mandatory: healthServiceSurveys.mandatory,
      })
      .from(healthServiceSurveys)
      .innerJoin(surveys, eq(surveys.id, healthServiceSurveys.surveyId))
      .innerJoin(surveyActivities, eq(surveyActivities.id, surveys.activityId));
  const [rows, totals] = await Promise.all([
    from().where(where).orderBy(asc(healthServiceSurveys.healthServiceId)).limit(options.limit).offset(options.offset),
    db
      .select({ n: count() })
      .from(healthServiceSurveys)
      .innerJoin(surveys, eq(surveys.id, healthServiceSurveys.surveyId))
      .innerJoin(surveyActivities, eq(surveyActivities.id, surveys.activityId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The survey a health service asks for, whatever its state. */
export async function serviceSurvey(db: Executor, healthServiceId: number) {
  const rows = await db
    .select({ surveyId: healthServiceSurveys.surveyId, mandatory: healthServiceSurveys.mandatory })
    .from(healthServiceSurveys)
    .where(eq(healthServiceSurveys.healthServiceId, healthServiceId))
    .limit(1);
  return rows[0] ?? null;
}

/** The open mandatory survey of a company's health services under a platform service (the first service's). */
export async function mandatorySurveyUnder(db: Executor, companyId: number, positionRef: number) {
  const rows = await db
    .select({ healthServiceId: healthServiceSurveys.healthServiceId, surveyId: healthServiceSurveys.surveyId })
    .from(healthServiceSurveys)
    .innerJoin(surveys, eq(surveys.id, healthServiceSurveys.surveyId))
    .innerJoin(surveyActivities, eq(surveyActivities.id, surveys.activityId))
    .where(
      and(
        eq(healthServiceSurveys.companyId, companyId),
        eq(healthServiceSurveys.mandatory, true),
        sql`${healthServiceSurveys.healthServiceId} in ${healthServiceIdsUnder(companyId, positionRef)}`,
        openFor(companyId),
      ),
    )
    .orderBy(asc(healthServiceSurveys.healthServiceId))
    .limit(1);
  return rows[0] ?? null;
}

// ---- Suspended surveys ------------------------------------------------------------------------

export type SuspendedRow = typeof suspendedSurveys.$inferSelect;

export async function insertSuspended(db: Executor, row: typeof suspendedSurveys.$inferInsert): Promise<void> {
  await db.insert(suspendedSurveys).values(row).onConflictDoNothing();
}

/** A suspended survey; `lock` takes its row for the rest of the transaction (one fill however many race). */
export async function findSuspended(db: Executor, id: number, lock = false): Promise<SuspendedRow | null> {
  const query = db.select().from(suspendedSurveys).where(eq(suspendedSurveys.id, id)).limit(1);
  const rows = lock ? await query.for("update") : await query;
  return rows[0] ?? null;
}

export async function pendingSuspendedOf(db: Executor, bookingId: number): Promise<number | null> {
  const rows = await db
    .select({ id: suspendedSurveys.id })
    .from(suspendedSurveys)
    .where(and(eq(suspendedSurveys.bookingId, bookingId), isNull(suspendedSurveys.filledAt)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function markSuspendedFilled(db: Executor, id: number, filledSurveyId: number): Promise<void> {
  await db.update(suspendedSurveys).set({ filledSurveyId, filledAt: new Date() }).where(eq(suspendedSurveys.id, id));
}

// ---- An activity's fills (reports) ------------------------------------------------------------

export interface ActivityFillFilter {
  activityId: number;
  companyId: number | null;
  from: Date | null;
  to: Date | null;
}

const activityFillsWhere = (f: ActivityFillFilter) =>
  and(
    sql`${filledSurveys.surveyId} in (select ${surveys.id} from ${surveys} where ${surveys.activityId} = ${f.activityId})`,
    f.companyId === null ? undefined : eq(filledSurveys.companyId, f.companyId),
    f.from === null ? undefined : gte(filledSurveys.createdAt, f.from),
    f.to === null ? undefined : lt(filledSurveys.createdAt, f.to),
  );

/** An activity's fills, newest first, paged. */
export async function listActivityFills(
  db: Executor,
  filter: ActivityFillFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: FillRow[]; total: number }> {
  const where = activityFillsWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select(fillColumns)
      .from(filledSurveys)
      .innerJoin(surveys, eq(surveys.id, filledSurveys.surveyId))
      .where(where)
      .orderBy(desc(filledSurveys.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(filledSurveys).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** A batch of an activity's fills after `afterId` in key order (the activity's XLS). */
export async function activityFillBatch(
  db: Executor,
  filter: ActivityFillFilter,
  afterId: number | null,
  limit: number,
) {
  return db
    .select({
      id: filledSurveys.id,
      surveyId: filledSurveys.surveyId,
      surveyVersion: filledSurveys.surveyVersion,
      userId: filledSurveys.userId,
      sessionId: filledSurveys.sessionId,
      companyName: fillColumns.companyName,
      answers: filledSurveys.answers,
      score: filledSurveys.score,
      scoreBand: filledSurveys.scoreBand,
      createdAt: filledSurveys.createdAt,
    })
    .from(filledSurveys)
    .where(and(activityFillsWhere(filter), afterId === null ? undefined : gt(filledSurveys.id, afterId)))
    .orderBy(asc(filledSurveys.id))
    .limit(limit);
}

/** The activity report's figures: fills per survey and company, and per score band. */
export async function activityFillCounts(db: Executor, filter: ActivityFillFilter) {
  return db
    .select({
      surveyId: filledSurveys.surveyId,
      surveyName: surveys.name,
      companyName: fillColumns.companyName,
      scoreBand: filledSurveys.scoreBand,
      n: count(),
      meanScore: sql<number | null>`avg(${filledSurveys.score})::float8`,
    })
    .from(filledSurveys)
    .innerJoin(surveys, eq(surveys.id, filledSurveys.surveyId))
    .where(activityFillsWhere(filter))
    .groupBy(filledSurveys.surveyId, surveys.name, filledSurveys.companyId, filledSurveys.scoreBand)
    .orderBy(asc(surveys.name))
    .limit(1000);
}

/** The surveys of an activity with their current templates (the XLS's columns). */
export async function surveysOfActivity(db: Executor, activityId: number) {
  return db
    .select({ id: surveys.id, name: surveys.name, template: surveys.template })
    .from(surveys)
    .where(eq(surveys.activityId, activityId))
    .orderBy(asc(surveys.id))
    .limit(200);
}

// ---- Drafts (save and resume) -----------------------------------------------------------------

export type DraftRow = typeof surveyDrafts.$inferSelect;

/** The person's draft of a survey saved after `since` (older ones have expired), or null. */
export async function findDraft(db: Executor, userId: number, surveyId: number, since: Date): Promise<DraftRow | null> {
  const rows = await db
    .select()
    .from(surveyDrafts)
    .where(and(eq(surveyDrafts.userId, userId), eq(surveyDrafts.surveyId, surveyId), gt(surveyDrafts.updatedAt, since)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Saves the person's draft of a survey: one row per person and survey, reserved by the unique index,
 * so two saves racing (two devices) leave one draft, the later one's answers.
 */
export async function upsertDraft(
  db: Executor,
  row: Pick<DraftRow, "userId" | "surveyId" | "surveyVersion" | "answers" | "nextIndex">,
): Promise<DraftRow> {
  const now = new Date();
  const [saved] = await db
    .insert(surveyDrafts)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [surveyDrafts.userId, surveyDrafts.surveyId],
      set: { surveyVersion: row.surveyVersion, answers: row.answers, nextIndex: row.nextIndex, updatedAt: now },
    })
    .returning();
  return saved as DraftRow;
}

export async function deleteDraft(db: Executor, userId: number, surveyId: number): Promise<void> {
  await db.delete(surveyDrafts).where(and(eq(surveyDrafts.userId, userId), eq(surveyDrafts.surveyId, surveyId)));
}

/** The nightly cleanup: drafts last saved before `before`. Returns how many went. */
export async function purgeDrafts(db: Executor, before: Date): Promise<number> {
  const gone = await db
    .delete(surveyDrafts)
    .where(lt(surveyDrafts.updatedAt, before))
    .returning({ id: surveyDrafts.id });
  return gone.length;
}

/** Whether the person has a suspended survey of this survey still to fill (its draft is allowed then). */
export async function hasPendingSuspended(db: Executor, userId: number, surveyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: suspendedSurveys.id })
    .from(suspendedSurveys)
    .where(
      and(
        eq(suspendedSurveys.userId, userId),
        eq(suspendedSurveys.surveyId, surveyId),
        isNull(suspendedSurveys.filledAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
