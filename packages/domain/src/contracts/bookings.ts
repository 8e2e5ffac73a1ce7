import { z } from "zod";
import { BOOKING_STATUSES, CANCELLATION_REASONS, REFUSAL_REASONS } from "../booking-states.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/** Bookings (spec 001 §3 Booking request, §4 Booking statuses, §7 Citizen and Operator reservations). */

export const BOOKING_MESSAGES = {
  created: "Prenotazione inviata",
  updated: "Prenotazione aggiornata",
  slotTaken: "Lo slot scelto non è più disponibile: scegline un altro",
  transitionRefused: "Operazione non consentita per lo stato attuale della prenotazione",
  notesLocked: "Le note non sono più modificabili dopo l'orario dell'appuntamento",
  phoneNotVerified: "Verifica il numero di telefono per prenotare",
  dateOrder: "La data finale deve seguire quella iniziale",
  rangeTooLong: "L'intervallo può coprire al massimo un anno",
} as const;

export const BOOKING_KINDS = ["prestazione", "prodotto"] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

const ZInstant = z.iso.datetime({ offset: true, message: "Data e ora non valide" });
const ZDate = z.iso.date({ message: "Data non valida" });
const notes = z.string().trim().max(2000, "Al massimo 2000 caratteri");

export const ZBookingCreateBody = z.object({
  /** The health service's hashid. */
  health_service: ZHashid,
  /** The chosen free slot's start (as the slots call gives it). */
  start: ZInstant,
  notes: notes.optional(),
});
export type TBookingCreateBody = z.infer<typeof ZBookingCreateBody>;

export const ZBookingRefuseBody = z.object({
  reason: z.number().int().min(1).max(Object.keys(REFUSAL_REASONS).length, "Motivo non valido"),
});
export const ZBookingCancelBody = z.object({
  reason: z.number().int().min(1).max(Object.keys(CANCELLATION_REASONS).length, "Motivo non valido"),
});
export const ZBookingDateChangeBody = z.object({ start: ZInstant });
export const ZBookingNotesBody = z.object({ notes: notes.nullable() });
/** `reservations/company/close/{hash}` names its parameter hash. */
export const ZBookingHashParams = z.object({ hash: ZHashid });
export const ZBookingIdsBody = z.object({ ids: z.array(ZHashid).min(1).max(200) });

export const ZBookingListQuery = ZPageQuery.extend({
  status: z.enum(BOOKING_STATUSES).optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
});
export type TBookingListQuery = z.infer<typeof ZBookingListQuery>;
export const ZBookingCalendarQuery = z.object({ from: ZDate, to: ZDate });
export type TBookingCalendarQuery = z.infer<typeof ZBookingCalendarQuery>;

export const ZBooking = z
  .object({
    hashid: z.string(),
    kind: z.enum(BOOKING_KINDS),
    status: z.enum(BOOKING_STATUSES),
    status_label: z.string(),
    health_service: z.object({ hashid: z.string(), name: z.string() }),
    company: z.object({ hashid: z.string(), name: z.string() }),
    citizen: z.object({ hashid: z.string(), name: z.string(), surname: z.string() }),
    start: z.string(),
    end: z.string(),
    proposed_start: z.string().nullable(),
    proposed_end: z.string().nullable(),
    notes: z.string().nullable(),
    operator_notes: z.string().nullable(),
    refusal_reason: z.number().nullable(),
    cancellation_reason: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Booking" });
export type TBooking = z.infer<typeof ZBooking>;

export const ZBookingResponse = envelope(ZBooking).extend({ message: z.string().optional() });
export const ZBookingListResponse = envelope(z.array(ZBooking));
export const ZBookingPagedResponse = pagedEnvelope(ZBooking);
