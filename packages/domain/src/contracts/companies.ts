import { z } from "zod";
import { BOOKING_STATUSES } from "../booking-states.ts";
import { LIMITS, OPERATOR_PERMISSIONS } from "../constants.ts";
import { ZCompanyCode } from "../validation/company-code.ts";
import { ZEmail } from "../validation/email.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageMeta, ZPageQuery } from "./common.ts";

/**
 * Companies, their platform services, health services (prestazioni), opening hours, closures,
 * operators, library, archive, provider search, slots and the citizen's care circle (spec 002 §3,
 * §7 "Company and services (operator)"; spec 001 screen 15 and §7 "Citizen reservations").
 * Field names are the spec client's (snake_case, Italian where the spec has them).
 */

// ─── Messages (spec 002 §8, 001 §8) ───────────────────────────────────────────────────────────

export const COMPANY_MESSAGES = {
  openingsUpdated: "Orari aggiornati correttamente",
  dataUpdated: "Dati aggiornati correttamente",
  serviceDeleted: "Prestazione eliminata correttamente",
  serviceNotDeletable: "Impossibile eliminare la prestazione",
  noAvailability: "Nessuna disponibilità per la settimana corrente",
  noCompaniesForService: "Non è stato possibile trovare aziende per il servizio richiesto",
  serviceNotEnabled: "Servizio non abilitato",
  serviceNotActive: "Servizio non attivo",
  invalidCompanyCode: "Codice azienda non valido",
  companyCodeSent: "Codice azienda inviato",
  closureDeleted: "Chiusura eliminata",
  libraryItemDeleted: "Elemento eliminato",
  archiveDeleted: "File eliminato",
  notOwnStatus: "Non puoi modificare lo stato della tua utenza",
  notOwnManagement: "Non puoi rimuovere a te stesso il permesso di gestire gli operatori",
  relationshipAdded: "Struttura aggiunta al circolo di cura",
  relationshipRemoved: "Struttura rimossa dal circolo di cura",
  doctorInvited: "Invito inviato al medico",
  noControlRoom: "Nessuna centrale di monitoraggio disponibile",
  httpsOnly: "L'indirizzo deve iniziare con https://",
  rangeOrder: "L'orario di chiusura deve seguire quello di apertura",
  rangesOverlap: "Le fasce orarie dello stesso giorno non possono sovrapporsi",
  dateOrder: "La data di fine non può precedere quella di inizio",
  rangeTooLong: "L'intervallo può coprire al massimo 31 giorni",
  positionIncomplete: "Indica sia la latitudine sia la longitudine",
  invalidImage: "Il file deve essere un'immagine",
  surveyNotFound: "Questionario non trovato",
  operatorAwaitingEnabling:
    "La tua utenza di operatore è in attesa di abilitazione da parte dell'amministratore della struttura",
  operatorRefused: "La tua richiesta di accesso come operatore della struttura è stata rifiutata",
  operatorEnabled: "Operatore abilitato",
  operatorRequestRefused: "Richiesta di accesso rifiutata",
  operatorNotPending: "L'operatore non è in attesa di abilitazione",
  operatorPendingStatus: "L'operatore è in attesa di abilitazione: abilitalo o rifiuta la richiesta",
} as const;

// ─── Catalogues (spec 002 §9, §1) ──────────────────────────────────────────────────────────────

/** The platform services by position ref (spec 002 §9 "Service refs"). */
export const PLATFORM_SERVICES = {
  1: "Prenotazioni",
  2: "Teleconsulto",
  3: "Screening",
  4: "Pazienti",
  5: "Agenda e appuntamenti ASL",
  6: "Clienti",
  7: "Piani terapeutici",
  8: "Monitoraggio",
  9: "Blog",
  10: "Teleconsulto rapido",
  11: "Teleconsulto pediatrico",
  12: "Archivio",
} as const satisfies Record<number, string>;
export type PlatformServiceRef = keyof typeof PLATFORM_SERVICES;
/**
 * The platform service under which citizens book (Prenotazioni): a health service is bookable by a
 * citizen when it is active, of this ref, and its company runs this platform service actively. The
 * other refs (teleconsult, monitoring…) reach citizens through their own flows, not the booking wizard.
 */
export const CITIZEN_BOOKING_REF = 1;
export const PLATFORM_SERVICE_REFS = Object.keys(PLATFORM_SERVICES).map(Number) as PlatformServiceRef[];

