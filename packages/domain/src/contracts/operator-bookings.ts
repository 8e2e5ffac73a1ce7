import { z } from "zod";
import { BOOKING_STATUSES, type BookingStatus, REFUSAL_REASONS } from "../booking-states.ts";
import { ZBooking } from "./bookings.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/**
 * The operator's side of bookings (spec 001 §2 prenotazioni/{section} and conferma-annullamento,
 * §7 Operator reservations; spec 002 §7 Reservations (operator side)): the worklist, bulk actions,
 * the XLS report, daily statistics, change requests, taking charge, the booking code and history.
 */

export const OPERATOR_BOOKING_MESSAGES = {
  bulkDone: "Operazione completata",
  filterRequired: "Seleziona delle prenotazioni oppure indica un intervallo di date",
  tooMany: "Troppe prenotazioni: restringi il filtro",
  noChangeRequest: "Nessuna richiesta di modifica in attesa per questa prenotazione",
  handled: "Prenotazione presa in carico",
  nothingToHandle: "La prenotazione è conclusa: non c'è nulla da prendere in carico",
  dateOrder: "La data finale deve seguire quella iniziale",
  rangeTooLong: "L'intervallo può coprire al massimo un anno",
} as const;

/** A bulk action changes at most this many bookings at once (one transaction). */
export const MAX_BULK_BOOKINGS = 500;
/** The XLS report holds at most this many rows. */
export const MAX_REPORT_ROWS = 5000;
/** A bulk filter or a report covers at most this many days. */
export const MAX_FILTER_DAYS = 366;

/**
 * What a booking waits for from the operator (null: nothing):
 * - new: a new request (ricevuto);
 * - change_request: the citizen asked for another date and time (back to ricevuto);
 * - cancelled: the citizen cancelled, not yet seen by an operator;
 * - proposal_rejected: the citizen rejected the operator's proposal, not yet seen.
 */
export const AWAITING_KINDS = ["new", "change_request", "cancelled", "proposal_rejected"] as const;
export type AwaitingKind = (typeof AWAITING_KINDS)[number];

/** Worklist filter: everything awaiting the operator, new requests only, or the citizen's changes. */
export const AWAITING_FILTERS = ["any", "new", "changes"] as const;
export type AwaitingFilter = (typeof AWAITING_FILTERS)[number];

const ZDate = z.iso.date({ message: "Data non valida" });

/** A booking as the operator's worklist shows it: with its code and what it awaits. */
export const ZOperatorBooking = ZBooking.extend({
  code: z.string(),
  awaiting: z.enum(AWAITING_KINDS).nullable(),
}).meta({ id: "OperatorBooking" });
export type TOperatorBooking = z.infer<typeof ZOperatorBooking>;
export const ZOperatorBookingPagedResponse = pagedEnvelope(ZOperatorBooking);
export const ZOperatorBookingListResponse = envelope(z.array(ZOperatorBooking));
export const ZOperatorBookingResponse = envelope(ZOperatorBooking).extend({ message: z.string().optional() });

/** `GET reservations/company/own`: the company's worklist, every filter optional, paged. */
export const ZOperatorWorklistQuery = ZPageQuery.extend({
  status: z.enum(BOOKING_STATUSES).optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
  health_service: ZHashid.optional(),
  awaiting: z.enum(AWAITING_FILTERS).optional(),
});
export type TOperatorWorklistQuery = z.infer<typeof ZOperatorWorklistQuery>;
/** `GET companies/operator/reservations`: the same filters, without `awaiting`. */
export const ZHandledByMeQuery = ZOperatorWorklistQuery.omit({ awaiting: true });
export type THandledByMeQuery = z.infer<typeof ZHandledByMeQuery>;

/**
 * Which bookings a bulk action or the report covers: the selected ones (`ids`), or those whose
 * appointment falls from `from` to `to` (Italian dates), optionally of one status and one health
 * service. One of the two is required.
 */
export const ZBookingSelectionFields = z.object({
  ids: z.array(ZHashid).min(1).max(MAX_BULK_BOOKINGS).optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  health_service: ZHashid.optional(),
});
export type TBookingSelection = z.infer<typeof ZBookingSelectionFields>;

