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
  uploadMaxBytes: 8 * 1024 * 1024,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

export const DELAYS_MS = {
  alertSuccess: 5_000,
  alertWarning: 5_000,
  alertError: 10_000,
  consentScreen: 7_000,
  spidErrorRedirect: 5_000,
  profileDeletionLogout: 3_000,
  notificationReadMove: 1_000,
  chunkLoadTimeout: 120_000,
} as const;

export const BREAKPOINTS = { mobile: 576, collapsed: 768, tablet: 1024, laptop: 1440, compactMenu: 80 } as const;

export const DEFAULT_PHONE_PREFIX = "+39";

/** Upload destinations (spec 001 §3, §9): default order, the profile picture goes to profilo. */
export const UPLOAD_DESTINATIONS = { default: "order", profile: "profilo" } as const;

export const SUPPORT_HOURS = "lunedì–venerdì 9:00–18:00";

export const PLATFORM_VERSION = "01.02.01";