/** Company types and their subtypes (`GET utilities/subtypes`). Level-5 rooms are of type centrale. */
export const COMPANY_TYPES = {
  farmacia: "Farmacia",
  poliambulatorio: "Poliambulatorio",
  laboratorio: "Laboratorio",
  centrale: "Centrale di monitoraggio",
} as const;
export type CompanyType = keyof typeof COMPANY_TYPES;
export const COMPANY_TYPE_CODES = Object.keys(COMPANY_TYPES) as [CompanyType, ...CompanyType[]];

export const COMPANY_SUBTYPES = [
  { code: "farmacia", type: "farmacia", label: "Farmacia" },
  { code: "farmacia_rurale", type: "farmacia", label: "Farmacia rurale" },
  { code: "parafarmacia", type: "farmacia", label: "Parafarmacia" },
  { code: "poliambulatorio", type: "poliambulatorio", label: "Poliambulatorio specialistico" },
  { code: "centro_medico", type: "poliambulatorio", label: "Centro medico" },
  { code: "casa_di_cura", type: "poliambulatorio", label: "Casa di cura" },
  { code: "laboratorio_analisi", type: "laboratorio", label: "Laboratorio di analisi cliniche" },
  { code: "punto_prelievi", type: "laboratorio", label: "Punto prelievi" },
  { code: "diagnostica_immagini", type: "laboratorio", label: "Diagnostica per immagini" },
  { code: "centrale_monitoraggio", type: "centrale", label: "Centrale di monitoraggio" },
] as const satisfies ReadonlyArray<{ code: string; type: CompanyType; label: string }>;
export type CompanySubtype = (typeof COMPANY_SUBTYPES)[number]["code"];
export const COMPANY_SUBTYPE_CODES = COMPANY_SUBTYPES.map((s) => s.code) as [CompanySubtype, ...CompanySubtype[]];

/** Operator roles a company administrator can give (the roles list of utilities excludes admins). */
export const OPERATOR_ROLES = ["amministratore", "operatore", "medico", "infermiere", "farmacista"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const PERMISSION_VALUES = Object.values(OPERATOR_PERMISSIONS) as [string, ...string[]];

/** Slot computation bounds. */
export const SLOT_LIMITS = { minMinutes: 5, maxMinutes: 480, maxDays: 31, maxRangesPerDay: 6 } as const;
/** Position search: default and largest radius around the given point. */
export const SEARCH_RADIUS_KM = { default: 50, max: 500 } as const;

// ─── Building blocks ───────────────────────────────────────────────────────────────────────────

const text = (max: number) => z.string().trim().max(max, `Al massimo ${max} caratteri`);
const requiredText = (max: number) => text(max).min(1, "Campo obbligatorio");
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** A calendar date, YYYY-MM-DD, that exists. */
export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Data non valida")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, "Data non valida");
/** A wall-clock time, HH:MM (24:00 allowed as a closing time). */
export const ZClockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "Orario non valido (HH:MM)");
const ZCap = z.string().regex(/^\d{5}$/, "Il CAP deve avere 5 cifre");
const ZCompanyPhone = z.string().regex(/^\+?\d{6,15}$/, "Numero di telefono non valido");
const ZHttpsUrl = z
  .string()
  .trim()
  .max(2048, "Al massimo 2048 caratteri")
  .refine((v) => {
    try {
      return new URL(v).protocol === "https:";
    } catch {
      return false;
    }
  }, COMPANY_MESSAGES.httpsOnly);
const ZLatitude = z.coerce.number().min(-90, "Latitudine non valida").max(90, "Latitudine non valida");
const ZLongitude = z.coerce.number().min(-180, "Longitudine non valida").max(180, "Longitudine non valida");
/** Query booleans: `true`/`false`/`1`/`0`. */
const queryBool = z.stringbool().optional();
/** A query filter: empty means no filter (a form may send `comune=` before a choice). */
const filter = (max = 100) =>
  z
    .string()
    .trim()
    .max(max, "Valore non valido")
    .optional()
    .transform((v) => (v ? v : undefined));

const withMessage = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

// ─── Params ────────────────────────────────────────────────────────────────────────────────────

