import {
  conflict,
  fieldError,
  forbidden,
  notFound,
  TELECONSULT_MESSAGES,
  TELECONSULT_MOVE_MAX_HOURS,
  TELECONSULT_SWITCH_PERMISSION,
  type TTeleconsult,
  type TTeleconsultMoveBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { type Principal, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { assertCompanyServiceActive } from "../billing/index.ts";
import { lockTeleconsultBooking, moveTeleconsultStart } from "../bookings/index.ts";
import { ownCompanyId } from "../companies/index.ts";
import { notifyCitizenMoved, notifyCitizenTaken } from "./popups.ts";
import { presentTeleconsults } from "./presenters.ts";
import * as repository from "./repository.ts";

/** The operator may handle this kind: quick ones need their permission string (403 otherwise). */
export function assertMayHandle(principal: Principal, row: repository.TeleconsultRow): void {
  if (row.kind === "specialistico") return;
  const ref = row.positionRef as 10 | 11;
  if (!principal.permissions.includes(TELECONSULT_SWITCH_PERMISSION[ref])) throw forbidden();
}

/**
 * Bookings' confirm of a teleconsultation (taking charge), in confirm's transaction on the locked
 * booking, after its state machine (a second operator got 409 before reaching here): the company
 * must still be subscribed, a quick request must be within its 60 minutes, and the operator is
 * assigned; the citizen is told.
 */
export async function onConfirm(
  tx: Executor,
  booking: { id: number; companyId: number; userId: number; status: string },
  principal: Principal,
  at: Date,
): Promise<void> {
  const row = await repository.lockTeleconsult(tx, booking.id);
  if (!row) return;
  assertMayHandle(principal, row);
  await assertCompanyServiceActive(tx, row.companyId, row.positionRef, at);
  if (row.deadline && row.takenAt === null && at.getTime() > row.deadline.getTime())
    throw conflict(TELECONSULT_MESSAGES.expired);
  await repository.updateTeleconsult(tx, row.bookingId, { operatorId: principal.userId, takenAt: at });
  if (row.kind !== "specialistico") await notifyCitizenTaken(tx, row.userId, row.kind);
}

/**
 * Bookings' proposal of another time (`PUT reservations/date/change/{id}`), in its transaction: the
 * citizen's acceptance makes the booking confirmed without a confirm, so the operator who proposed
 * the time is the one assigned to the call (replacing an earlier one: they now own the slot).
 */
export async function onProposed(tx: Executor, booking: { id: number }, principal: Principal, at: Date): Promise<void> {
  const row = await repository.lockTeleconsult(tx, booking.id);
  if (!row) return;
  assertMayHandle(principal, row);
  await repository.updateTeleconsult(tx, row.bookingId, { operatorId: principal.userId, takenAt: at });
}

/** A specialist teleconsultation booked through the wizard (bookings' POST reservations). */
export async function onBooked(
  tx: Executor,
  booking: { bookingId: number; companyId: number; userId: number; familyMemberId?: number | null | undefined },
): Promise<void> {
  await repository.insertTeleconsult(tx, {
    bookingId: booking.bookingId,
    companyId: booking.companyId,
    userId: booking.userId,
    familyMemberId: booking.familyMemberId ?? null,
    kind: "specialistico",
    positionRef: 2,
  });
}

/**
 * `PUT reservations/order/tc/update/{hash}`: an operator of the company moves a taken quick or
 * paediatric teleconsultation's start, between now and 24 hours ahead, before the call connected;
 * the citizen is told (history, notification, popup).
 */
export async function moveStart(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  body: TTeleconsultMoveBody,
): Promise<TTeleconsult> {
  const principal = principalOf(request);
  const companyId = ownCompanyId(principal);
  const id = ctx.ids.decode(hashid);
  const found = id === null ? null : await repository.findTeleconsult(ctx.db, id);
  // Another company's teleconsultation, or a booking that is not one: 404.
  if (!found || found.companyId !== companyId) throw notFound();
  assertMayHandle(principal, found);
  const start = new Date(body.scheduled_at);
  const now = Date.now();
  if (start.getTime() < now - 60_000 || start.getTime() > now + TELECONSULT_MOVE_MAX_HOURS * 3_600_000)
    throw fieldError("scheduled_at", TELECONSULT_MESSAGES.scheduledRange);
  await ctx.db.transaction(async (tx) => {
    // The booking first, as bookings' confirm locks it (then the teleconsultation).
    await lockTeleconsultBooking(tx, found.bookingId);
    const row = await repository.lockTeleconsult(tx, found.bookingId);
    if (!row) throw notFound();
    if (row.kind === "specialistico" || row.connectedAt !== null || row.endedAt !== null)
      throw conflict(TELECONSULT_MESSAGES.notMovable);
    await moveTeleconsultStart(tx, request, row.bookingId, start);
    await notifyCitizenMoved(tx, row.userId, row.kind, start);
  });
  const shown = await repository.findWithNames(ctx.db, found.bookingId);
  if (!shown) throw notFound();
  return (await presentTeleconsults(ctx, [shown]))[0] as TTeleconsult;
}
