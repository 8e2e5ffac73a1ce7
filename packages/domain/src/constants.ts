/** The spec's numbers and codes (000 §9, 001 §9, 002 §9). */

export const USER_TYPES = { citizen: 0, operator: 1, admin: 2 } as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

/** The route prefix of each user type (spec 000 §2.2, §6). */
export const AREA_BY_USER_TYPE: Record<UserType, "cittadino" | "operatore" | "admin"> = {
  0: "cittadino",
  1: "operatore",
  2: "admin",
};

export const COMPANY_LEVELS = { firstLevel: 1, monitoringRoom: 5 } as const;

/** Operator permission strings (spec 000 §6, 002 §6). */
export const OPERATOR_PERMISSIONS = {
  manageActivities: "gestire attività e questionari",
  administerSurveys: "somministrare questionari",
  manageOperators: "gestire operatori",
  viewCompanyRegistry: "visualizzare anagrafica azienda",
  manageServiceSettings: "gestire impostazioni dei servizi",
  manageEmergencyTeleconsult: "gestire teleconsulto di emergenza",
  managePaediatricTeleconsult: "gestire teleconsulto pediatrico",
} as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[keyof typeof OPERATOR_PERMISSIONS];

export const LIMITS = {
  minimumAgeYears: 14,
  passwordMinLength: 9, // "more than 8" and "at least 8": the stricter reading (spec README)
  passwordMaxLength: 128,
  phoneMinDigits: 9,
  phoneMaxDigits: 15,
  taxCodeLength: 16,
  companyCodeLength: 10,
  healthCardLength: 20,
  capLength: 5,
  sessionTimeoutMinutes: { min: 5, max: 60 },
  failedLogins: { attempts: 3, windowMinutes: 5 },
  // The attempt limits below are enforced by the API's one limiter (docs/security.md "Limits"):
  // each is at most `attempts` in any `windowMinutes`, counted before the work is done.
  /** A family or an office behind one address fails more often, but not without limit (spraying). */
  failedLoginsPerAddress: { attempts: 20, windowMinutes: 5 },
  /** Recovery links per account, whatever the channel: nobody can flood an inbox or a phone. */
  recoveryMessages: { attempts: 5, windowMinutes: 60 },
  /** Registrations per client address: "already registered" cannot list accounts at speed. */
  registrationsPerAddress: { attempts: 10, windowMinutes: 60 },
  /** Public company code checks per client address: codes cannot be guessed at speed. */
  companyCodeLookups: { attempts: 10, windowMinutes: 1 },
  /** Doctor invitations per citizen, and e-mails per recipient address, a day. */
  doctorInvitationsPerCitizen: { attempts: 5, windowMinutes: 24 * 60 },
  doctorInvitationsPerRecipient: { attempts: 3, windowMinutes: 24 * 60 },
  uploadMaxBytes: 8 * 1024 * 1024,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

/** What a client reads when one of the limits above answers 429. */
export const LIMIT_MESSAGES = {
  registrations: "Troppe registrazioni da questa connessione: riprova tra un'ora",
  companyCodeLookups: "Troppe verifiche del codice azienda: riprova tra un minuto",
  doctorInvitationsPerCitizen: "Hai raggiunto il numero massimo di inviti per oggi: riprova domani",
  doctorInvitationsPerRecipient: "Questo indirizzo ha già ricevuto troppi inviti oggi: riprova domani",
} as const;

export const DELAYS_MS = {
  alertSuccess: 5_000,
  alertWarning: 5_000,
  alertError: 10_000,
  consentScreen: 7_000,
  spidErrorRedirect: 5_000,
  profileDeletionLogout: 3_000,
  /** Spec 001 §4 Consent revoke, §9: Home 3000 ms after a consent is revoked. */
  consentRevokedHome: 3_000,
  notificationReadMove: 1_000,
  chunkLoadTimeout: 120_000,
  /** Spec 000 §4, §9; spec 001 §9: a failed store of the push subscription is retried 3 s later. */
  pushTokenRetry: 3_000,
} as const;

/** Spec 000 §4, §8, §9: storing the push subscription is retried up to 3 times on failure. */
export const PUSH_TOKEN_RETRIES = 3;

export const BREAKPOINTS = { mobile: 576, collapsed: 768, tablet: 1024, laptop: 1440, compactMenu: 80 } as const;

export const DEFAULT_PHONE_PREFIX = "+39";

/**
 * Upload destinations (spec 001 §3, §9): default order, the profile picture goes to profilo; a
 * company's picture, a health service's attachments and the company archive have their own.
 */
export const UPLOAD_DESTINATIONS = {
  default: "order",
  profile: "profilo",
  companyPicture: "azienda",
  serviceAttachments: "allegati",
  archive: "archivio",
} as const;

export const SUPPORT_HOURS = "lunedì–venerdì 9:00–18:00";

/**
 * The kinds of booking (spec 001 §3): a service (prestazione), a product, or a teleconsultation
 * (quick and paediatric requests from the teleconsult module; specialist slots through the wizard).
 */
export const BOOKING_KINDS = ["prestazione", "prodotto", "teleconsulto"] as const;

/** Spec 001 §9: unseen popup notifications are polled every 4.5 s while none is shown. */
export const POPUP_POLL_MS = 4500;

/** The `code` of the 401 at sign-in of someone whose request to join was refused. */
export const OPERATOR_REFUSED_CODE = "operator_refused";

export const PLATFORM_VERSION = "01.02.01";

/**
 * The agenda/ASL appointments platform service (spec 002 §9 ref 5): its bookings are the ASL
 * appointments a company books for its patients, on which operators also fill surveys.
 */
export const ASL_APPOINTMENTS_REF = 5;