export const ZHashParams = z.object({ hash: ZHashid });
export const ZIdParams = z.object({ id: ZHashid });
export const ZHashidParams = z.object({ hashid: ZHashid });
export const ZCompanyParams = z.object({ company: ZHashid });
export const ZCompanyServiceParams = z.object({ company: ZHashid, hash: ZHashid });
/** `GET companies/code/{x}`: a malformed code is a 422 under `x`, before any lookup. */
export const ZCodeParams = z.object({ x: ZCompanyCode });
export const ZXParams = z.object({ x: ZHashid });

// ─── Opening hours ─────────────────────────────────────────────────────────────────────────────

export const ZTimeRange = z.object({ from: ZClockTime, to: ZClockTime });
export type TTimeRange = z.infer<typeof ZTimeRange>;

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

export const ZOpeningDay = z
  .object({
    /** 1 Monday … 7 Sunday. */
    weekday: z.number().int().min(1).max(7),
    ranges: z.array(ZTimeRange).max(SLOT_LIMITS.maxRangesPerDay),
  })
  .superRefine((day, ctx) => {
    day.ranges.forEach((r, i) => {
      if (minutesOf(r.to) <= minutesOf(r.from))
        ctx.addIssue({ code: "custom", path: ["ranges", i, "to"], message: COMPANY_MESSAGES.rangeOrder });
    });
    const sorted = [...day.ranges].sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1] as TTimeRange;
      if (minutesOf((sorted[i] as TTimeRange).from) < minutesOf(previous.to)) {
        ctx.addIssue({ code: "custom", path: ["ranges"], message: COMPANY_MESSAGES.rangesOverlap });
        break;
      }
    }
  });
export type TOpeningDay = z.infer<typeof ZOpeningDay>;

/**
 * The weekly hours of a company or of a service: several ranges a day. A weekday left out is
 * closed. For a service, an empty list means "the company's hours apply".
 */
export const ZOpeningsBody = z
  .object({ days: z.array(ZOpeningDay).max(7) })
  .refine((b) => new Set(b.days.map((d) => d.weekday)).size === b.days.length, {
    message: "Ogni giorno può comparire una volta sola",
    path: ["days"],
  });
export type TOpeningsBody = z.infer<typeof ZOpeningsBody>;

export const ZWeeklyOpenings = z
  .object({
    /** Seven entries, Monday first; a closed day has no ranges. */
    days: z.array(z.object({ weekday: z.number().int(), ranges: z.array(ZTimeRange) })),
    /** True when a service has no hours of its own and shows the company's. */
    inherited: z.boolean(),
    time_zone: z.string(),
  })
  .meta({ id: "WeeklyOpenings" });
export type TWeeklyOpenings = z.infer<typeof ZWeeklyOpenings>;
export const ZWeeklyOpeningsResponse = withMessage(ZWeeklyOpenings);

/** Dates of a range, with the hours of each open day after closures (healthservices/days/openings). */
export const ZOpenDay = z.object({ date: z.string(), weekday: z.number().int(), ranges: z.array(ZTimeRange) });
export const ZOpenDaysResponse = envelope(
  z.object({ from: z.string(), to: z.string(), time_zone: z.string(), days: z.array(ZOpenDay) }),
);

export const ZDateRangeQuery = z.object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() });
export type TDateRangeQuery = z.infer<typeof ZDateRangeQuery>;

/** `GET services/opening/day/{hash}`: a platform service's hours on one date at one company. */
export const ZOpeningDayQuery = z.object({ company: ZHashid, date: ZIsoDate.optional() });
export const ZOpeningDayResponse = envelope(
  z.object({
    date: z.string(),
    weekday: z.number().int(),
    open: z.boolean(),
    closed_for: z.string().nullable(),
    ranges: z.array(ZTimeRange),
    time_zone: z.string(),
  }),
);

// ─── Slots ─────────────────────────────────────────────────────────────────────────────────────

/** `from`/`to` local dates (default: this week from today, 7 days); `company` for platform services. */
export const ZSlotsQuery = z.object({
  company: ZHashid.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
});
export type TSlotsQuery = z.infer<typeof ZSlotsQuery>;

export const ZSlot = z.object({
  /** Instants in UTC (ISO 8601). */
  start: z.string(),
  end: z.string(),
  /** Wall-clock times in the company's time zone. */
  time: z.string(),
  end_time: z.string(),
  /** Bookings still possible in this slot; null when unlimited (overlap allowed, no capacity). */
  available: z.number().int().nullable(),
});
export type TSlot = z.infer<typeof ZSlot>;
export const ZSlotDay = z.object({ date: z.string(), weekday: z.number().int(), slots: z.array(ZSlot) });
export type TSlotDay = z.infer<typeof ZSlotDay>;
export const ZSlotsResponse = withMessage(
  z
    .object({
      from: z.string(),
      to: z.string(),
      time_zone: z.string(),
      slot_minutes: z.number().int(),
      overlap: z.boolean(),
      /** Only the days with at least one bookable slot. */
      days: z.array(ZSlotDay),
    })
    .meta({ id: "Slots" }),
);

