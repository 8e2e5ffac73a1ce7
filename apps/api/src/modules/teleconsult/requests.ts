import {
  conflict,
  DomainError,
  fieldError,
  forbidden,
  notFound,
  TELECONSULT_MESSAGES,
  TELECONSULT_PATH_KINDS,
  TELECONSULT_REFS,
  TELECONSULT_RESPONSE_MINUTES,
  TELECONSULT_SWITCH_PERMISSION,
  type TTeleconsult,
  type TTeleconsultFollowupBody,
  type TTeleconsultPending,
  type TTeleconsultRequestBody,
} from "@cura/domain";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { type Principal, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { companiesWithActiveService } from "../billing/index.ts";
import { enterTeleconsultBooking, teleconsultBookingStates } from "../bookings/index.ts";
import { ownFamilyMember } from "../care/index.ts";
import { type TeleconsultRoutingCandidate, teleconsultRoutingCandidates } from "../companies/index.ts";
import { ownUpload } from "../files/index.ts";
import { currentUser } from "../identity/index.ts";
import { notifyOperatorsOfRequest } from "./popups.ts";
import { presentTeleconsult, presentTeleconsults, serviceNameOf } from "./presenters.ts";
import * as repository from "./repository.ts";
import { teleconsultSurveyProvider } from "./surveys-hook.ts";

type QuickKind = "rapido" | "pediatrico";

/** `{kind}` of the path: emergenza or tc_pediatrico; anything else is a 404 (issue 10). */
export function quickKindOf(pathKind: string): QuickKind {
  const kind = TELECONSULT_PATH_KINDS[pathKind as keyof typeof TELECONSULT_PATH_KINDS];
  if (!kind) throw notFound();
  return kind;
}

const OPEN_STATUSES = new Set(["ricevuto", "in_attesa", "confermato"]);

/**
 * The citizen's open request of a kind, if any. A request whose booking ended another way
 * (cancelled by the citizen, refused) is closed here on the way, so it no longer blocks a new one.
 */
async function openRequest(db: Executor, userId: number, kind: QuickKind): Promise<repository.TeleconsultRow | null> {
  const rows = await repository.openOfUser(db, userId, kind);
  if (rows.length === 0) return null;
  const states = await teleconsultBookingStates(
    db,
    rows.map((row) => row.bookingId),
  );
  const stale = rows.filter((row) => !OPEN_STATUSES.has(states.get(row.bookingId)?.status ?? "annullato"));
  await repository.closeRequests(
    db,
    stale.map((row) => row.bookingId),
  );
  return rows.find((row) => !stale.includes(row)) ?? null;
}

/**
 * Where a quick request goes (issue 10): the citizen's preferred care-circle company with the service
 * and an operator on, else the nearest such company of the citizen's province (same comune first;
 * the platform has no coordinates of the citizen's address). Companies without an active
 * subscription are left out; when only such companies had an operator on, 'Servizio non attivo'.
 */
async function route(
  ctx: ModuleContext,
  tx: Executor,
  userId: number,
  kind: QuickKind,
  at: Date,
  onlyCompanyId?: number,
): Promise<TeleconsultRoutingCandidate> {
  const ref = TELECONSULT_REFS[kind] as 10 | 11;
  const user = await currentUser({ ...ctx, db: tx as ModuleContext["db"] }, userId);
  const operatorUserIds = await repository.operatorsOn(tx, ref);
  let candidates = await teleconsultRoutingCandidates(tx, {
    ref,
    permission: TELECONSULT_SWITCH_PERMISSION[ref],
    operatorUserIds,
    citizenUserId: userId,
    provincia: user.anagrafica?.provincia ?? null,
  });
  // A follow-up goes back to the same company; otherwise care-circle companies outside the province
  // count only when preferred.
  candidates =
    onlyCompanyId !== undefined
      ? candidates.filter((c) => c.companyId === onlyCompanyId)
      : candidates.filter((c) => c.preferred || c.inProvince);
  if (candidates.length === 0) throw conflict(TELECONSULT_MESSAGES.noOperator);
  const subscribed = new Set(
    await companiesWithActiveService(
      tx,
      candidates.map((c) => c.companyId),
      ref,
      at,
    ),
  );
  const open = candidates.filter((c) => subscribed.has(c.companyId));
  if (open.length === 0) throw forbidden(TELECONSULT_MESSAGES.serviceNotActive);
  const comune = (user.anagrafica?.comune ?? "").toLowerCase();
  const rank = (c: TeleconsultRoutingCandidate) =>
    c.preferred ? 0 : (c.comune ?? "").toLowerCase() === comune ? 1 : c.inCircle ? 2 : 3;
  return [...open].sort(
    (a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, "it"),
  )[0] as TeleconsultRoutingCandidate;
}

/** Two requests of one citizen and kind never interleave (one open request each). */
async function lockCitizenKind(tx: Executor, userId: number, kind: QuickKind): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`teleconsult:${kind}`}), ${userId})`);
}

async function present(ctx: ModuleContext, bookingId: number): Promise<TTeleconsult> {
  const row = await repository.findWithNames(ctx.db, bookingId);
  if (!row) throw notFound();
  return (await presentTeleconsults(ctx, [row]))[0] as TTeleconsult;
}

async function openConflict(ctx: ModuleContext, row: repository.TeleconsultRow): Promise<never> {
  throw new DomainError("conflict", {
    message: TELECONSULT_MESSAGES.pendingExists,
    extra: { data: await present(ctx, row.bookingId) },
  });
}

/** A new quick or paediatric request in the citizen's transaction: booking, teleconsultation, popups. */
async function enter(
  ctx: ModuleContext,
  request: FastifyRequest,
  kind: QuickKind,
  input: {
    reason: string;
    familyMemberId: number | null;
    onlyCompanyId?: number;
    attachments?: Array<{ id: number; name: string }>;
  },
): Promise<number> {
  const principal = principalOf(request);
  const now = new Date();
  type Entered = { existing: repository.TeleconsultRow } | { bookingId: number };
  const entered = await ctx.db.transaction(async (tx): Promise<Entered> => {
    await lockCitizenKind(tx, principal.userId, kind);
    const existing = await openRequest(tx, principal.userId, kind);
    if (existing) return { existing };
    const target = await route(ctx, tx, principal.userId, kind, now, input.onlyCompanyId);
    const bookingId = await enterTeleconsultBooking(tx, request, {
      companyId: target.companyId,
      userId: principal.userId,
      familyMemberId: input.familyMemberId,
      notes: null,
    });
    await repository.insertTeleconsult(tx, {
      bookingId,
      companyId: target.companyId,
      userId: principal.userId,
      familyMemberId: input.familyMemberId,
      kind,
      positionRef: TELECONSULT_REFS[kind],
      reason: input.reason,
      deadline: new Date(now.getTime() + TELECONSULT_RESPONSE_MINUTES * 60_000),
      createdAt: now,
    });
    await repository.insertAttachments(tx, bookingId, input.attachments ?? []);
    // A company's service of this kind may require a survey first (issue 13): it waits, suspended.
    await teleconsultSurveyProvider().requested(tx, {
      bookingId,
      companyId: target.companyId,
      userId: principal.userId,
      positionRef: TELECONSULT_REFS[kind],
    });
    await notifyOperatorsOfRequest(tx, kind, target.operatorUserIds);
    return { bookingId };
  });
  if ("existing" in entered) return openConflict(ctx, entered.existing);
  return entered.bookingId;
}

/** The family member a request is for: one's own (404 otherwise); paediatric needs the paediatric age band. */
async function forWhom(ctx: ModuleContext, userId: number, kind: QuickKind, hashid: string | null | undefined) {
  if (!hashid) {
    if (kind === "pediatrico") throw fieldError("for_whom", TELECONSULT_MESSAGES.paediatricMember);
    return null;
  }
  const member = await ownFamilyMember(ctx.db, ctx.ids, userId, hashid);
  if (kind === "pediatrico" && member.ageBand !== "pediatrico")
    throw fieldError("for_whom", TELECONSULT_MESSAGES.paediatricMember);
  return member.id;
}

/**
 * The request's attachments: the citizen's own uploads only (another's file, even one they may read,
 * is a 404: on this request the operator would read it). Uploads are already PDFs or images of at
 * most 8 MB (the files module's rule).
 */
async function ownAttachments(
  ctx: ModuleContext,
  principal: Principal,
  hashids: string[],
): Promise<Array<{ id: number; name: string }>> {
  const files = [];
  for (const hashid of hashids) {
    const file = await ownUpload(ctx, principal, hashid);
    files.push({ id: file.id, name: file.name });
  }
  return files;
}

/** `POST reservations/{kind}`: a quick (emergenza) or paediatric (tc_pediatrico) request. */
export async function requestTeleconsult(
  ctx: ModuleContext,
  request: FastifyRequest,
  pathKind: string,
  body: TTeleconsultRequestBody,
): Promise<TTeleconsult> {
  const kind = quickKindOf(pathKind);
  const principal = principalOf(request);
  const familyMemberId = await forWhom(ctx, principal.userId, kind, body.for_whom);
  const attachments = await ownAttachments(ctx, principal, body.attachments ?? []);
  const id = await enter(ctx, request, kind, { reason: body.reason, familyMemberId, attachments });
  return present(ctx, id);
}

/**
 * `POST reservations/{kind}/followup` (the spec names the call only): a new request about one of the
 * citizen's ended (evaso) teleconsultations of that kind, for the same person, to the same company,
 * which must have an operator on now.
 */
export async function followup(
  ctx: ModuleContext,
  request: FastifyRequest,
  pathKind: string,
  body: TTeleconsultFollowupBody,
): Promise<TTeleconsult> {
  const kind = quickKindOf(pathKind);
  const principal = principalOf(request);
  const previousId = ctx.ids.decode(body.reservation);
  const previous = previousId === null ? null : await repository.findTeleconsult(ctx.db, previousId);
  if (!previous || previous.userId !== principal.userId || previous.kind !== kind) throw notFound();
  const state = (await teleconsultBookingStates(ctx.db, [previous.bookingId])).get(previous.bookingId);
  if (state?.status !== "evaso") throw conflict(TELECONSULT_MESSAGES.followupNotEnded);
  const id = await enter(ctx, request, kind, {
    reason: body.reason,
    familyMemberId: previous.familyMemberId,
    onlyCompanyId: previous.companyId,
  });
  return present(ctx, id);
}

/** `GET reservations/{kind}/pending`: the citizen's open request of that kind, if any. */
export async function pending(
  ctx: ModuleContext,
  request: FastifyRequest,
  pathKind: string,
): Promise<TTeleconsultPending> {
  const kind = quickKindOf(pathKind);
  const row = await openRequest(ctx.db, principalOf(request).userId, kind);
  if (!row) return { has_pending: false, reservation: null };
  const full = await repository.findWithNames(ctx.db, row.bookingId);
  if (!full) return { has_pending: false, reservation: null };
  const shown = presentTeleconsult(ctx, full);
  const suspended = await teleconsultSurveyProvider().pendingSurvey(ctx.db, row.bookingId);
  return {
    has_pending: true,
    reservation: {
      hashid: shown.hashid,
      status: shown.status,
      deadline: shown.deadline,
      start: shown.start,
      connected_at: shown.connected_at,
      service: { name: serviceNameOf(full) },
      // The mandatory survey still to fill (the client's mustFillSurvey), null once filled.
      suspended_survey: suspended === null ? null : { hashid: ctx.ids.encode(suspended) },
    },
  };
}
