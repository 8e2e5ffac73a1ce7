import { z } from "zod";
import { ZBooking } from "./bookings.ts";
import { envelope, ZHashid } from "./common.ts";

/**
 * The agenda (spec 001 §2 screens 10–11, §3 Event and Recurring reservation, §7 Agenda events):
 * the citizen's own events, the calendar that shows them beside the bookings, and recurring
 * reservations (recall) from which the job runner creates the next booking.
 */

export const AGENDA_MESSAGES = {
  eventCreated: "Evento salvato",
  eventUpdated: "Evento aggiornato",
  eventDeleted: "Evento eliminato",
  nameRequired: "Inserisci il nome dell'evento",
  placeRequired: "Inserisci il luogo dell'evento",
  dateRequired: "Inserisci una data valida",
  timeRequired: "Inserisci un orario valido (hh:mm)",
  eventRequired: "Indica l'evento",
  tooLong: "Testo troppo lungo",
  frequencyCreated: "Prenotazione ricorrente salvata",
  frequencyUpdated: "Prenotazione ricorrente aggiornata",
  frequencyDeleted: "Prenotazione ricorrente eliminata",
  everyInvalid: "Indica un intervallo da 1 a 365",
  unitInvalid: "Unità non valida",
  nextDatePast: "La prossima data non può essere nel passato",
  endBeforeNext: "La data di fine non può precedere la prossima data",
  patientRequired: "Indica il paziente",
  serviceRequired: "Scegli la prestazione",
  serviceInactive: "La prestazione non è attiva",
  noDateYet: "La prenotazione non ha ancora data e ora",
  enabledRequired: "Indica se la prenotazione ricorrente è attiva",
} as const;

/**
 * Frequency units: the spec's duration units (§3: 0 month, 1 week, 2 day); a recall is never more
 * frequent than daily.
 */
export const FREQUENCY_UNITS = { 0: "mesi", 1: "settimane", 2: "giorni" } as const;
export type FrequencyUnit = 0 | 1 | 2;

/** The job creates the next booking of a recurring reservation this many days before its date. */
export const RECALL_LEAD_DAYS = 7;

const ZDate = z.iso.date({ message: AGENDA_MESSAGES.dateRequired });
const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, AGENDA_MESSAGES.timeRequired);
const ZNotes = z.string().trim().max(2000, AGENDA_MESSAGES.tooLong);

// ---------------------------------------------------------------------------------------------
// Events (screen 11): name, place, date and time required; notes optional.

export const ZAgendaEventBody = z.object({
  name: z
    .string(AGENDA_MESSAGES.nameRequired)
    .trim()
    .min(1, AGENDA_MESSAGES.nameRequired)
    .max(120, AGENDA_MESSAGES.tooLong),
  place: z
    .string(AGENDA_MESSAGES.placeRequired)
    .trim()
    .min(1, AGENDA_MESSAGES.placeRequired)
    .max(200, AGENDA_MESSAGES.tooLong),
  date: z.iso.date(AGENDA_MESSAGES.dateRequired),
  time: z.string(AGENDA_MESSAGES.timeRequired).regex(/^([01]\d|2[0-3]):[0-5]\d$/, AGENDA_MESSAGES.timeRequired),
  notes: ZNotes.nullable().optional(),
});
export type TAgendaEventBody = z.infer<typeof ZAgendaEventBody>;

/**
 * PUT and DELETE `users/{id}/agendaevents` without `{eventid}` name the event in the body
 * (`hashid`); with `{eventid}` in the path the body's hashid is ignored.
 */
export const ZAgendaEventUpdateBody = ZAgendaEventBody.extend({ hashid: ZHashid.optional() });
export type TAgendaEventUpdateBody = z.infer<typeof ZAgendaEventUpdateBody>;
export const ZAgendaEventDeleteBody = z.object({ hashid: ZHashid.optional() }).optional();

export const ZAgendaUserParams = z.object({ id: ZHashid });
export const ZAgendaEventParams = z.object({ id: ZHashid, eventid: ZHashid });

