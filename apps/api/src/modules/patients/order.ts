import {
  BOOKING_MESSAGES,
  conflict,
  DomainError,
  fieldError,
  PATIENT_MESSAGES,
  type TBooking,
  type ZPatientOrderBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { bookingById, enterBooking } from "../bookings/index.ts";
import { productsByCode } from "../products/index.ts";
import * as repository from "./repository.ts";
import { patientOf, patientsCompany } from "./scope.ts";

type Body = z.output<typeof ZPatientOrderBody>;

/**
 * `POST companies/own/patients/{id}/orders`: the pharmacy records a product order for its patient
 * (spec 001 §2 `pazienti/ordine/{hash}`), as a product booking of the company. The lines are
 * resolved in the medicine list and keep its name, like a citizen's order (bookings/create.ts, whose
 * helper is private to that use case). The company itself takes the order: it is confirmed at
 * once and closed (evaso) when the patient collects it.
 */
export async function orderForPatient(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid: string,
  body: Body,
): Promise<TBooking> {
  const principal = principalOf(request);
  const companyId = await patientsCompany(ctx.db, principal);
  const patient = await patientOf(ctx.db, ctx.ids, companyId, patientHashid);
  if (patient.link?.active === false) throw conflict(PATIENT_MESSAGES.archived);

  const codes = body.products.map((l) => l.code);
  const repeated = codes.findIndex((code, index) => codes.indexOf(code) !== index);
  if (repeated >= 0) throw fieldError(`products.${repeated}.code`, BOOKING_MESSAGES.productRepeated);
  const found = await productsByCode(ctx.db, codes);
  const unknown = codes.filter((code) => !found.has(code));
  if (unknown.length > 0) {
    const message = `${BOOKING_MESSAGES.productUnknown}: ${unknown.join(", ")}`;
    throw new DomainError("validation", { message, errors: { products: [message] } });
  }
  const lines = body.products.map((l) => {
    const product = found.get(l.code);
    const name = product?.package ? `${product.name} ${product.package}` : (product?.name ?? l.code);
    return { code: l.code, name, quantity: l.quantity };
  });

  const bookingId = await ctx.db.transaction(async (tx) => {
    const id = await enterBooking(
      tx,
      request,
      {
        companyId,
        healthServiceId: null,
        userId: patient.user.id,
        kind: "prodotto",
        status: "confermato",
        startAt: null,
        endAt: null,
        products: lines,
        nre: body.nre ?? null,
        operatorNotes: body.operator_notes?.length ? body.operator_notes : null,
      },
      { action: "created_by_operator", detail: { products: lines.length } },
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