function refineSelection(body: TBookingSelection, ctx: z.RefinementCtx) {
  if (body.ids) return;
  if (!body.from || !body.to) {
    ctx.addIssue({
      code: "custom",
      path: [body.from ? "to" : "from"],
      message: OPERATOR_BOOKING_MESSAGES.filterRequired,
    });
    return;
  }
  if (body.to < body.from) ctx.addIssue({ code: "custom", path: ["to"], message: OPERATOR_BOOKING_MESSAGES.dateOrder });
}

export const ZBookingSelection = ZBookingSelectionFields.superRefine(refineSelection);

/** `POST reservations/company/massive/reject`: the selection and a refusal reason 1–4. */
export const ZBulkRejectBody = ZBookingSelectionFields.extend({
  reason: z.number().int().min(1).max(Object.keys(REFUSAL_REASONS).length, "Motivo non valido"),
}).superRefine(refineSelection);
export type TBulkRejectBody = z.infer<typeof ZBulkRejectBody>;

/**
 * The outcome of a bulk action: every selected booking the state machine lets the action move is
 * changed (in one transaction); the others are skipped and listed, never an error.
 */
export const ZBulkResult = z.object({
  matched: z.number(),
  changed: z.number(),
  skipped: z.number(),
  changed_ids: z.array(z.string()),
  skipped_ids: z.array(z.string()),
});
export type TBulkResult = z.infer<typeof ZBulkResult>;
export const ZBulkResultResponse = envelope(ZBulkResult).extend({ message: z.string() });

/** `GET companies/own/reservations/statisticsbydate?date=`: counts by status for a day and its week. */
export const ZStatisticsByDateQuery = z.object({ date: ZDate });
const ZStatusCounts = z.object(
  Object.fromEntries(BOOKING_STATUSES.map((s) => [s, z.number()])) as Record<BookingStatus, z.ZodNumber>,
);
export type TStatusCounts = Record<BookingStatus, number>;
export const ZDayCounts = z.object({ date: z.string(), total: z.number(), by_status: ZStatusCounts });
export type TDayCounts = z.infer<typeof ZDayCounts>;
export const ZStatisticsByDate = ZDayCounts.extend({
  /** Monday to Sunday of the date's week. */
  week: z.array(ZDayCounts),
});
export type TStatisticsByDate = z.infer<typeof ZStatisticsByDate>;
export const ZStatisticsByDateResponse = envelope(ZStatisticsByDate);

/** `GET reservations/requestcode/{id}`: the short code a citizen and an operator read to each other. */
export const ZRequestCode = z.object({ hashid: z.string(), code: z.string() });
export const ZRequestCodeResponse = envelope(ZRequestCode);

/** `GET reservations/history/{id}`: the history of a booking, oldest first. */
export const ZBookingEvent = z.object({
  action: z.string(),
  from_status: z.enum(BOOKING_STATUSES).nullable(),
  to_status: z.enum(BOOKING_STATUSES),
  /** Who acted: the citizen, an operator of the company, or the system (null). */
  actor: z.enum(["citizen", "operator"]).nullable(),
  actor_name: z.string().nullable(),
  /** Refusal or cancellation reason, or the new start, when the action had one. */
  reason: z.number().nullable(),
  start: z.string().nullable(),
  created_at: z.string(),
});
export type TBookingEvent = z.infer<typeof ZBookingEvent>;
export const ZBookingHistoryResponse = envelope(z.array(ZBookingEvent));

/** `POST reservations/company/rejectCR/{id}`: refusing a change request needs a reason 1–4. */
export const ZRejectChangeRequestBody = z.object({
  reason: z.number().int().min(1).max(Object.keys(REFUSAL_REASONS).length, "Motivo non valido"),
});

/** The XLS report's content type and file name. */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const reportFileName = (from: string | undefined, to: string | undefined): string =>
  from && to ? `prenotazioni_${from}_${to}.xlsx` : "prenotazioni_selezionate.xlsx";
