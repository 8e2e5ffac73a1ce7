import {
  conflict,
  DomainError,
  fieldError,
  forbidden,
  SESSION_MESSAGES as M,
  notFound,
  SESSION_TRANSITIONS,
  type TCompilation,
  type TCompilationProgress,
  type TCompilationStartBody,
  type TSessionCreateBody,
  type TSessionUpdateBody,
  type TSubmitSurveyBody,
  type TSurveySession,
  USER_TYPES,
} from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { isUniqueViolation } from "../../platform/database-errors.ts";
import type { ModuleContext } from "../../platform/module.ts";
// Public surfaces: the company an administrator names and an operator's role (companies); a
// patient's tax code and phone (identity); whether someone is a patient of the company (patients);
// the surveys, their access rules and fills (surveys).
import { findCompany, membershipOf } from "../companies/index.ts";
import { currentUser, personNames, reservePhoneVerified } from "../identity/index.ts";
import { isPatientOf } from "../patients/index.ts";
import {
  findFill,
  findSurvey,
  isAdmin,
  isManager,
  listSurveys,
  presentSurveySummary,
  readableSurvey,
  setFillSession,
  storeFill,
  surveyOperatorCompany,
} from "../surveys/index.ts";
import * as repository from "./repository.ts";

type Page = { page: number; per_page: number };
const window = (q: Page) => ({ limit: q.per_page, offset: (q.page - 1) * q.per_page });
const paged = <T>(data: T[], query: Page, total: number) => ({
  data,
  meta: { page: query.page, per_page: query.per_page, total },
});

// ---- Access ------------------------------------------------------------------------------------

/** A manager ('gestire attività e questionari') of a company: their company's id. Else 403. */
function managerCompany(p: Principal): number {
  if (!isManager(p) || p.companyId === null) throw forbidden();
  return p.companyId;
}

/**
 * A session the caller may read: administrators any; an operator with either survey permission one
 * enabled for their company (none at all: 404, nothing tells it exists; disabled: 'Servizio non abilitato').
 */
async function readableSession(db: Executor, p: Principal, id: number | null, lock = false) {
  const session = id === null ? null : await repository.findSession(db, id, lock);
  if (!session) throw notFound();
  if (isAdmin(p)) return session;
  const companyId = surveyOperatorCompany(p);
  const enablement = await repository.sessionEnablement(db, session.id, companyId);
  if (!enablement) throw notFound();
  if (!enablement.enabled) throw forbidden(M.notEnabled);
  return session;
}

/** A session the caller may change: administrators any, a manager one their company owns. */
async function editableSession(db: Executor, p: Principal, id: number | null, lock = false) {
  if (!isAdmin(p)) managerCompany(p);
  const session = await readableSession(db, p, id, lock);
  if (!isAdmin(p) && session.companyId !== p.companyId) throw forbidden();
  return session;
}

// ---- Sessions ----------------------------------------------------------------------------------

