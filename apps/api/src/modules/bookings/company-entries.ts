import { notFound, type TBooking } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { healthServiceIdsUnder } from "../companies/index.ts";
import { recordChange } from "./history.ts";
import { presentBooking } from "./presenters.ts";
import * as repository from "./repository.ts";

/**
 * Bookings another module enters or shows for a company: the patients module's operator books a
 * health service or enters an order for a patient, and opens a patient's bookings and the ASL
 * appointments. That module decides who may (its own access rules); this one owns the rows.
 */

/** The first change of a booking the company enters: what it is and what its history records. */
export interface EnteredChange {
  action: string;
  detail?: Record<string, unknown>;
}

/**
 * Inserts a booking the company enters and records its creation (history, audit, notifications) in
 * the caller's transaction, which holds the health service's lock for a slot.
 */
export async function enterBooking(
  tx: Executor,
  request: FastifyRequest,
  values: repository.NewBooking & Required<Pick<repository.NewBooking, "status">>,
  change: EnteredChange,
): Promise<number> {
  const id = await repository.insertBooking(tx, values);
  await recordChange(tx, request, {
    bookingId: id,
    companyId: values.companyId,
    action: change.action,
    from: null,
    to: values.status,
    ...(change.detail ? { detail: change.detail } : {}),
  });
  return id;
}

/** A booking as its answer shows it (after the caller decided it may be seen), or a 404. */
export async function bookingById(ctx: ModuleContext, id: number): Promise<TBooking> {
  const row = await repository.findBooking(ctx.db, id);
  if (!row) throw notFound();
  return presentBooking(ctx, row);
}

/**
 * A company's bookings, latest appointment first, paged: of one user (a patient's card), or of the
 * company's health services under a platform service ref (the ASL appointments).
 */
export async function companyBookings(
  ctx: ModuleContext,
  filter: { companyId: number; userId?: number; positionRef?: number },
  page: { limit: number; offset: number },
): Promise<{ data: TBooking[]; total: number }> {
  const { rows, total } = await repository.listBookings(
    ctx.db,
    {
      companyId: filter.companyId,
      ...(filter.userId === undefined ? {} : { userId: filter.userId }),
      ...(filter.positionRef === undefined
        ? {}
        : { healthServiceIn: healthServiceIdsUnder(filter.companyId, filter.positionRef) }),
    },
    page,
  );
  return { data: rows.map((row) => presentBooking(ctx, row)), total };
}
