import { BOOKING_MESSAGES, forbidden, notFound, type TBooking, type TBookingCreateBody } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { freeSlotAt } from "./availability.ts";
import { recordChange } from "./history.ts";
import { presentBooking } from "./presenters.ts";
import * as repository from "./repository.ts";

/**
 * `POST reservations`: a citizen books a health service at a free slot. The slot is taken
 * atomically: the transaction locks the health service row, re-checks the slot through the
 * companies module's slot computation and inserts; a second citizen racing for the same last slot
 * waits for the lock, then finds it taken (409).
 */
export async function createBooking(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TBookingCreateBody,
): Promise<TBooking> {
  const principal = principalOf(request);
  if (!(await repository.phoneVerified(ctx.db, principal.userId))) throw forbidden(BOOKING_MESSAGES.phoneNotVerified);
  const serviceId = ctx.ids.decode(body.health_service);
  if (serviceId === null) throw notFound();
  const id = await ctx.db.transaction(async (tx) => {
    const service = await repository.lockHealthService(tx, serviceId);
    if (!service) throw notFound();
    const slot = await freeSlotAt(ctx, tx, principal, body.health_service, Date.parse(body.start));
    const bookingId = await repository.insertBooking(tx, {
      companyId: service.companyId,
      healthServiceId: service.id,
      userId: principal.userId,
      kind: "prestazione",
      status: "ricevuto",
      startAt: slot.start,
      endAt: slot.end,
      notes: body.notes?.length ? body.notes : null,
    });
    await recordChange(tx, request, {
      bookingId,
      companyId: service.companyId,
      action: "created",
      from: null,
      to: "ricevuto",
      detail: { start: slot.start.toISOString() },
    });
    return bookingId;
  });
  const row = await repository.findBooking(ctx.db, id);
  if (!row) throw notFound();
  return presentBooking(ctx, row);
}