async function presentSessions(ctx: ModuleContext, rows: repository.SessionRow[]): Promise<TSurveySession[]> {
  const surveys = await repository.surveysOfSessions(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    hashid: ctx.ids.encode(row.id),
    name: row.name,
    description: row.description,
    type: row.type,
    status: row.status,
    allowed_roles: row.allowedRoles,
    signature_required: row.signatureRequired,
    days_to_sign: row.daysToSign,
    surveys: surveys
      .filter((s) => s.sessionId === row.id)
      .map((s) => ({ hashid: ctx.ids.encode(s.surveyId), name: s.name })),
    company: row.companyId === null ? null : { hashid: ctx.ids.encode(row.companyId), name: row.companyName ?? "" },
    creator: row.createdBy === null ? null : { hashid: ctx.ids.encode(row.createdBy) },
    compilations_count: Number(row.compilations),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

async function presentSession(ctx: ModuleContext, row: repository.SessionRow): Promise<TSurveySession> {
  return (await presentSessions(ctx, [row]))[0] as TSurveySession;
}

/**
 * The surveys named in a body, each one the caller may put in a session (an administrator any; an
 * operator one enabled for the company): its key, in order. An unknown or unreadable one is the
 * field's 422.
 */
async function namedSurveys(ctx: ModuleContext, p: Principal, hashes: readonly string[], field: string) {
  const ids: number[] = [];
  for (const [i, hash] of hashes.entries()) {
    const id = ctx.ids.decode(hash);
    const survey = isAdmin(p)
      ? id === null
        ? null
        : await findSurvey(ctx.db, id)
      : await readableSurvey(ctx.db, p, id).catch(() => null);
    if (!survey) throw fieldError(`${field}.${i}`, M.surveyUnknown);
    ids.push(survey.id);
  }
  return ids;
}

/** `GET survey-sessions`, `GET companies/own/survey-sessions`: administrators all, operators those enabled for the company. */
export async function listSessions(
  ctx: ModuleContext,
  p: Principal,
  query: Page & { status?: string; q?: string },
  ownOnly = false,
) {
  const companyId = isAdmin(p) && !ownOnly ? null : surveyOperatorCompany(p);
  const { rows, total } = await repository.listSessions(ctx.db, {
    companyId,
    status: query.status,
    q: query.q,
    ...window(query),
  });
  return paged(await presentSessions(ctx, rows), query, total);
}

export async function getSession(ctx: ModuleContext, p: Principal, hash: string) {
  return presentSession(ctx, await readableSession(ctx.db, p, ctx.ids.decode(hash)));
}

/** `GET companies/own/survey-sessions/{id}`: only operators, only their company's enabled sessions. */
export async function getOwnSession(ctx: ModuleContext, p: Principal, hash: string) {
  surveyOperatorCompany(p);
  return getSession(ctx, p, hash);
}

/**
 * `POST survey-sessions`: a manager's session is their company's, enabled for it at once; an
 * administrator's is the platform's, for the companies they enable.
 */
export async function createSession(ctx: ModuleContext, p: Principal, body: TSessionCreateBody) {
  const companyId = isAdmin(p) ? null : managerCompany(p);
  const surveyIds = await namedSurveys(ctx, p, body.surveys, "surveys");
  const id = await ctx.db.transaction(async (tx) => {
    const sessionId = await repository.insertSession(tx, {
      companyId,
      name: body.name,
      description: body.description ?? null,
      type: body.type,
      allowedRoles: body.allowed_roles,
      signatureRequired: body.signature_required,
      daysToSign: body.days_to_sign,
      createdBy: p.userId,
    });
    await repository.setSessionSurveys(tx, sessionId, surveyIds);
    if (companyId !== null) await repository.setSessionEnablement(tx, sessionId, companyId, true);
    return sessionId;
  });
  return presentSession(ctx, (await repository.findSession(ctx.db, id)) as repository.SessionRow);
}

/**
 * `PUT survey-sessions/{id}`: its fields; the type and the signature rule only while no compilation
 * exists (they decide what the compilations keep); a status only along SESSION_TRANSITIONS, else 409.
 */
export async function updateSession(ctx: ModuleContext, p: Principal, hash: string, body: TSessionUpdateBody) {
  const id = ctx.ids.decode(hash);
  await ctx.db.transaction(async (tx) => {
    const session = await editableSession(tx, p, id, true);
    const changesRules = body.type !== session.type || body.signature_required !== session.signatureRequired;
    if (changesRules && (await repository.hasCompilations(tx, session.id))) throw conflict(M.notAllowed);
    let status = session.status;
    if (body.status !== undefined && body.status !== session.status) {
      if (!SESSION_TRANSITIONS[session.status].includes(body.status)) throw conflict(M.statusChange);
      status = body.status;
    }
    await repository.updateSession(tx, session.id, {
      name: body.name,
      description: body.description ?? null,
      type: body.type,
      allowedRoles: body.allowed_roles,
      signatureRequired: body.signature_required,
      daysToSign: body.days_to_sign,
      status,
    });
  });
  return getSession(ctx, p, hash);
}

/** `DELETE survey-sessions/{id}`: never once a compilation exists (409). */
export async function deleteSession(ctx: ModuleContext, p: Principal, hash: string) {
  const session = await editableSession(ctx.db, p, ctx.ids.decode(hash));
  if (!(await repository.deleteSessionWithoutCompilations(ctx.db, session.id))) throw conflict(M.hasCompilations);
}

/** A change of the session's surveys: only while no compilation exists ('Operazione non consentita'). */
async function changeSurveys(ctx: ModuleContext, p: Principal, hash: string, next: (current: number[]) => number[]) {
  const id = ctx.ids.decode(hash);
  await ctx.db.transaction(async (tx) => {
    const session = await editableSession(tx, p, id, true);
    if (await repository.hasCompilations(tx, session.id)) throw conflict(M.notAllowed);
    const current = (await repository.surveysOfSessions(tx, [session.id])).map((s) => s.surveyId);
    await repository.setSessionSurveys(tx, session.id, next(current));
  });
  return getSession(ctx, p, hash);
}

/** `POST survey-sessions/{id}/add-survey`: appended; one already in the session is the field's 422. */
export async function addSurveys(ctx: ModuleContext, p: Principal, hash: string, surveys: string[]) {
  // Read before the transaction: the surveys' rules use their own connection.
  const added = await namedSurveys(ctx, p, surveys, "surveys");
  return changeSurveys(ctx, p, hash, (current) => {
    const repeated = added.findIndex((id) => current.includes(id));
    if (repeated >= 0) throw fieldError(`surveys.${repeated}`, M.surveyRepeated);
    return [...current, ...added];
  });
}

/** `PUT survey-sessions/{id}/reorder`: `ordered_items` must be a permutation of the session's surveys (422). */
export async function reorder(ctx: ModuleContext, p: Principal, hash: string, orderedItems: string[]) {
  return changeSurveys(ctx, p, hash, (current) => {
    const ids = orderedItems.map((h) => ctx.ids.decode(h));
    const permutation =
      ids.length === current.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => id !== null && current.includes(id));
    if (!permutation) throw fieldError("ordered_items", M.notPermutation);
    return ids as number[];
  });
}

/** `GET survey-sessions/available-surveys`: what the caller may put in a session (an operator's enabled surveys). */
export async function availableSurveys(ctx: ModuleContext, p: Principal, query: Page) {
  const companyId = isAdmin(p) ? null : managerCompany(p);
  const { rows, total } = await listSurveys(ctx.db, { companyId, ...window(query) });
  return paged(
    rows.map((row) => presentSurveySummary(ctx, row)),
    query,
    total,
  );
}

/** The company an administrator names in `company_id`: an unknown one is the field's 422. */
async function namedCompany(ctx: ModuleContext, hash: string) {
  const id = ctx.ids.decode(hash);
  const company = id === null ? null : await findCompany(ctx.db, id);
  if (!company) throw fieldError("company_id", M.companyUnknown);
  return company;
}

/** `POST survey-sessions/enable/{hash}` (administrators): enable or disable a session for a company. */
export async function enableSession(
  ctx: ModuleContext,
  p: Principal,
  hash: string,
  body: { company_id: string; enabled: boolean },
) {
  const session = await readableSession(ctx.db, p, ctx.ids.decode(hash));
  const company = await namedCompany(ctx, body.company_id);
  await repository.setSessionEnablement(ctx.db, session.id, company.id, body.enabled);
  const { rows, total } = await repository.listSessionEnablements(ctx.db, session.id, { limit: 20, offset: 0 });
  return paged(
    rows.map((row) => ({
      company: { hashid: ctx.ids.encode(row.companyId), name: row.companyName },
      enabled: row.enabled,
      updated_at: row.updatedAt.toISOString(),
    })),
    { page: 1, per_page: 20 },
    total,
  );
}

// ---- Compilations ------------------------------------------------------------------------------

function progressOf(
  total: { surveyId: number; name: string }[],
  items: repository.ItemRow[],
  hashOf: (id: number) => string,
): TCompilationProgress {
  const submitted = items.length;
  const next = total[submitted];
  return {
    submitted,
    total: total.length,
    progress: total.length === 0 ? 0 : Math.min(1, submitted / total.length),
    next_survey: next ? { hashid: hashOf(next.surveyId), name: next.name } : null,
  };
}

async function presentCompilations(ctx: ModuleContext, rows: repository.CompilationRow[]): Promise<TCompilation[]> {
  const [items, surveys] = await Promise.all([
    repository.itemsOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
    repository.surveysOfSessions(ctx.db, [...new Set(rows.map((r) => r.sessionId))]),
  ]);
  const hashOf = (id: number) => ctx.ids.encode(id);
  // The patients' names: only in-clear compilations have one, read in one query for the page.
  const patientIds = [...new Set(rows.map((r) => r.patientId).filter((id): id is number => id !== null))];
  const names = await personNames(ctx.db, patientIds);
  return rows.map((row) => {
    const own = items.filter((i) => i.compilationId === row.id);
    const scores = own.map((i) => i.score).filter((s): s is number => s !== null);
    const signBy =
      row.signatureRequired && row.completedAt && !row.signedAt
        ? new Date(row.completedAt.getTime() + row.daysToSign * 86_400_000).toISOString()
        : null;
    return {
      hashid: hashOf(row.id),
      session: { hashid: hashOf(row.sessionId), name: row.sessionName, type: row.sessionType },
      patient:
        row.patientId === null ? null : { hashid: hashOf(row.patientId), name: names.get(row.patientId) ?? null },
      pseudonym: row.pseudonym,
      status: row.status,
      operator: row.operatorId === null ? null : { hashid: hashOf(row.operatorId) },
      started_at: row.startedAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
      score: scores.length === 0 ? null : scores.reduce((a, b) => a + b, 0),
      signature_required: row.signatureRequired,
      signed_at: row.signedAt?.toISOString() ?? null,
      sign_by: signBy,
      progress: progressOf(
        surveys.filter((s) => s.sessionId === row.sessionId),
        own,
        hashOf,
      ),
      fills: own.map((i) => ({
        survey: { hashid: hashOf(i.surveyId), name: i.surveyName },
        filled_survey: { hashid: hashOf(i.filledSurveyId) },
        score: i.score,
        score_band: i.scoreBand,
      })),
    };
  });
}

async function presentCompilation(ctx: ModuleContext, row: repository.CompilationRow) {
  return (await presentCompilations(ctx, [row]))[0] as TCompilation;
}

/**
 * Who reads a compilation: administrators; the citizen of an in-clear one; its company's managers,
 * and the operator who administered it. Anyone else: as if it did not exist.
 */
function mayRead(p: Principal, row: repository.CompilationRow): boolean {
  if (isAdmin(p)) return true;
  if (p.type === USER_TYPES.citizen) return row.patientId === p.userId;
  if (p.type !== USER_TYPES.operator || row.companyId !== p.companyId) return false;
  return isManager(p) || row.operatorId === p.userId;
}

async function readableCompilation(ctx: ModuleContext, db: Executor, p: Principal, hash: string, lock = false) {
  const id = ctx.ids.decode(hash);
  const row = id === null ? null : await repository.findCompilation(db, id, lock);
  if (!row || !mayRead(p, row)) throw notFound();
  return row;
}

/** A compilation an operator works on: its company's managers or the operator who administers it. */
export async function workableCompilation(ctx: ModuleContext, db: Executor, p: Principal, hash: string) {
  if (p.type !== USER_TYPES.operator) throw notFound();
  surveyOperatorCompany(p);
  return readableCompilation(ctx, db, p, hash, true);
}

/** The operator's role must be among the session's allowed roles: else 403 listing them. */
async function assertRoleAllowed(ctx: ModuleContext, p: Principal, session: repository.SessionRow) {
  const membership = await membershipOf(ctx.db, p.userId);
  if (!membership || !session.allowedRoles.includes(membership.role))
    throw new DomainError("forbidden", {
      message: `${M.roleMissing}: ${session.allowedRoles.join(", ")}`,
      publicCode: "session_role_missing",
      extra: { allowed_roles: session.allowedRoles },
    });
}

/** The in-clear patient: of the company, with a tax code and a verified phone (and a reserve one without e-mail). */
async function inClearPatient(ctx: ModuleContext, companyId: number, hash: string | undefined) {
  if (!hash) throw fieldError("user", M.patientRequired);
  const userId = ctx.ids.decode(hash);
  if (userId === null || !(await isPatientOf(ctx.db, companyId, userId))) throw notFound(M.patientUnknown);
  const user = await currentUser(ctx, userId).catch(() => null);
  if (!user) throw notFound(M.patientUnknown);
  if (!user.anagrafica?.cf) throw fieldError("user", M.taxCodeRequired);
  if (!user.number_verified_at || !user.anagrafica.tel_number) throw fieldError("user", M.phoneRequired);
  // Spec: a verified reserve phone for a patient without e-mail (the only other way to reach them).
  if (!user.email && !(await reservePhoneVerified(ctx.db, userId))) throw fieldError("user", M.phoneRequired);
  return userId;
}

/**
 * `POST companies/own/filled-survey-sessions/start` (and `POST filled-survey-sessions`): an operator
 * of an allowed role starts a patient's compilation of an open session; the first start moves the
 * session from in_attesa to in_corso. Anonymous: no patient, no pseudonym is stored.
 */
export async function startCompilation(ctx: ModuleContext, p: Principal, body: TCompilationStartBody) {
  if (p.type !== USER_TYPES.operator) throw forbidden();
  const companyId = surveyOperatorCompany(p);
  const sessionId = ctx.ids.decode(body.survey_session_id);
  const session = await readableSession(ctx.db, p, sessionId);
  await assertRoleAllowed(ctx, p, session);
  let patientId: number | null = null;
  let pseudonym: string | null = null;
  if (session.type === "in_chiaro") patientId = await inClearPatient(ctx, companyId, body.user);
  if (session.type === "pseudonimizzata") {
    if (!body.pseudonym) throw fieldError("pseudonym", M.pseudonymRequired);
    pseudonym = body.pseudonym;
  }
  const id = await ctx.db
    .transaction(async (tx) => {
      const locked = (await repository.findSession(tx, session.id, true)) as repository.SessionRow;
      if (locked.status !== "in_attesa" && locked.status !== "in_corso") throw conflict(M.sessionClosed);
      if ((await repository.surveysOfSessions(tx, [session.id])).length === 0) throw conflict(M.notAllowed);
      const compilationId = await repository.insertCompilation(tx, {
        sessionId: session.id,
        companyId,
        patientId,
        pseudonym,
        operatorId: p.userId,
      });
      if (locked.status === "in_attesa") await repository.updateSession(tx, session.id, { status: "in_corso" });
      return compilationId;
    })
    .catch((error) => {
      if (isUniqueViolation(error)) throw conflict(M.pseudonymTaken);
      throw error;
    });
  return presentCompilation(ctx, (await repository.findCompilation(ctx.db, id)) as repository.CompilationRow);
}

/** `GET filled-survey-sessions`: administrators all; managers the company's; an administering operator theirs. */
export async function listCompilations(
  ctx: ModuleContext,
  p: Principal,
  query: Page & { session?: string; status?: string },
) {
  const filter: repository.CompilationFilter = { status: query.status };
  if (query.session) filter.sessionId = ctx.ids.decode(query.session) ?? -1;
  if (!isAdmin(p)) {
    filter.companyId = surveyOperatorCompany(p);
    if (!isManager(p)) filter.operatorId = p.userId;
  }
  const { rows, total } = await repository.listCompilations(ctx.db, filter, window(query));
  return paged(await presentCompilations(ctx, rows), query, total);
}

/** `GET survey-sessions/{id}/filled-sessions`: the session's compilations the caller may read. */
export async function compilationsOfSession(ctx: ModuleContext, p: Principal, hash: string, query: Page) {
  const session = await readableSession(ctx.db, p, ctx.ids.decode(hash));
  return listCompilations(ctx, p, { ...query, session: ctx.ids.encode(session.id) });
}

/** `GET companies/own/filled-survey-sessions/user/{id}`: a patient's compilations at the company. */
export async function compilationsOfPatient(ctx: ModuleContext, p: Principal, hash: string, query: Page) {
  const companyId = surveyOperatorCompany(p);
  const userId = ctx.ids.decode(hash);
  if (userId === null || !(await isPatientOf(ctx.db, companyId, userId))) throw notFound(M.patientUnknown);
  const filter: repository.CompilationFilter = { companyId, patientId: userId };
  if (!isManager(p)) filter.operatorId = p.userId;
  const { rows, total } = await repository.listCompilations(ctx.db, filter, window(query));
  return paged(await presentCompilations(ctx, rows), query, total);
}

/** `GET users/own/filled-survey-sessions`: the citizen's own (in-clear) compilations. */
export async function ownCompilations(ctx: ModuleContext, p: Principal, query: Page) {
  const { rows, total } = await repository.listCompilations(ctx.db, { patientId: p.userId }, window(query));
  return paged(await presentCompilations(ctx, rows), query, total);
}

export async function getCompilation(ctx: ModuleContext, p: Principal, hash: string) {
  return presentCompilation(ctx, await readableCompilation(ctx, ctx.db, p, hash));
}

export async function getOwnCompilation(ctx: ModuleContext, p: Principal, hash: string) {
  const row = await readableCompilation(ctx, ctx.db, p, hash);
  if (row.patientId !== p.userId) throw notFound();
  return presentCompilation(ctx, row);
}

/**
 * The next step of a compilation, as a fill joining it runs it in the fill's transaction: `within`
 * locks the compilation and checks again that it is open and that `surveyId` is the session's next
 * survey (else the field's 422); `after` records the fill at that position and moves the compilation
 * on (the last survey completes it). The position's unique key refuses a second fill racing for it.
 */
function compilationStep(compilationId: number, order: readonly number[], surveyId: number, field: string) {
  let position = 0;
  return {
    within: async (tx: Executor) => {
      const row = (await repository.findCompilation(tx, compilationId, true)) as repository.CompilationRow;
      if (row.status !== "avviata" && row.status !== "in_corso") throw conflict(M.compilationClosed);
      const done = await repository.itemsOf(tx, [row.id]);
      if (order[done.length] !== surveyId) throw fieldError(field, M.wrongSurvey);
      position = done.length;
    },
    after: async (tx: Executor, fillId: number) => {
      await repository.insertItem(tx, { compilationId, position, surveyId, filledSurveyId: fillId });
      const last = position + 1 >= order.length;
      await repository.updateCompilation(tx, compilationId, {
        status: last ? "completata" : "in_corso",
        lastActivityAt: new Date(),
        ...(last ? { completedAt: new Date() } : {}),
      });
    },
  };
}

/**
 * `POST filled-survey-sessions/{id}/submit-survey`: the next survey in the session's order, and only
 * it, as a new fill of the compilation (`answers`, checked as every fill) or a fill this operator
 * already saved for the same person (`filled_survey_id`). The last one completes the compilation.
 */
export async function submitSurvey(ctx: ModuleContext, p: Principal, hash: string, body: TSubmitSurveyBody) {
  const first = await workableCompilation(ctx, ctx.db, p, hash);
  const surveyId = ctx.ids.decode(body.survey_id);
  const order = (await repository.surveysOfSessions(ctx.db, [first.sessionId])).map((s) => s.surveyId);
  const survey = surveyId === null ? null : await readableSurvey(ctx.db, p, surveyId);
  if (!survey) throw notFound();
  // The fill is about the in-clear patient; an anonymous or pseudonymous compilation's is about no
  // one the platform knows: no person (the fill keeps the operator as who wrote it, and the compilation).
  const subjectId = first.patientId;
  const step = compilationStep(first.id, order, survey.id, "survey_id");

  const run = async () => {
    if (body.answers) {
      await storeFill(
        ctx,
        p,
        survey,
        body.answers,
        { userId: subjectId, companyId: first.companyId, sessionId: first.id },
        step,
      );
      return;
    }
    const fillId = ctx.ids.decode(body.filled_survey_id as string);
    const fill = fillId === null ? null : await findFill(ctx.db, fillId);
    const usable =
      fill &&
      fill.surveyId === survey.id &&
      fill.filledBy === p.userId &&
      fill.userId === subjectId &&
      fill.companyId === first.companyId &&
      fill.createdAt >= first.startedAt;
    if (!usable) throw fieldError("filled_survey_id", M.fillUnknown);
    await ctx.db.transaction(async (tx) => {
      await step.within(tx);
      await step.after(tx, fill.id);
      // Now the compilation's, as a fill stored through it: its lists, exports and guards see it.
      await setFillSession(tx, fill.id, first.id);
    });
  };
  await run().catch((error) => {
    // Two submits of the same step at once: the second finds its position taken.
    if (isUniqueViolation(error)) throw conflict(M.wrongSurvey);
    throw error;
  });
  return getCompilation(ctx, p, hash);
}

/**
 * The surveys module's hook for a citizen's `filled/new` with `session_id` (issue 13): the citizen
 * fills the next survey of their own in-clear compilation themselves (the operator who started it
 * still signs it). Someone else's compilation, or one that is not in clear: 404 (as if it did not
 * exist); a survey that is not the session's: 422 on `survey`; the order and the state are checked
 * again in the fill's transaction.
 */
export async function citizenCompilationStep(ctx: ModuleContext, p: Principal, hash: string, surveyId: number) {
  const id = p.type === USER_TYPES.citizen ? ctx.ids.decode(hash) : null;
  const row = id === null ? null : await repository.findCompilation(ctx.db, id);
  // Only an in-clear compilation has a patient; the citizen's own or none.
  if (row?.sessionType !== "in_chiaro" || row.patientId !== p.userId) throw notFound();
  const order = (await repository.surveysOfSessions(ctx.db, [row.sessionId])).map((s) => s.surveyId);
  if (!order.includes(surveyId)) throw fieldError("survey", M.surveyNotInSession);
  return {
    compilationId: row.id,
    surveyId,
    companyId: row.companyId,
    ...compilationStep(row.id, order, surveyId, "survey"),
  };
}

/** The surveys module's read of the pseudonyms of some compilations (its fills' lists and exports). */
export async function compilationPseudonyms(db: Executor, compilationIds: readonly number[]) {
  return new Map((await repository.pseudonymsOf(db, compilationIds)).map((r) => [r.id, r.pseudonym]));
}

/** The surveys module's question before a fill is changed or deleted: is it a compilation's step? */
export function fillInCompilation(db: Executor, fillId: number): Promise<boolean> {
  return repository.isCompilationFill(db, fillId);
}

/** `GET filled-survey-sessions/{id}/progress` and the citizen's own. */
export async function compilationProgress(ctx: ModuleContext, p: Principal, hash: string, ownOnly = false) {
  const compilation = ownOnly ? await getOwnCompilation(ctx, p, hash) : await getCompilation(ctx, p, hash);
  return compilation.progress;
}

/**
 * `PUT filled-survey-sessions/{id}`: `sign` a completed compilation (the operator who administered
 * it); `abandon` an open one (it or a manager). Anything else: 409.
 */
export async function updateCompilation(ctx: ModuleContext, p: Principal, hash: string, action: "sign" | "abandon") {
  await ctx.db.transaction(async (tx) => {
    const row = await workableCompilation(ctx, tx, p, hash);
    if (action === "sign") {
      if (row.operatorId !== p.userId) throw forbidden();
      if (row.status !== "completata") throw conflict(M.notCompleted);
      if (row.signedAt) throw conflict(M.alreadySigned);
      await repository.updateCompilation(tx, row.id, { signedAt: new Date(), signedBy: p.userId });
    } else {
      if (row.status !== "avviata" && row.status !== "in_corso") throw conflict(M.statusChange);
      await repository.updateCompilation(tx, row.id, { status: "abbandonata" });
    }
  });
  return getCompilation(ctx, p, hash);
}