export const ZAgendaEvent = z
  .object({
    hashid: z.string(),
    /** The owner (the user of `users/{id}`). */
    user: z.string(),
    name: z.string(),
    place: z.string(),
    /** Local date and time (Italian time), as entered. */
    date: z.string(),
    time: z.string(),
    /** The same moment as an instant. */
    start: z.string(),
    notes: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AgendaEvent" });
export type TAgendaEvent = z.infer<typeof ZAgendaEvent>;
export const ZAgendaEventResponse = envelope(ZAgendaEvent).extend({ message: z.string().optional() });

// ---------------------------------------------------------------------------------------------
// Calendar (screen 10).

export const ZCalendarRangeQuery = z.object({ from: ZDate, to: ZDate });
export type TCalendarRangeQuery = z.infer<typeof ZCalendarRangeQuery>;

/** `GET users/{id}/agendaevents/calendar/full`: the events and the bookings of a date range. */
export const ZFullCalendar = z.object({ events: z.array(ZAgendaEvent), bookings: z.array(ZBooking) });
export type TFullCalendar = z.infer<typeof ZFullCalendar>;
export const ZFullCalendarResponse = envelope(ZFullCalendar);

/** `GET users/own/reservations/onedaycalendar?date=`: one day's appointments (default today). */
export const ZOneDayQuery = z.object({ date: ZDate.optional() });

/** Calendar request types (screen 10): teleconsultation, order, healthcare service, event. */
export const CALENDAR_ITEM_TYPES = ["teleconsulto", "ordine", "prestazione", "evento"] as const;
export type CalendarItemType = (typeof CALENDAR_ITEM_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Recurring reservations (recall).

const ZFrequencyFields = z.object({
  health_service: ZHashid.describe("The health service's hashid (it decides the company)"),
  every: z
    .number(AGENDA_MESSAGES.everyInvalid)
    .int(AGENDA_MESSAGES.everyInvalid)
    .min(1, AGENDA_MESSAGES.everyInvalid)
    .max(365, AGENDA_MESSAGES.everyInvalid),
  unit: z.union([z.literal(0), z.literal(1), z.literal(2)], AGENDA_MESSAGES.unitInvalid),
  /** The date of the next booking; the job moves it on after each one. */
  next_date: ZDate,
  /** The time of day of every booking (Italian time). */
  time: ZTime,
  /** No booking after this date; null: for ever. */
  end_date: ZDate.nullable().optional(),
  notes: ZNotes.nullable().optional(),
  enabled: z.boolean().optional(),
});

const endAfterNext = (body: { next_date: string; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (body.end_date && body.end_date < body.next_date)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: AGENDA_MESSAGES.endBeforeNext });
};

/**
 * `POST reservations/frequencies`: an operator creates a recall for a patient (`user`, a citizen's
 * hashid) at one of the company's health services; a citizen creates one for themself (no `user`).
 */
export const ZFrequencyCreateBody = ZFrequencyFields.extend({ user: ZHashid.optional() }).superRefine(endAfterNext);
export type TFrequencyCreateBody = z.infer<typeof ZFrequencyCreateBody>;
/** `PUT reservations/frequencies/{id}`: the whole recurrence again (the patient does not change). */
export const ZFrequencyUpdateBody = ZFrequencyFields.superRefine(endAfterNext);
export type TFrequencyUpdateBody = z.infer<typeof ZFrequencyUpdateBody>;
/** `PATCH reservations/frequencies/{id}`: enable or suspend. */
export const ZFrequencyEnableBody = z.object({ enabled: z.boolean(AGENDA_MESSAGES.enabledRequired) });

const ZNamed = z.object({ hashid: z.string(), name: z.string() });

export const ZFrequency = z
  .object({
    hashid: z.string(),
    enabled: z.boolean(),
    user: z.object({ hashid: z.string(), name: z.string(), surname: z.string(), cf: z.string().nullable() }),
    company: ZNamed,
    health_service: ZNamed,
    every: z.number(),
    unit: z.number(),
    next_date: z.string(),
    time: z.string(),
    end_date: z.string().nullable(),
    notes: z.string().nullable(),
    /** Who set it up: an operator of the company (recall) or the citizen. */
    created_by: z.enum(["operatore", "cittadino"]),
    /** The last booking the job created, if any. */
    last_booking: z.string().nullable(),
    /** Every booking the job created so far. */
    bookings_created: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "RecurringReservation" });
export type TFrequency = z.infer<typeof ZFrequency>;
export const ZFrequencyResponse = envelope(ZFrequency).extend({ message: z.string().optional() });
export const ZFrequencyListResponse = envelope(z.array(ZFrequency));
