import { z } from "zod";
import {
  BOOKING_LIST_GROUP_NAMES,
  BOOKING_STATUSES,
  CANCELLATION_REASONS,
  REFUSAL_REASONS,
} from "../booking-states.ts";
import { BOOKING_KINDS } from "../constants.ts";
import { ZNre, ZRev } from "../validation/prescription.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/** Bookings (spec 001 §3 Booking request, §4 Booking statuses, §7 Citizen and Operator reservations). */

export const BOOKING_MESSAGES = {
  created: "Prenotazione inviata",
  forWhomOne: "Scegli per chi prenotare: un familiare o la persona che assisti",
  updated: "Prenotazione aggiornata",
  slotTaken: "Lo slot scelto non è più disponibile: scegline un altro",
  transitionRefused: "Operazione non consentita per lo stato attuale della prenotazione",
  notTeleconsult: "La prestazione scelta non è un teleconsulto",
  notesLocked: "Le note non sono più modificabili dopo l'orario dell'appuntamento",
  appointmentPassed: "L'orario dell'appuntamento è passato: per modifiche contatta la struttura",
  phoneNotVerified: "Verifica il numero di telefono per prenotare",
  dateOrder: "La data finale deve seguire quella iniziale",
  rangeTooLong: "L'intervallo può coprire al massimo un anno",
  preferencesMin: "Indica almeno 3 preferenze, oppure nessuna preferenza",
  serviceRequired: "Scegli la prestazione",
  companyRequired: "Scegli la farmacia",
  productsRequired: "Aggiungi almeno un prodotto",
  dateRequired: "Scegli un orario libero, le preferenze oppure nessuna preferenza",
  preferencePast: "Scegli una data da oggi in poi",
  preferenceRepeated: "Questa preferenza è già indicata",
  productRepeated: "Questo prodotto è già nell'ordine: cambia la quantità",
  productUnknown: "Prodotto non trovato",
  notPharmacy: "Scegli una farmacia che accetta ordini",
  timeRequired: "Proponi una data e un orario prima di confermare",
  closeBeforeStart: "La prenotazione non può essere evasa prima del suo orario",
  noShowBeforeStart: "La mancata presentazione si può segnare solo dall'orario dell'appuntamento",
} as const;

/** Spec 001 §3, screen 14: a preference is a date with a time of day. */
export const PREFERENCE_SLOTS = {
  mattina: "Mattina",
  pomeriggio: "Pomeriggio",
  sera: "Sera",
  tutto_il_giorno: "Tutto il giorno",
} as const;
export type PreferenceSlot = keyof typeof PREFERENCE_SLOTS;
export const MIN_BOOKING_PREFERENCES = 3;

// In constants.ts: a page that only needs the kinds does not load these schemas (and zod) with them.
export type BookingKind = (typeof BOOKING_KINDS)[number];

const ZInstant = z.iso.datetime({ offset: true, message: "Data e ora non valide" });
const ZDate = z.iso.date({ message: "Data non valida" });
const notes = z.string().trim().max(2000, "Al massimo 2000 caratteri");

export const ZBookingPreference = z.object({
  date: ZDate,
  slot: z.enum(Object.keys(PREFERENCE_SLOTS) as [PreferenceSlot, ...PreferenceSlot[]], "Fascia oraria non valida"),
});
export type TBookingPreference = z.infer<typeof ZBookingPreference>;

export const ZBookingProductLine = z.object({
  /** ZProduct.code from `utilities/products/{product}/search`. */
  code: z.string().trim().min(1).max(32),
  quantity: z.number().int().min(1, "Quantità non valida").max(10, "Al massimo 10 confezioni"),
});

/**
 * `POST reservations` (wizard of spec 001 screen 12). A health service (prestazione) is booked at a
 * free slot (`start`), or with at least 3 preferences, or with no preference; a product order goes to
 * a company (the pharmacy) with its products and, optionally, an NRE or a vet REV code.
 */
export const ZBookingCreateBody = z
  .object({
    kind: z.enum(BOOKING_KINDS).default("prestazione"),
    /** The health service's hashid (prestazione). */
    health_service: ZHashid.optional(),
    /** The company's hashid (prodotto). */
    company: ZHashid.optional(),
    /** The chosen free slot's start (as the slots call gives it). */
    start: ZInstant.optional(),
    preferences: z.array(ZBookingPreference).max(10, "Al massimo 10 preferenze").optional(),
    no_preference: z.boolean().optional(),
    /** For whom: a family member's hashid; absent for oneself. */
    family_member: ZHashid.optional(),
    /** For whom: the user hashid of a person the caller is an enabled caregiver of (the booking is theirs). */
    assisted: ZHashid.optional(),
    products: z.array(ZBookingProductLine).max(20, "Al massimo 20 prodotti").optional(),
    nre: ZNre.optional(),
    rev: ZRev.optional(),
    notes: notes.optional(),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    // A caregiver books for the assisted person, not for the caregiver's own family members.
    if (body.assisted && body.family_member) issue("family_member", BOOKING_MESSAGES.forWhomOne);
    if (body.kind === "prodotto") {
      if (!body.company) issue("company", BOOKING_MESSAGES.companyRequired);
      if (!body.products?.length) issue("products", BOOKING_MESSAGES.productsRequired);
      return;
    }
    if (!body.health_service) issue("health_service", BOOKING_MESSAGES.serviceRequired);
    const ways = [body.start !== undefined, body.preferences !== undefined, body.no_preference === true];
    if (ways.filter(Boolean).length !== 1) issue("start", BOOKING_MESSAGES.dateRequired);
    // A teleconsultation opens its room at a time: a free slot only.
    else if (body.kind === "teleconsulto" && body.start === undefined) issue("start", BOOKING_MESSAGES.dateRequired);
    else if (body.preferences && body.preferences.length < MIN_BOOKING_PREFERENCES)
      issue("preferences", BOOKING_MESSAGES.preferencesMin);
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
  kind: z.enum(BOOKING_KINDS, "Tipo non valido").optional(),
  /** A tab of BOOKING_LIST_GROUPS; what waits for the caller's answer comes first. */
  group: z.enum(BOOKING_LIST_GROUP_NAMES, "Elenco non valido").optional(),
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
    /** Null for a product order. */
    health_service: z.object({ hashid: z.string(), name: z.string() }).nullable(),
    company: z.object({ hashid: z.string(), name: z.string() }),
    citizen: z.object({ hashid: z.string(), name: z.string(), surname: z.string() }),
    /** For whom, when not the citizen. */
    family_member: z.object({ hashid: z.string(), name: z.string(), surname: z.string() }).nullable(),
    /** Null while the request has preferences (or none) and no time yet. */
    start: z.string().nullable(),
    end: z.string().nullable(),
    preferences: z.array(ZBookingPreference).nullable(),
    products: z.array(ZBookingProductLine.extend({ name: z.string() })).nullable(),
    nre: z.string().nullable(),
    rev: z.string().nullable(),
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