// ─── Company ───────────────────────────────────────────────────────────────────────────────────

export const ZCompanyRef = z.object({ hashid: z.string(), name: z.string() });

export const ZPlatformService = z
  .object({
    /** Encodes the position ref: the same for every company. */
    hashid: z.string(),
    position_ref: z.number().int(),
    name: z.string(),
  })
  .meta({ id: "PlatformService" });

/** A platform service as one company runs it (stato_servizi, stato_proxy_servizi, payments). */
export const ZCompanyService = ZPlatformService.extend({
  active: z.boolean(),
  proxy_status: z.boolean(),
  proxy_scheduling: z.boolean(),
  payed_by_company: z.boolean(),
  payed_by_citizen: z.boolean(),
  slot_minutes: z.number().int(),
  capacity: z.number().int().nullable(),
  has_openings: z.boolean(),
}).meta({ id: "CompanyService" });
export type TCompanyService = z.infer<typeof ZCompanyService>;

export const ZCompanyCompact = z
  .object({
    hashid: z.string(),
    name: z.string(),
    type: z.string(),
    type_label: z.string(),
    subtype: z.string().nullable(),
    subtype_label: z.string().nullable(),
    level: z.number().int(),
    address: z.string().nullable(),
    comune: z.string().nullable(),
    provincia: z.string().nullable(),
    regione: z.string().nullable(),
    cap: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** Kilometres from the given position; null without one. */
    distance_km: z.number().nullable(),
    picture: z.string().nullable(),
  })
  .meta({ id: "CompanyCompact" });
export type TCompanyCompact = z.infer<typeof ZCompanyCompact>;

export const ZCompanyListItem = ZCompanyCompact.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  services: z.array(ZPlatformService),
}).meta({ id: "CompanyListItem" });
export type TCompanyListItem = z.infer<typeof ZCompanyListItem>;

export const ZCompanyDetail = ZCompanyListItem.extend({
  pec: z.string().nullable(),
  vat_number: z.string().nullable(),
  description: z.string().nullable(),
  asl: z.string().nullable(),
  openings: ZWeeklyOpenings,
  /** Only for the company's own operators (and its managing room): the rest is public. */
  options: z.object({ overlap: z.boolean(), report: z.boolean() }).nullable(),
  /** The 10-character company code, shown to its operators who manage operators. */
  code: z.string().nullable(),
  managed_by: ZCompanyRef.nullable(),
}).meta({ id: "CompanyDetail" });
export type TCompanyDetail = z.infer<typeof ZCompanyDetail>;
export const ZCompanyDetailResponse = withMessage(ZCompanyDetail);

/** `PUT companies/own/anagrafica`: the company's profile (the whole record). */
export const ZCompanyAnagraficaBody = z
  .object({
    name: requiredText(160),
    subtype: z.enum(COMPANY_SUBTYPE_CODES).optional(),
    email: ZEmail.nullish(),
    pec: ZEmail.nullish(),
    phone: ZCompanyPhone.nullish(),
    vat_number: z
      .string()
      .regex(/^\d{11}$/, "La partita IVA deve avere 11 cifre")
      .nullish(),
    website: ZHttpsUrl.nullish(),
    description: optionalText(2000),
    address: requiredText(200),
    comune: requiredText(100),
    provincia: requiredText(100),
    regione: requiredText(100),
    cap: ZCap,
    latitude: ZLatitude.nullish(),
    longitude: ZLongitude.nullish(),
  })
  .refine((b) => (b.latitude == null) === (b.longitude == null), {
    message: COMPANY_MESSAGES.positionIncomplete,
    path: ["latitude"],
  });
export type TCompanyAnagraficaBody = z.infer<typeof ZCompanyAnagraficaBody>;

export const ZCompanyPictureBody = z.object({ resource: ZHashid });
export const ZOverlapBody = z.object({ overlap: z.boolean() });
export const ZReportBody = z.object({ report: z.boolean() });
export const ZCompanyOptionsResponse = withMessage(z.object({ overlap: z.boolean(), report: z.boolean() }));

