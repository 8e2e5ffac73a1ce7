import {
  BOOKING_TRANSITIONS,
  type BookingAction,
  fieldError,
  isBookingActionTimely,
  MAX_BULK_BOOKINGS,
  MAX_FILTER_DAYS,
  nextBookingStatus,
  OPERATOR_BOOKING_MESSAGES,
  type TBookingSelection,
  type TBulkResult,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { daysBetween } from "../../platform/zoned-time.ts";
import { ownCompanyId } from "../companies/index.ts";
import { recordChanges } from "./history.ts";
import { dateRange } from "./operator.ts";
import * as operatorRepository from "./operator-repository.ts";
import * as repository from "./repository.ts";
import { onTeleconsultSettled } from "./teleconsult-entries.ts";

/**
 * Bulk actions of the operator (`POST reservations/company/massive/close` and `massive/reject`).
 * The selection is either the chosen bookings (`ids`) or a filter (appointment dates from–to, and
 * optionally a status and a health service), always inside the operator's company. In one
 * transaction, every selected booking the state machine lets the action move is moved, with its
 * history and audit entry; the others (already closed, refused, cancelled…) are skipped and
 * reported, so "close yesterday's bookings" works without first filtering out the refused ones.
 * More than MAX_BULK_BOOKINGS selected is a 422: nothing changes.
 */

/** The repository filter of a selection; selected ids of another company simply match nothing. */
export function selectionFilter(
  ctx: ModuleContext,
  companyId: number,
  selection: TBookingSelection,
): operatorRepository.OperatorFilter {
  if (selection.ids) {
    return { companyId, ids: [...new Set(selection.ids.map((h) => ctx.ids.decode(h) ?? -1))] };
  }
  const from = selection.from as string;
  const to = selection.to as string;
  if (daysBetween(from, to) >= MAX_FILTER_DAYS) throw fieldError("to", OPERATOR_BOOKING_MESSAGES.rangeTooLong);
  return {
    companyId,
    ...dateRange(from, to),
    ...(selection.status ? { status: selection.status } : {}),
    ...(selection.health_service ? { healthServiceId: ctx.ids.decode(selection.health_service) ?? -1 } : {}),
  };
}

async function applyBulk(
  ctx: ModuleContext,
  request: FastifyRequest,
  selection: TBookingSelection,
  action: Extract<BookingAction, "close" | "refuse">,
  changes: Partial<repository.NewBooking>,
  detail: Record<string, unknown>,
): Promise<TBulkResult> {
  const principal = principalOf(request);
  const filter = selectionFilter(ctx, ownCompanyId(principal), selection);
  const transition = BOOKING_TRANSITIONS[action];
  return ctx.db.transaction(async (tx) => {
    const rows = await operatorRepository.lockSelection(tx, filter, MAX_BULK_BOOKINGS + 1);
    if (rows.length > MAX_BULK_BOOKINGS)
      throw fieldError(selection.ids ? "ids" : "from", OPERATOR_BOOKING_MESSAGES.tooMany);
    // The same rules as one booking's action: the state machine, then the time (a booking is closed
    // from its start on); the rows are locked, so neither can change before the UPDATE.
    const now = Date.now();
    const movable = rows.filter(
      (row) =>
        nextBookingStatus(row.status, action, "operator") !== null &&
        isBookingActionTimely(action, "operator", row.startAt, now),
    );
    // Set-based: one UPDATE for every booking the state machine lets the action move (the rows are
    // locked, and the statuses are checked again in SQL), then their history, audit and
    // notifications in a few statements, whatever the number of bookings.
    const moved = new Set(
      await repository.updateBookings(
        tx,
        movable.map((row) => row.id),
        transition.from,
        { ...changes, status: transition.to },
      ),
    );
    await onTeleconsultSettled(
      tx,
      rows.filter((row) => moved.has(row.id)),
      transition.to,
    );
    await recordChanges(
      tx,
      request,
      rows
        .filter((row) => moved.has(row.id))
        .map((row) => ({
          bookingId: row.id,
          companyId: row.companyId,
          action,
          from: row.status,
          to: transition.to,
          detail: { bulk: true, ...detail },
        })),
    );
    const changed = rows.filter((row) => moved.has(row.id)).map((row) => ctx.ids.encode(row.id));
    const skipped = rows.filter((row) => !moved.has(row.id)).map((row) => ctx.ids.encode(row.id));
    return {
      matched: rows.length,
      changed: changed.length,
      skipped: skipped.length,
      changed_ids: changed,
      skipped_ids: skipped,
    };
  });
}

/**
 * `POST reservations/company/massive/close`: closes (evaso) the selected confirmed bookings whose
 * time has come; the others, later appointments included, are skipped.
 */
export const massClose = (ctx: ModuleContext, request: FastifyRequest, selection: TBookingSelection) =>
  applyBulk(ctx, request, selection, "close", {}, {});

/** `POST reservations/company/massive/reject`: refuses the selected open bookings with one reason 1–4. */
export const massReject = (ctx: ModuleContext, request: FastifyRequest, selection: TBookingSelection, reason: number) =>
  applyBulk(
    ctx,
    request,
    selection,
    "refuse",
    { refusalReason: reason, proposedStartAt: null, proposedEndAt: null },
    { reason },
  );
