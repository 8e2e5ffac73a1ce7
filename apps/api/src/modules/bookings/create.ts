import {
  BOOKING_MESSAGES,
  DomainError,
  fieldError,
  forbidden,
  notFound,
  type TBooking,
  type TBookingCreateBody,
  type TBookingPreference,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { type Principal, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { zonedDate } from "../../platform/zoned-time.ts";
import { assertCompanyServiceActive } from "../billing/index.ts";
import { caregiverGrant, ownFamilyMember } from "../care/index.ts";
import { lockHealthService } from "../companies/index.ts";
import { phoneVerified } from "../identity/index.ts";
import { productsByCode } from "../products/index.ts";
import { bookableHealthService, freeSlotAt, orderingPharmacy } from "./availability.ts";
import { recordChange } from "./history.ts";
import { presentBooking } from "./presenters.ts";
import * as repository from "./repository.ts";
import type { BookingProductLine } from "./tables.ts";
import { onTeleconsultBooked, TELECONSULT_KIND, TELECONSULT_SERVICE_REF } from "./teleconsult-entries.ts";

/**
 * `POST reservations` (the wizard of spec 001 screen 12). Three ways to ask for a health service:
 * a free slot (`start`), at least 3 preferences, or no preference (the company then proposes a date
 * through `PUT reservations/date/change/{id}`); and a product order to a pharmacy. Every request
 * needs the citizen's verified phone (release notes: mandatory for patients), and may be for one of
 * the citizen's family members.
 */
export async function createBooking(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TBookingCreateBody,
): Promise<TBooking> {
  const principal = principalOf(request);
  if (!(await phoneVerified(ctx.db, principal.userId))) throw forbidden(BOOKING_MESSAGES.phoneNotVerified);
  // Someone else's family member is a 404, as any record that is not one's own.
  const familyMemberId = body.family_member
    ? (await ownFamilyMember(ctx.db, ctx.ids, principal.userId, body.family_member)).id
    : null;
  const common = {
    userId: body.assisted ? await assistedPerson(ctx, principal, body.assisted) : principal.userId,
    familyMemberId,
    status: "ricevuto" as const,
    nre: body.nre ?? null,
    rev: body.rev ?? null,
    notes: body.notes?.length ? body.notes : null,
  };
  const id =
    body.kind === "prodotto"
      ? await createOrder(ctx, request, principal, body, common)
      : body.start
        ? await bookSlot(ctx, request, principal, body, body.start, common)
        : await requestWithPreferences(ctx, request, principal, body, common);
  const row = await repository.findBooking(ctx.db, id);
  if (!row) throw notFound();
  return presentBooking(ctx, row);
}

/**
 * A booking for the assisted person is theirs (their list, their company's patient): only an enabled
 * caregiver of theirs may make it (spec 001 §6); anyone else, and a pending or disabled caregiver,
 * gets 404, as for any person who is not theirs to book for.
 */
async function assistedPerson(ctx: ModuleContext, principal: Principal, hashid: string): Promise<number> {
  const assistedId = ctx.ids.decode(hashid);
  if (assistedId === null || assistedId === principal.userId) throw notFound();
  const grant = await caregiverGrant(ctx.db, principal.userId, assistedId);
  if (!grant?.enabled) throw notFound();
  return assistedId;
}

type Common = Pick<repository.NewBooking, "userId" | "familyMemberId" | "status" | "nre" | "rev" | "notes">;

/**
 * The kind of a booking at a slot: teleconsulto for a health service of the teleconsult platform
 * service (ref 2, the specialist teleconsultation of the wizard), which the company must be
 * subscribed to (403 'Servizio non attivo'); prestazione otherwise. Asking for a teleconsultation of
 * another service is a 422 on the service.
 */
async function teleconsultKindOf(
  tx: Executor,
  body: TBookingCreateBody,
  positionRef: number,
  companyId: number,
): Promise<"prestazione" | typeof TELECONSULT_KIND> {
  if (positionRef !== TELECONSULT_SERVICE_REF) {
    if (body.kind === TELECONSULT_KIND) throw fieldError("health_service", BOOKING_MESSAGES.notTeleconsult);
    return "prestazione";
  }
  await assertCompanyServiceActive(tx, companyId, TELECONSULT_SERVICE_REF, new Date());
  return TELECONSULT_KIND;
}

function serviceIdOf(ctx: ModuleContext, body: TBookingCreateBody): { hashid: string; id: number } {
  const hashid = body.health_service;
  const id = hashid ? ctx.ids.decode(hashid) : null;
  if (!hashid || id === null) throw notFound();
  return { hashid, id };
}

/**
 * A free slot, taken atomically: the transaction locks the health service row, re-checks the slot
 * through the companies module's slot computation and inserts; a second citizen racing for the
 * same last slot waits for the lock, then finds it taken (409).
 */
async function bookSlot(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: TBookingCreateBody,
  start: string,
  common: Common,
): Promise<number> {
  const service = serviceIdOf(ctx, body);
  return ctx.db.transaction(async (tx) => {
    const locked = await lockHealthService(tx, service.id);
    if (!locked) throw notFound();
    const slot = await freeSlotAt(ctx, tx, principal, service.hashid, Date.parse(start));
    // A health service of the teleconsult platform service is a specialist teleconsultation.
    const kind = await teleconsultKindOf(tx, body, slot.positionRef, locked.companyId);
    const bookingId = await repository.insertBooking(tx, {
      ...common,
      companyId: locked.companyId,
      healthServiceId: locked.id,
      kind,
      startAt: slot.start,
      endAt: slot.end,
    });
    await created(tx, request, bookingId, locked.companyId, { start: slot.start.toISOString() });
    if (kind === TELECONSULT_KIND) await onTeleconsultBooked(tx, { bookingId, companyId: locked.companyId, ...common });
    return bookingId;
  });
}

/**
 * A request without a time: at least 3 preferred dates with a time of day, or no preference (kept
 * as an empty list). No slot is held; the company answers with a proposed date.
 */
async function requestWithPreferences(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: TBookingCreateBody,
  common: Common,
): Promise<number> {
  const service = serviceIdOf(ctx, body);
  return ctx.db.transaction(async (tx) => {
    const { service: row, company } = await bookableHealthService(ctx, tx, principal, service.hashid);
    // A teleconsultation is booked at a slot only (it opens a room at that time).
    if (body.kind === TELECONSULT_KIND || row.positionRef === TELECONSULT_SERVICE_REF)
      throw fieldError("start", BOOKING_MESSAGES.dateRequired);
    const preferences = body.no_preference ? [] : checkedPreferences(body.preferences ?? [], company.timezone);
    const bookingId = await repository.insertBooking(tx, {
      ...common,
      companyId: company.id,
      healthServiceId: row.id,
      kind: "prestazione",
      startAt: null,
      endAt: null,
      preferences,
    });
    await created(tx, request, bookingId, company.id, { preferences: preferences.length });
    return bookingId;
  });
}

/** Preferences from today on (in the company's time zone), each date and time of day at most once. */
function checkedPreferences(preferences: TBookingPreference[], timeZone: string): TBookingPreference[] {
  const today = zonedDate(Date.now(), timeZone);
  const seen = new Set<string>();
  preferences.forEach((p, index) => {
    if (p.date < today) throw fieldError(`preferences.${index}.date`, BOOKING_MESSAGES.preferencePast);
    const key = `${p.date} ${p.slot}`;
    if (seen.has(key)) throw fieldError(`preferences.${index}.slot`, BOOKING_MESSAGES.preferenceRepeated);
    seen.add(key);
  });
  return [...preferences].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * A product order to a pharmacy: each line resolved in the medicine list, whose name is kept on the
 * order (the list may change later). No recipe upload (release notes); an NRE or REV code may come.
 */
async function createOrder(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: TBookingCreateBody,
  common: Common,
): Promise<number> {
  const companyHashid = body.company;
  if (!companyHashid) throw fieldError("company", BOOKING_MESSAGES.companyRequired);
  const lines = await productLines(ctx, body.products ?? []);
  return ctx.db.transaction(async (tx) => {
    const company = await orderingPharmacy(ctx, tx, principal, companyHashid);
    const bookingId = await repository.insertBooking(tx, {
      ...common,
      companyId: company.id,
      healthServiceId: null,
      kind: "prodotto",
      startAt: null,
      endAt: null,
      products: lines,
    });
    await created(tx, request, bookingId, company.id, { products: lines.length });
    return bookingId;
  });
}

async function productLines(
  ctx: ModuleContext,
  lines: NonNullable<TBookingCreateBody["products"]>,
): Promise<BookingProductLine[]> {
  const codes = lines.map((l) => l.code);
  const repeated = codes.findIndex((code, index) => codes.indexOf(code) !== index);
  if (repeated >= 0) throw fieldError(`products.${repeated}.code`, BOOKING_MESSAGES.productRepeated);
  const found = await productsByCode(ctx.db, codes);
  const unknown = codes.filter((code) => !found.has(code));
  if (unknown.length > 0) {
    const message = `${BOOKING_MESSAGES.productUnknown}: ${unknown.join(", ")}`;
    throw new DomainError("validation", { message, errors: { products: [message] } });
  }
  // The pack is part of the name the pharmacist reads: the list has one name for several packs.
  return lines.map((l) => {
    const product = found.get(l.code);
    const name = product?.package ? `${product.name} ${product.package}` : (product?.name ?? l.code);
    return { code: l.code, name, quantity: l.quantity };
  });
}

function created(
  tx: Executor,
  request: FastifyRequest,
  bookingId: number,
  companyId: number,
  detail: Record<string, unknown>,
): Promise<void> {
  return recordChange(tx, request, { bookingId, companyId, action: "created", from: null, to: "ricevuto", detail });
}
