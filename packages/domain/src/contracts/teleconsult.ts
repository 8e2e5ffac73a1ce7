import { z } from "zod";
import { BOOKING_STATUSES } from "../booking-states.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/**
 * Teleconsultation (spec 001 §4 "Quick and paediatric teleconsultation", "Operator service switch",
 * §7 Citizen reservations; spec 002 §2 operator `teleconsulto/{section}`; issue 10).
 *
 * Quick (ref 10) and paediatric (ref 11) requests go to a company with an operator switched on; an
 * operator takes one in charge with bookings' confirm within 60 minutes, or a job cancels it.
 * Specialist teleconsultations (ref 2) are slots booked through the wizard (booking kind teleconsulto).
 */

export const TELECONSULT_MESSAGES = {
  reasonRequired: "Indica il motivo della richiesta",
  noOperator: "Nessun operatore disponibile in questo momento. Riprova più tardi.",
  expired: "Nessun operatore ha preso in carico la richiesta entro 60 minuti",
  pendingExists: "Hai già una richiesta di teleconsulto in corso",
  paediatricMember: "Per il teleconsulto pediatrico scegli un familiare in età pediatrica",
  statusLoadFailed: "Non è stato possibile verificare stato servizio operatore",
  scheduledRange: "L'orario deve essere compreso tra adesso e le prossime 24 ore",
  notMovable: "Il teleconsulto non può più essere spostato",
  followupNotEnded: "Si può chiedere un seguito solo di un teleconsulto concluso",
  serviceNotActive: "Servizio non attivo",
  attachmentsTooMany: "Al massimo 5 allegati",
  attachmentRepeated: "Lo stesso file è allegato due volte",
  /** The citizen's cancel once the call connected (its start) or ended (issue 10: "before the start … the citizen freely"). */
  cancelStarted: "La teleconsulenza è già iniziata: non è più possibile annullarla",
  cancelEnded: "La teleconsulenza è terminata: non è più possibile annullarla",
} as const;

/**
 * Files a citizen attaches to a quick or paediatric request (issue 10): their own uploads (`POST
 * resources/public`, at most 8 MB each, spec 001 §5), PDFs or images, at most this many. The spec
 * names the field only; the count is ours.
 */
export const TELECONSULT_MAX_ATTACHMENTS = 5;

/** The kinds of teleconsultation and their platform service refs (spec 002 §9). */
export const TELECONSULT_KINDS = ["rapido", "pediatrico", "specialistico"] as const;
export type TeleconsultKind = (typeof TELECONSULT_KINDS)[number];
export const TELECONSULT_REFS: Record<TeleconsultKind, 2 | 10 | 11> = { rapido: 10, pediatrico: 11, specialistico: 2 };

/** `{kind}` of `reservations/{kind}…`: emergenza (ref 10, the default) or tc_pediatrico (ref 11). */
export const TELECONSULT_PATH_KINDS = { emergenza: "rapido", tc_pediatrico: "pediatrico" } as const;
export type TeleconsultPathKind = keyof typeof TELECONSULT_PATH_KINDS;
export const TELECONSULT_PATH_KIND_OF: Record<"rapido" | "pediatrico", TeleconsultPathKind> = {
  rapido: "emergenza",
  pediatrico: "tc_pediatrico",
};
/** `{x}` of `services/{x}/operator/status`: the quick services, each with its operator permission. */
export const TELECONSULT_SWITCH_REFS = [10, 11] as const;
export const TELECONSULT_SWITCH_PERMISSION: Record<10 | 11, string> = {
  10: "gestire teleconsulto di emergenza",
  11: "gestire teleconsulto pediatrico",
};
export const TELECONSULT_KIND_OF_REF: Record<2 | 10 | 11, TeleconsultKind> = {
  2: "specialistico",
  10: "rapido",
  11: "pediatrico",
};

/** Spec 001 §9: a doctor responds within 60 minutes; a call lasts 15 minutes at most. */
export const TELECONSULT_RESPONSE_MINUTES = 60;
export const TELECONSULT_MAX_MINUTES = 15;
/** How far ahead an operator may move a taken request's start (issue 10). */
export const TELECONSULT_MOVE_MAX_HOURS = 24;
/** The citizen's page polls the pending request while it waits (the countdown follows the server's deadline). */
export const TELECONSULT_PENDING_POLL_MS = 10_000;

/** Unknown kinds and refs answer 404 (issue 10), so the params are plain strings checked by the service. */
export const ZTeleconsultKindParams = z.object({ kind: z.string().max(32) });
export const ZTeleconsultSwitchParams = z.object({ x: z.string().max(8) });
export const ZTeleconsultHashParams = z.object({ hash: ZHashid });
export const ZTeleconsultSectionParams = z.object({ kind: z.enum(TELECONSULT_KINDS) });

const reason = z
  .string({ error: TELECONSULT_MESSAGES.reasonRequired })
  .trim()
  .min(1, TELECONSULT_MESSAGES.reasonRequired)
  .max(1000, "Al massimo 1000 caratteri");

/** `POST reservations/{kind}`: the reason, and for whom (a family member's hashid; absent or null: oneself). */
export const ZTeleconsultRequestBody = z.object({
  reason,
  for_whom: ZHashid.nullish(),
  /** Hashids of the citizen's own uploads. */
  attachments: z
    .array(ZHashid)
    .max(TELECONSULT_MAX_ATTACHMENTS, TELECONSULT_MESSAGES.attachmentsTooMany)
    .refine((ids) => new Set(ids).size === ids.length, TELECONSULT_MESSAGES.attachmentRepeated)
    .optional(),
});
export type TTeleconsultRequestBody = z.infer<typeof ZTeleconsultRequestBody>;

