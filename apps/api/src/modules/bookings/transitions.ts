import {
  BOOKING_MESSAGES,
  type BookingAction,
  type BookingStatus,
  conflict,
  hasAppointmentPassed,
  isBookingActionTimely,
  needsTimeToConfirm,
  nextBookingStatus,
  notFound,
  type TBooking,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { lockHealthService, ownCompanyId } from "../companies/index.ts";
import { freeSlotAt } from "./availability.ts";
import { recordChange } from "./history.ts";
import { presentBooking } from "./presenters.ts";
import * as repository from "./repository.ts";
import { actorKind, assertParty, bookingId } from "./scope.ts";
import {
  onTeleconsultCancel,
  onTeleconsultConfirm,
  onTeleconsultProposed,
  onTeleconsultSettled,
} from "./teleconsult-entries.ts";

/**
 * The status changes of a booking, each through the shared state machine (packages/domain): a
 * transition it does not list for this actor and status is a 409.
 */

type Changes = Partial<repository.NewBooking>;

async function present(ctx: ModuleContext, id: number): Promise<TBooking> {
  const row = await repository.findBooking(ctx.db, id);
  if (!row) throw notFound();
  return presentBooking(ctx, row);
}

function nextOf(status: string, action: BookingAction, request: FastifyRequest): BookingStatus {
  const next = nextBookingStatus(status as BookingStatus, action, actorKind(principalOf(request)));
  if (next === null) throw conflict(BOOKING_MESSAGES.transitionRefused);
  return next;
}

async function applyTo(
  tx: Executor,
  request: FastifyRequest,
  row: repository.BookingRow,
  action: BookingAction,
  changes: Changes,
  detail?: Record<string, unknown>,
  /** The action's own rule replaced the appointment's time rule (transition's `check`). */
  untimed = false,
): Promise<void> {
  const next = nextOf(row.status, action, request);
  // The time rules after the state machine, on the locked row: its start cannot move meanwhile.
  if (!untimed && !isBookingActionTimely(action, actorKind(principalOf(request)), row.startAt))
    throw conflict(
      action === "close"
        ? BOOKING_MESSAGES.closeBeforeStart
        : action === "no_show"
          ? BOOKING_MESSAGES.noShowBeforeStart
          : BOOKING_MESSAGES.appointmentPassed,
    );
  await repository.updateBooking(tx, row.id, { ...changes, status: next });
  await onTeleconsultSettled(tx, [row], next);
  await recordChange(tx, request, {
    bookingId: row.id,
    companyId: row.companyId,
    action,
    from: row.status,
    to: next,
    ...(detail ? { detail } : {}),
  });
}

/**
 * One booking, locked, checked for ownership, moved by `action`. `check`, when given, runs first on
 * the locked row in place of the appointment's time rule: it applies the action's own and throws its
 * refusal (cancel's, where a teleconsultation has its own).
 */
async function transition(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  action: BookingAction,
  changes: (row: repository.BookingRow, tx: Executor) => Changes | Promise<Changes> = () => ({}),
  detail?: Record<string, unknown>,
  check?: (tx: Executor, row: repository.BookingRow) => Promise<void>,
): Promise<TBooking> {
  const principal = principalOf(request);
  const id = bookingId(ctx.ids, hashid);
  await ctx.db.transaction(async (tx) => {
    const row = await repository.lockBooking(tx, id);
    assertParty(principal, row);
    if (check) await check(tx, row);
    await applyTo(tx, request, row, action, await changes(row, tx), detail, check !== undefined);
  });
  return present(ctx, id);
}

const noProposal: Changes = { proposedStartAt: null, proposedEndAt: null };

/** `GET reservations/details/all/{id}`: one booking, for either party. */
export async function details(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<TBooking> {
  const id = bookingId(ctx.ids, hashid);
  const row = await repository.findBooking(ctx.db, id);
  assertParty(principalOf(request), row?.booking ?? null);
  return present(ctx, id);
}

/** `GET|POST reservations/company/confirm/{id}`: the company accepts the request as it is. */
export const confirm = (ctx: ModuleContext, request: FastifyRequest, hashid: string) =>
  transition(ctx, request, hashid, "confirm", async (row, tx) => {
    // A request with preferences (or none) has no time yet: the company proposes one instead.
    if (row.status === "ricevuto" && needsTimeToConfirm(row.kind, row.startAt))
      throw conflict(BOOKING_MESSAGES.timeRequired);
    // The state machine first (a second operator taking a teleconsultation in charge gets 409), then
    // the teleconsultation's own part: the operator assigned, a quick request started now.
    nextOf(row.status, "confirm", request);
    return onTeleconsultConfirm(tx, row, principalOf(request), new Date());
  });

/** `POST reservations/company/reject/{id}`: the company refuses, with a reason 1–4. */
export const refuse = (ctx: ModuleContext, request: FastifyRequest, hashid: string, reason: number) =>
  transition(ctx, request, hashid, "refuse", () => ({ ...noProposal, refusalReason: reason }), { reason });

/** `POST reservations/company/close/{hash}`: a confirmed booking was served (evaso), from its start on. */
export const close = (ctx: ModuleContext, request: FastifyRequest, hashid: string) =>
  transition(ctx, request, hashid, "close");

/**
 * `POST reservations/company/noshow/{hash}` (issue 12 "Beyond the spec"): the citizen did not come to
 * a confirmed appointment (non presentato), recorded from its start on like closing it.
 */
export const noShow = (ctx: ModuleContext, request: FastifyRequest, hashid: string) =>
  transition(ctx, request, hashid, "no_show");

/** `GET reservations/user/confirm/{id}`: the citizen accepts the proposed date and time. */
export const accept = (ctx: ModuleContext, request: FastifyRequest, hashid: string) =>
  transition(ctx, request, hashid, "accept", (row) =>
    row.proposedStartAt && row.proposedEndAt
      ? { startAt: row.proposedStartAt, endAt: row.proposedEndAt, ...noProposal }
      : noProposal,
  );

/** `POST reservations/user/reject/{id}`: the citizen rejects the proposed change; the request ends. */
export const reject = (ctx: ModuleContext, request: FastifyRequest, hashid: string) =>
  transition(ctx, request, hashid, "reject", () => noProposal);

/**
 * `POST reservations/own/cancel/{id}`: the citizen cancels, with a reason 1–2, before the appointment.
 * A teleconsultation answers to its own rule first (the teleconsult module's hook, on the locked
 * booking): never once its call connected or ended; a quick or paediatric one, whose start is its
 * call's connection, whether it waits or was taken in charge. Taking charge (confirm) and the call's
 * connection lock the same booking row first, so a cancel racing either one comes before or after it.
 */
export const cancel = (ctx: ModuleContext, request: FastifyRequest, hashid: string, reason: number) =>
  transition(
    ctx,
    request,
    hashid,
    "cancel",
    () => ({ ...noProposal, cancellationReason: reason }),
    { reason },
    async (tx, row) => {
      // A teleconsultation answers to its own rule (the hook); any other booking to the appointment's time,
      // before the state machine.
      if (!(await onTeleconsultCancel(tx, row, new Date())) && hasAppointmentPassed(row.startAt))
        throw conflict(BOOKING_MESSAGES.appointmentPassed);
    },
  );

/**
 * The new start of a booking at a free slot of its health service, moved by `action`: like a new
 * booking it locks the health service first, so the slot cannot be taken meanwhile.
 */
async function moveTo(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  start: string,
  action: "propose" | "request_new_date",
): Promise<TBooking> {
  const principal = principalOf(request);
  const id = bookingId(ctx.ids, hashid);
  const found = await repository.findBooking(ctx.db, id);
  assertParty(principal, found?.booking ?? null);
  // A product order has no health service, hence no slots to move to.
  const serviceId = found?.booking.healthServiceId ?? null;
  if (serviceId === null) throw conflict(BOOKING_MESSAGES.transitionRefused);
  await ctx.db.transaction(async (tx) => {
    await lockHealthService(tx, serviceId);
    const row = await repository.lockBooking(tx, id);
    assertParty(principal, row);
    // The state machine first: a closed booking gets 409 whatever the slot.
    nextOf(row.status, action, request);
    if (action === "request_new_date" && hasAppointmentPassed(row.startAt))
      throw conflict(BOOKING_MESSAGES.appointmentPassed);
    const slot = await freeSlotAt(ctx, tx, principal, ctx.ids.encode(serviceId), Date.parse(start));
    // A teleconsultation accepted by the citizen is never confirmed: the proposing operator runs it.
    if (action === "propose") await onTeleconsultProposed(tx, row, principal, new Date());
    const changes: Changes =
      action === "propose"
        ? { proposedStartAt: slot.start, proposedEndAt: slot.end }
        : { startAt: slot.start, endAt: slot.end, ...noProposal };
    await applyTo(tx, request, row, action, changes, { start: slot.start.toISOString() });
  });
  return present(ctx, id);
}

/**
 * `PUT reservations/date/change/{id}`: the company proposes another start (a free slot of the same
 * health service); the booking waits for the citizen's answer (in_attesa).
 */
export const proposeDate = (ctx: ModuleContext, request: FastifyRequest, hashid: string, start: string) =>
  moveTo(ctx, request, hashid, start, "propose");

/**
 * `PUT reservations/{hashid}`: the citizen asks for another date and time (a free slot of the same
 * health service); the request goes back to the company (ricevuto).
 */
export const requestNewDate = (ctx: ModuleContext, request: FastifyRequest, hashid: string, start: string) =>
  moveTo(ctx, request, hashid, start, "request_new_date");

/**
 * `POST reservations/company/multiple/close`: closes several bookings; all of them or none (one not
 * confirmed, or whose time has not come, is a 409 and nothing changes).
 */
export async function closeMany(ctx: ModuleContext, request: FastifyRequest, hashids: string[]): Promise<TBooking[]> {
  const companyId = ownCompanyId(principalOf(request));
  const ids = [...new Set(hashids.map((h) => bookingId(ctx.ids, h)))];
  await ctx.db.transaction(async (tx) => {
    const rows = await repository.lockCompanyBookings(tx, companyId, ids);
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) await applyTo(tx, request, row, "close", {});
  });
  return Promise.all(ids.map((id) => present(ctx, id)));
}
