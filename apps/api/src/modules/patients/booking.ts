import {
  conflict,
  fieldError,
  notFound,
  PAST_BOOKING_MAX_DAYS,
  PATIENT_MESSAGES,
  type TBooking,
  type TBookingListQuery,
  type ZPatientBookingBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { recordAccess } from "../../platform/access-log/access-log.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { zonedToInstant } from "../../platform/zoned-time.ts";
// As the bookings module's own create use case: the health service's row lock, the free-slot check
// through the companies slot computation, then the booking entered with its history.
import { bookingById, companyBookings, enterBooking, freeSlotAt } from "../bookings/index.ts";
// Read only: the company's time zone, for a past booking's wall-clock date and time.
import { findCompany, lockHealthService } from "../companies/index.ts";
import * as repository from "./repository.ts";
import { companyWithService, patientOf, patientsCompany, REFS } from "./scope.ts";

type Body = z.output<typeof ZPatientBookingBody>;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The patient's bookings at the company (patient card) stop here. */
const PATIENT_BOOKINGS_LIMIT = 200;

/**
 * `POST companies/own/patients/{id}/reservations`: an operator books a health service of their
 * company for a patient (spec 001 §2 `pazienti/{hash}/prenotazioni/nuovo/{tipo}`, §6 "may enter
 * past bookings").
 *
 * - A future booking takes a free slot exactly as a citizen's does: the transaction locks the health
 *   service row (the lock every booking of the service takes first), re-checks the slot through the
 *   companies slot computation and inserts; a racing booking for the same slot waits, then gets 409.
 *   It is confirmed at once: the company itself books it.
 * - A past booking (spec 001 §5: service, date and time required) records a visit that already
 *   happened. It is not checked against the slots (they only offer the future) and is "confermato",
 *   so that the operator closes it (evaso) like any other, with its report.
 */
export async function bookForPatient(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid: string,
  body: Body,
): Promise<TBooking> {
  const principal = principalOf(request);
  const companyId = await patientsCompany(ctx.db, principal);
  const patient = await patientOf(ctx.db, ctx.ids, companyId, patientHashid);
  if (patient.link?.active === false) throw conflict(PATIENT_MESSAGES.archived);
  const serviceId = ctx.ids.decode(body.health_service);
  if (serviceId === null) throw fieldError("health_service", PATIENT_MESSAGES.serviceRequired);
  const company = await findCompany(ctx.db, companyId);
  if (!company) throw notFound();

  const bookingId = await ctx.db.transaction(async (tx) => {
    const service = await lockHealthService(tx, serviceId);
    // Another company's service does not exist for this operator.
    if (service?.companyId !== companyId) throw fieldError("health_service", PATIENT_MESSAGES.serviceRequired);

    let slot: { start: Date; end: Date };
    if (body.past) {
      const start = zonedToInstant(body.date as string, body.time as string, company.timezone);
      const now = Date.now();
      if (start >= now) throw fieldError("date", PATIENT_MESSAGES.pastOnly);
      if (start < now - PAST_BOOKING_MAX_DAYS * DAY_MS) throw fieldError("date", PATIENT_MESSAGES.tooOld);
      slot = { start: new Date(start), end: new Date(start + service.slotMinutes * 60_000) };
    } else {
      // A switched-off service takes no new bookings, not even from its own staff.
      if (!service.active) throw fieldError("health_service", PATIENT_MESSAGES.serviceRequired);
      slot = await freeSlotAt(ctx, tx, principal, body.health_service, Date.parse(body.start as string));
    }
    const id = await enterBooking(
      tx,
      request,
      {
        companyId,
        healthServiceId: service.id,
        userId: patient.user.id,
        kind: "prestazione",
        status: "confermato",
        startAt: slot.start,
        endAt: slot.end,
        operatorNotes: body.operator_notes?.length ? body.operator_notes : null,
      },
      {
        action: body.past ? "entered_past" : "created_by_operator",
        detail: { start: slot.start.toISOString(), past: body.past },
      },
    );
    await repository.ensureLink(tx, {
      companyId,
      userId: patient.user.id,
      origin: "prenotazione",
      createdBy: principal.userId,
    });
    return id;
  });
  return bookingById(ctx, bookingId);
}

/** `GET reservations/company/users/{x}`: the patient's bookings at the operator's company, latest appointment first. */
export async function patientBookings(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
): Promise<TBooking[]> {
  const principal = principalOf(request);
  const companyId = await patientsCompany(ctx.db, principal);
  const patient = await patientOf(ctx.db, ctx.ids, companyId, hashid);
  const { data } = await companyBookings(
    ctx,
    { companyId, userId: patient.user.id },
    { limit: PATIENT_BOOKINGS_LIMIT, offset: 0 },
  );
  // A patient's bookings are their clinical history at the company: a sensitive read, logged before
  // it is answered (issue 9 §4).
  await recordAccess(ctx.db, request, {
    entity: "patient_bookings",
    entityId: patient.user.id,
    subjectUserId: patient.user.id,
  });
  return data;
}

/** `GET companies/own/appointments`: the company's ASL appointments (bookings of its ref-5 services), paged. */
export async function aslAppointments(
  ctx: ModuleContext,
  request: FastifyRequest,
  query: Pick<TBookingListQuery, "page" | "per_page">,
) {
  const companyId = await companyWithService(ctx.db, principalOf(request), [REFS.aslAppointments]);
  const { data, total } = await companyBookings(
    ctx,
    { companyId, positionRef: REFS.aslAppointments },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}