/**
 * `GET companies/code/{x}` answers a stranger (nobody has signed in yet): only what the registering
 * operator needs to recognise the company they join, its name and type, nothing else.
 */
export const ZCompanyCodeCheckResponse = envelope(z.object({ name: z.string(), type: z.enum(COMPANY_TYPE_CODES) }));
export const ZCompanyCodeSendBody = z.object({ email: ZEmail });
export const ZCompanyAslResponse = envelope(z.object({ asl: z.string().nullable() }));
export const ZPicEnabledResponse = envelope(z.object({ enabled: z.boolean() }));

export const ZSubtypesResponse = envelope(
  z.array(
    z.object({
      type: z.string(),
      label: z.string(),
      subtypes: z.array(z.object({ code: z.string(), label: z.string() })),
    }),
  ),
);

// ─── Platform services of a company ────────────────────────────────────────────────────────────

export const ZServiceStatusBody = z.object({ status: z.boolean() });
export const ZCompanyServiceResponse = withMessage(ZCompanyService);
export const ZCompanyServicesResponse = envelope(z.array(ZCompanyService));
export const ZAppServicesResponse = envelope(z.array(ZPlatformService.extend({ enabled: z.boolean() })));

/** `PATCH companies/{company}/services/{hash}`: what a managing operator may set on a service. */
export const ZCompanyServicePatchBody = z
  .object({
    active: z.boolean().optional(),
    proxy_status: z.boolean().optional(),
    proxy_scheduling: z.boolean().optional(),
    slot_minutes: z.number().int().min(SLOT_LIMITS.minMinutes).max(SLOT_LIMITS.maxMinutes).optional(),
    capacity: z.number().int().min(1).max(1000).nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Nessun dato da aggiornare", path: ["active"] });
export type TCompanyServicePatchBody = z.infer<typeof ZCompanyServicePatchBody>;

// ─── Health services (prestazioni) ─────────────────────────────────────────────────────────────

export const ZHealthServiceBody = z.object({
  name: requiredText(160),
  description: optionalText(4000),
  /** The platform service it belongs to (1 bookings by default). */
  position_ref: z
    .number()
    .int()
    .refine((r) => r in PLATFORM_SERVICES, "Servizio non valido")
    .default(1),
  slot_minutes: z.number().int().min(SLOT_LIMITS.minMinutes).max(SLOT_LIMITS.maxMinutes),
  /** Euro; null when free or not shown. */
  price: z.number().min(0).max(100_000).multipleOf(0.01).nullish(),
  /** Bookings one slot can take when the company allows overlap; null is no limit. */
  capacity: z.number().int().min(1).max(1000).nullish(),
  active: z.boolean().default(true),
});
export type THealthServiceBody = z.infer<typeof ZHealthServiceBody>;

export const ZHealthService = z
  .object({
    hashid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    position_ref: z.number().int(),
    slot_minutes: z.number().int(),
    price: z.number().nullable(),
    capacity: z.number().int().nullable(),
    active: z.boolean(),
    has_openings: z.boolean(),
    attachments: z.number().int(),
    /** The hashid of the questionnaire attached to the service, if any. */
    survey: z.string().nullable(),
    company: ZCompanyRef,
  })
  .meta({ id: "HealthService" });
export type THealthService = z.infer<typeof ZHealthService>;
export const ZHealthServiceResponse = withMessage(ZHealthService);
export const ZHealthServicesResponse = envelope(z.array(ZHealthService));
export const ZHealthServicesPageResponse = pagedEnvelope(ZHealthService);

export const ZHealthServicesQuery = ZPageQuery.extend({
  q: filter(),
  active: queryBool,
  per_page: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(50),
});
export type THealthServicesQuery = z.infer<typeof ZHealthServicesQuery>;

export const ZNameSuggestionsQuery = z.object({
  q: z.string().trim().min(2, "Scrivi almeno 2 caratteri").max(100),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const ZNameSuggestionsResponse = envelope(z.array(z.string()));

/** `POST healthservices/survey/attach/{hash}`: a questionnaire of the company, or null to detach. */
/** `mandatory`: a quick or paediatric teleconsult request to the service waits for the survey (issue 13). */
export const ZSurveyAttachBody = z.object({ survey: ZHashid.nullable(), mandatory: z.boolean().default(false) });

export const ZAttachmentBody = z.object({ resource: ZHashid });
export const ZAttachment = z.object({
  hashid: z.string(),
  name: z.string(),
  mime_type: z.string(),
  url: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;
export const ZAttachmentsResponse = withMessage(z.array(ZAttachment));

// ─── Closures (prohibidates) ───────────────────────────────────────────────────────────────────

export const ZClosureBody = z
  .object({
    date_from: ZIsoDate,
    date_to: ZIsoDate,
    reason: optionalText(200),
    /** A health service of the company; with neither, the whole company closes. */
    service: ZHashid.nullish(),
    /** A platform service of the company. */
    platform_service: ZHashid.nullish(),
  })
  .refine((b) => b.date_to >= b.date_from, { message: COMPANY_MESSAGES.dateOrder, path: ["date_to"] })
  .refine((b) => !(b.service && b.platform_service), {
    message: "Indica una prestazione o un servizio, non entrambi",
    path: ["platform_service"],
  });
export type TClosureBody = z.infer<typeof ZClosureBody>;

export const ZClosure = z
  .object({
    hashid: z.string(),
    date_from: z.string(),
    date_to: z.string(),
    reason: z.string().nullable(),
    service: ZCompanyRef.nullable(),
    platform_service: ZPlatformService.nullable(),
  })
  .meta({ id: "Closure" });
export type TClosure = z.infer<typeof ZClosure>;
export const ZClosureResponse = withMessage(ZClosure);
export const ZClosuresResponse = envelope(z.array(ZClosure));
export const ZClosuresQuery = z.object({ past: queryBool });

// ─── Operators ─────────────────────────────────────────────────────────────────────────────────

export const OPERATOR_STATUSES = ["pending", "enabled", "suspended", "refused"] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];
/** The `code` of the 403 a pending operator gets from every company route (the web shows a waiting page). */
export const OPERATOR_PENDING_CODE = "operator_pending";
// OPERATOR_REFUSED_CODE (the 401 at sign-in of a refused operator) is in constants.ts: the sign-in
// page reads it without these schemas.

export const ZOperator = z
  .object({
    /** The operator's user hashid. */
    hashid: z.string(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    email: z.string().nullable(),
    role: z.string(),
    permessi: z.array(z.string()),
    /**
     * pending: joined by company code, waiting for an administrator to enable them (no access yet);
     * refused: an administrator said no (only in the refusal's answer: refused ones are not listed).
     */
    status: z.enum(OPERATOR_STATUSES),
    active: z.boolean(),
    is_self: z.boolean(),
  })
  .meta({ id: "Operator" });
export type TOperator = z.infer<typeof ZOperator>;
export const ZOperatorResponse = withMessage(ZOperator);
export const ZOperatorsQuery = ZPageQuery.extend({
  q: filter(),
  status: z.enum(["pending", "enabled", "suspended"]).optional(),
});
export type TOperatorsQuery = z.infer<typeof ZOperatorsQuery>;
export const ZOperatorsResponse = pagedEnvelope(ZOperator);

/** `POST users/change/status/{hash}`: enable (true) or suspend (false); absent toggles. */
export const ZOperatorStatusBody = z.object({ status: z.boolean().optional() }).nullish();
export const ZOperatorRoleBody = z.object({
  operator: ZHashid,
  role: z.enum(OPERATOR_ROLES),
  permessi: z
    .array(z.enum(PERMISSION_VALUES))
    .max(PERMISSION_VALUES.length)
    .transform((list) => [...new Set(list)]),
});
export type TOperatorRoleBody = z.infer<typeof ZOperatorRoleBody>;

// ─── Library (bancadati) ───────────────────────────────────────────────────────────────────────

export const ZLibraryItemBody = z.object({
  label: requiredText(120),
  url: ZHttpsUrl,
  open_iframe: z.boolean().default(true),
});
export type TLibraryItemBody = z.infer<typeof ZLibraryItemBody>;
export const ZLibraryItem = z
  .object({ hashid: z.string(), label: z.string(), url: z.string(), open_iframe: z.boolean() })
  .meta({ id: "LibraryItem" });
export type TLibraryItem = z.infer<typeof ZLibraryItem>;
export const ZLibraryItemResponse = withMessage(ZLibraryItem);
export const ZLibraryItemsResponse = envelope(z.array(ZLibraryItem));

// ─── Archive (companyarchives, level 1) ────────────────────────────────────────────────────────

/** Text fields of `POST companyarchives` (multipart, field file); the file is stored encrypted. */
export const ZArchiveFields = z.object({
  title: requiredText(160),
  description: optionalText(2000),
});
export type TArchiveFields = z.infer<typeof ZArchiveFields>;
export const ZArchiveUpdateBody = ZArchiveFields;
export const ZArchiveItem = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    file: ZAttachment.extend({ size: z.number().int() }),
    uploaded_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ArchiveItem" });
export type TArchiveItem = z.infer<typeof ZArchiveItem>;
export const ZArchiveItemResponse = withMessage(ZArchiveItem);
export const ZArchiveQuery = ZPageQuery.extend({ q: filter() });
export const ZArchiveListResponse = pagedEnvelope(ZArchiveItem);

// ─── Search ────────────────────────────────────────────────────────────────────────────────────

/**
 * Provider search (spec 001 screen 15): by name, type, subtype, region, province, comune, CAP, or
 * position (lat, lng: nearest first within radius_km). Filters combine; paged.
 */
const ZCompanySearchFields = ZPageQuery.extend({
  q: filter(),
  type: z.enum(COMPANY_TYPE_CODES).optional(),
  subtype: z.enum(COMPANY_SUBTYPE_CODES).optional(),
  regione: filter(),
  provincia: filter(),
  comune: filter(),
  cap: z
    .string()
    .regex(/^\d{5}$/, "Il CAP deve avere 5 cifre")
    .optional(),
  lat: ZLatitude.optional(),
  lng: ZLongitude.optional(),
  radius_km: z.coerce.number().min(0.1).max(SEARCH_RADIUS_KM.max).optional(),
  level: z.coerce.number().int().min(1).max(9).optional(),
  /** Operators of a monitoring room: only the provider centres it manages. */
  managed: queryBool,
  /**
   * A reference point (near_lat + near_lng, e.g. the citizen's position), or a comune (near_comune,
   * with near_provincia as sigla or name when known) whose centre is the point: every result gets its
   * distance_km and the results come nearest first. Unlike lat/lng it filters nothing out (no radius).
   */
  near_lat: ZLatitude.optional(),
  near_lng: ZLongitude.optional(),
  near_comune: filter(),
  near_provincia: filter(),
});
const positionComplete = (q: { lat?: number; lng?: number }) => (q.lat === undefined) === (q.lng === undefined);
const nearComplete = (q: { near_lat?: number; near_lng?: number }) =>
  (q.near_lat === undefined) === (q.near_lng === undefined);

export const ZCompanySearchQuery = ZCompanySearchFields.refine(positionComplete, {
  message: COMPANY_MESSAGES.positionIncomplete,
  path: ["lat"],
}).refine(nearComplete, { message: COMPANY_MESSAGES.positionIncomplete, path: ["near_lat"] });
export type TCompanySearchQuery = z.infer<typeof ZCompanySearchQuery>;

/** `GET healthservices/search/companies` and `services/{id}/companies`: `service` matches health service names. */
export const ZServiceSearchQuery = ZCompanySearchFields.extend({
  service: filter(160),
})
  .refine(positionComplete, { message: COMPANY_MESSAGES.positionIncomplete, path: ["lat"] })
  .refine(nearComplete, { message: COMPANY_MESSAGES.positionIncomplete, path: ["near_lat"] });
export type TServiceSearchQuery = z.infer<typeof ZServiceSearchQuery>;

const pagedWithMessage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: ZPageMeta, message: z.string().optional() });
export const ZCompactSearchResponse = pagedWithMessage(ZCompanyCompact);
export const ZCompanySearchResponse = pagedWithMessage(ZCompanyListItem);
export const ZServiceCompaniesResponse = pagedWithMessage(
  ZCompanyListItem.extend({
    /** The matching health services of the company (healthservices/search/companies). */
    health_services: z.array(z.object({ hashid: z.string(), name: z.string(), slot_minutes: z.number().int() })),
  }),
);

// ─── Care circle (circolocura) ─────────────────────────────────────────────────────────────────

export const ZRelationshipBody = z.object({ company_id: ZHashid, preferred: z.boolean().optional() });
export const ZRelationshipRemoveBody = z.object({ company_id: ZHashid });
export const ZCareCircleItem = z
  .object({
    company: ZCompanyListItem,
    preferred: z.boolean(),
    openings: ZWeeklyOpenings,
    added_at: z.string(),
  })
  .meta({ id: "CareCircleItem" });
export type TCareCircleItem = z.infer<typeof ZCareCircleItem>;
export const ZCareCircleQuery = z.object({ suggestions: queryBool });
export const ZCareCircleResponse = z.object({
  data: z.union([z.array(ZCareCircleItem), z.array(ZCompanyListItem)]),
  message: z.string().optional(),
});
export const ZCareCircleItemResponse = withMessage(ZCareCircleItem);

/** Doctor invitation (spec 001 §3, §5): first name, last name and city required, e-mail optional. */
export const ZDoctorInvitationBody = z.object({
  name: requiredText(80),
  surname: requiredText(80),
  city: requiredText(100),
  email: ZEmail.nullish(),
});
export type TDoctorInvitationBody = z.infer<typeof ZDoctorInvitationBody>;
export const ZDoctorInvitationResponse = withMessage(
  z.object({
    hashid: z.string(),
    name: z.string(),
    surname: z.string(),
    city: z.string(),
    email: z.string().nullable(),
    emailed: z.boolean(),
  }),
);

// ─── Statistics (level 1, `GET companies/own/statistics`) ─────────────────────────────────────

/** Periods of the time series; the default follows the range's length. */
export const STATISTICS_INTERVALS = ["day", "week", "month"] as const;
export type StatisticsInterval = (typeof STATISTICS_INTERVALS)[number];
/** Default window (by appointment date) around today, and the longest range asked for. */
export const STATISTICS_LIMITS = { pastDays: 30, futureDays: 30, maxDays: 366, dailyUpToDays: 62 } as const;

export const ZStatisticsQuery = z
  .object({ from: ZIsoDate.optional(), to: ZIsoDate.optional(), interval: z.enum(STATISTICS_INTERVALS).optional() })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: COMPANY_MESSAGES.dateOrder, path: ["to"] });
export type TStatisticsQuery = z.infer<typeof ZStatisticsQuery>;

const ZStatusCounts = z.record(z.enum(BOOKING_STATUSES), z.number().int());
/** Past confirmed appointments as they ended: served (evaso) or missed (non presentato). */
const ZNoShowFigures = z.object({
  served: z.number().int(),
  no_shows: z.number().int(),
  /** no_shows / (served + no_shows), 0–1; null with neither. */
  rate: z.number().nullable(),
});
export const ZCompanyStatistics = z
  .object({
    /** Local dates (company time zone), both included: bookings by appointment date. */
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    interval: z.enum(STATISTICS_INTERVALS),
    total: z.number().int(),
    by_status: z.array(z.object({ status: z.enum(BOOKING_STATUSES), label: z.string(), count: z.number().int() })),
    /** Most booked first; `hashid` null for product orders (no health service). */
    by_service: z.array(z.object({ hashid: z.string().nullable(), name: z.string(), count: z.number().int() })),
    /** Every period of the range, empty ones included; `period` is its first local date. */
    over_time: z.array(z.object({ period: z.string(), total: z.number().int(), by_status: ZStatusCounts })),
    /**
     * No-show rates per health service and month (issue 12 "Beyond the spec"), of the range's
     * appointments closed as evaso or non presentato, split by whether a reminder reached the citizen
     * (one sent on any channel). Only services and months with such appointments; `month` is its first
     * local date. By service name, then month.
     */
    no_shows: z.array(
      z.object({
        hashid: z.string(),
        name: z.string(),
        month: z.string(),
        with_reminder: ZNoShowFigures,
        without_reminder: ZNoShowFigures,
      }),
    ),
  })
  .meta({ id: "CompanyStatistics" });
export type TCompanyStatistics = z.infer<typeof ZCompanyStatistics>;
export const ZCompanyStatisticsResponse = envelope(ZCompanyStatistics);

// ─── Operator's company context (`GET companies/login/auth`, `GET farmacia/auth`) ────────────

export const ZCompanyLoginContext = z
  .object({
    company: z.object({
      hashid: z.string(),
      name: z.string(),
      type: z.string(),
      level: z.number().int(),
      active_services: z.array(ZPlatformService),
    }),
    role: z.string(),
    permessi: z.array(z.string()),
  })
  .meta({ id: "CompanyLoginContext" });
export type TCompanyLoginContext = z.infer<typeof ZCompanyLoginContext>;
export const ZCompanyLoginContextResponse = envelope(ZCompanyLoginContext);