/** `POST reservations/{kind}/followup`: a new request about an ended one, to the same company. */
export const ZTeleconsultFollowupBody = z.object({ reservation: ZHashid, reason });
export type TTeleconsultFollowupBody = z.infer<typeof ZTeleconsultFollowupBody>;

/** `PUT reservations/order/tc/update/{hash}`: the new start, between now and 24 hours ahead. */
export const ZTeleconsultMoveBody = z.object({
  scheduled_at: z.iso.datetime({ offset: true, error: "Data e ora non valide" }),
});
export type TTeleconsultMoveBody = z.infer<typeof ZTeleconsultMoveBody>;

export const ZTeleconsultSwitchBody = z.object({ status: z.boolean({ error: "Indica lo stato (acceso o spento)" }) });
export const ZTeleconsultSwitch = z.object({ active: z.boolean() });
export const ZTeleconsultSwitchResponse = envelope(ZTeleconsultSwitch);

export const ZTeleconsult = z
  .object({
    /** The booking's hashid (the same id as the bookings calls and the room). */
    hashid: z.string(),
    kind: z.enum(TELECONSULT_KINDS),
    status: z.enum(BOOKING_STATUSES),
    reason: z.string().nullable(),
    /** Quick and paediatric: taken in charge by then, or cancelled. */
    deadline: z.string().nullable(),
    /** The start once taken in charge (or the specialist slot). */
    start: z.string().nullable(),
    end: z.string().nullable(),
    taken_at: z.string().nullable(),
    connected_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    end_reason: z.string().nullable(),
    created_at: z.string(),
    service: z.object({ name: z.string() }),
    company: z.object({ hashid: z.string(), name: z.string() }),
    citizen: z.object({ hashid: z.string(), name: z.string(), surname: z.string() }),
    family_member: z.object({ hashid: z.string(), name: z.string(), surname: z.string() }).nullable(),
    operator: z.object({ hashid: z.string(), name: z.string(), surname: z.string() }).nullable(),
    /** The request's files, read through `GET resources/private/{hashid}` by its citizen and assigned operator. */
    attachments: z.array(z.object({ hashid: z.string(), name: z.string(), full_path: z.string() })),
  })
  .meta({ id: "Teleconsult" });
export type TTeleconsult = z.infer<typeof ZTeleconsult>;
export const ZTeleconsultResponse = envelope(ZTeleconsult);
export const ZTeleconsultListResponse = pagedEnvelope(ZTeleconsult);

/** `GET reservations/{kind}/pending`. */
export const ZTeleconsultPending = z.object({
  has_pending: z.boolean(),
  reservation: z
    .object({
      hashid: z.string(),
      status: z.enum(BOOKING_STATUSES),
      deadline: z.string().nullable(),
      start: z.string().nullable(),
      /**
       * The call's first connection (its real start): until then the citizen may withdraw the
       * request (citizenMayCancelTeleconsult). Always sent; optional for clients that predate it.
       */
      connected_at: z.string().nullable().optional(),
      service: z.object({ name: z.string() }),
      /** The mandatory survey of custom teleconsults still to fill (issue 13; the client's mustFillSurvey); null once filled. */
      suspended_survey: z.object({ hashid: z.string() }).nullable(),
    })
    .nullable(),
});
export type TTeleconsultPending = z.infer<typeof ZTeleconsultPending>;
export const ZTeleconsultPendingResponse = envelope(ZTeleconsultPending);

/** The lists: the operator's queue by section (open or all), the citizen's own, the administrator's. */
export const ZTeleconsultListQuery = ZPageQuery.extend({
  open: z.stringbool().optional(),
});
export type TTeleconsultListQuery = z.infer<typeof ZTeleconsultListQuery>;

/**
 * `GET teleconsults/specialist/services` (spec 001 §2 `teleconsulti/nuovo/specialistico`): the health
 * services a citizen books as a specialist teleconsultation (platform service ref 2) at a slot, through
 * the booking wizard and `POST reservations`; the citizen's care circle first. `q` matches the
 * service's or the company's name, `comune` the company's town.
 */
export const ZTeleconsultServicesQuery = ZPageQuery.extend({
  q: z.string().trim().max(100, "Al massimo 100 caratteri").optional(),
  comune: z.string().trim().max(100, "Al massimo 100 caratteri").optional(),
});
export type TTeleconsultServicesQuery = z.infer<typeof ZTeleconsultServicesQuery>;
export const ZTeleconsultService = z
  .object({
    /** The health service's hashid (`health_service` of `POST reservations`, its slots' id). */
    hashid: z.string(),
    name: z.string(),
    slot_minutes: z.number().int(),
    /** Euro; null when free or not shown. */
    price: z.number().nullable(),
    company: z.object({
      hashid: z.string(),
      name: z.string(),
      comune: z.string().nullable(),
      address: z.string().nullable(),
    }),
    /** The company is in the citizen's care circle (and their preferred one). */
    in_circle: z.boolean(),
    preferred: z.boolean(),
  })
  .meta({ id: "TeleconsultService" });
export type TTeleconsultService = z.infer<typeof ZTeleconsultService>;
export const ZTeleconsultServicesResponse = pagedEnvelope(ZTeleconsultService);
