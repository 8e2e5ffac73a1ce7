import { z } from "zod";
import { BOOKING_STATUSES } from "../booking-states.ts";
import { isValidEmail } from "../validation/email.ts";
import { ZHashid, ZPageMeta, ZPageQuery } from "./common.ts";

/**
 * The administrators' users, registrations and public contacts (spec 002 §2 admin `home`, `utenti`,
 * `registrazioni`, `contatti`; §7 Administrator calls users/*, utilities/dati/app; issue 14).
 */

export const ADMIN_USERS_MESSAGES = {
  notSelf: "Non puoi eliminare la tua utenza",
  lastAdmin: "Non è possibile eliminare l'ultimo amministratore",
  deleted: "Utenza eliminata",
  welcomeSent: "E-mail di benvenuto inviata",
  welcomeNoEmail: "L'utente non ha un indirizzo e-mail",
  welcomeDisabled: "L'utenza è disabilitata: riabilitala prima di inviare l'e-mail",
  welcomeTooMany: "Sono già stati inviati troppi link a questo utente: riprova più tardi",
  notOperator: "Solo un operatore può essere associato a un'azienda",
  companyUnknown: "Azienda non trovata",
  assigned: "Operatore associato all'azienda",
  contactSent: "Messaggio inviato: ti risponderemo al più presto",
  contactTooMany: "Hai inviato troppi messaggi: riprova più tardi",
  privacyRequired: "Devi accettare l'informativa sulla privacy",
  nameRequired: "Indica il tuo nome",
  emailInvalid: "Inserisci un indirizzo email valido.",
  messageRequired: "Scrivi il messaggio",
  messageTooLong: "Il messaggio può contenere al massimo 2000 caratteri",
  phoneInvalid: "Il numero di telefono deve contenere solo cifre e non superare 15 caratteri",
  dateInvalid: "Data non valida",
  searchTooShort: "Inserisci almeno 3 caratteri",
  enableFailed: "Errore durante l'abilitazione dell'utenza",
  contactsLocked: "I contatti (e-mail e telefoni) li modifica solo l'utente stesso",
  taxCodeLocked: "Il codice fiscale lo modifica solo l'utente stesso",
} as const;

/** The fewest characters of a user search (`q`). */
export const ADMIN_USERS_SEARCH_MIN = 3;
/** The users page counts matches up to this many, then says "more than" (docs/performance.md). */
export const ADMIN_USERS_COUNT_CAP = 10_000;

export const ADMIN_USER_STATUSES = ["attivo", "sospeso"] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

const ZDay = z.iso.date({ error: ADMIN_USERS_MESSAGES.dateInvalid });

/** `GET users/registrati` (and its export): the filters of the users page. */
export const ZAdminUsersQuery = ZPageQuery.extend({
  /**
   * Name, surname, tax code or e-mail (contains, case-insensitive): 3 characters or more, what a
   * trigram index serves (empty: no search).
   */
  q: z
    .string()
    .trim()
    .max(100)
    .refine((q) => q.length === 0 || q.length >= ADMIN_USERS_SEARCH_MIN, ADMIN_USERS_MESSAGES.searchTooShort)
    .optional(),
  type: z.coerce.number().int().min(0).max(2).optional(),
  status: z.enum(ADMIN_USER_STATUSES).optional(),
  /** A company's hashid: its operators. */
  company: ZHashid.optional(),
  /** Registration day, Italian time, from and to (inclusive). */
  registered_from: ZDay.optional(),
  registered_to: ZDay.optional(),
  sort: z.enum(["recent", "oldest"]).default("recent"),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUser = z
  .object({
    hashid: z.string(),
    type: z.number().int(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    cf: z.string().nullable(),
    status: z.enum(ADMIN_USER_STATUSES),
    /** When a suspension ends by itself (ISO), null when it does not. */
    suspended_until: z.string().nullable(),
    email_verified: z.boolean(),
    company: z.object({ hashid: z.string(), name: z.string() }).nullable(),
    created_at: z.string(),
  })
  .meta({ id: "AdminUser" });
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersResponse = z.object({
  data: z.array(ZAdminUser),
  /** `total_capped`: more than `total` match (counted up to ADMIN_USERS_COUNT_CAP only). */
  meta: ZPageMeta.extend({ total_capped: z.boolean() }),
});

/** Registrations in the periods of the registrations page (Italian time; the week starts on Monday). */
export const ZRegistrationCounts = z.object({
  today: z.number().int(),
  week: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
});
export type TRegistrationCounts = z.infer<typeof ZRegistrationCounts>;
export const ZTodayRegistrationsResponse = z.object({
  data: z.array(ZAdminUser),
  meta: ZPageMeta,
  counts: ZRegistrationCounts,
});

export const ZAdminUserParams = z.object({ id: ZHashid });

/** `POST users/{id}/assign-to-company`. */
export const ZAssignCompanyBody = z.object({ company_id: ZHashid });

export const ZAdminUserResponse = z.object({ data: ZAdminUser, message: z.string().optional() });

/** `GET utilities/dati/app`: the dashboard's figures (open alert events: not yet, no alert table). */
export const ZAdminDashboard = z
  .object({
    users_by_type: z.object({
      cittadini: z.number().int(),
      operatori: z.number().int(),
      amministratori: z.number().int(),
    }),
    registrations: z.object({ today: z.number().int(), week: z.number().int() }),
    active_companies: z.number().int(),
    /** Bookings whose appointment is today, by status (every status, zero included). */
    bookings_today: z.record(z.enum(BOOKING_STATUSES), z.number().int()),
    teleconsults_today: z.number().int(),
  })
  .meta({ id: "AdminDashboard" });
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
export const ZAdminDashboardResponse = z.object({ data: ZAdminDashboard });

/** The contact form of the public home (a route of ours, outside the spec's list). */
export const CONTACT_MESSAGE_MAX = 2000;
export const ZPublicContactBody = z.object({
  name: z
    .string({ error: ADMIN_USERS_MESSAGES.nameRequired })
    .trim()
    .min(1, ADMIN_USERS_MESSAGES.nameRequired)
    .max(120),
  email: z
    .string({ error: ADMIN_USERS_MESSAGES.emailInvalid })
    .trim()
    .max(320)
    .refine(isValidEmail, ADMIN_USERS_MESSAGES.emailInvalid),
  phone: z
    .string()
    .trim()
    .regex(/^\d{0,15}$/, ADMIN_USERS_MESSAGES.phoneInvalid)
    .optional()
    .transform((v) => (v ? v : null)),
  message: z
    .string({ error: ADMIN_USERS_MESSAGES.messageRequired })
    .trim()
    .min(1, ADMIN_USERS_MESSAGES.messageRequired)
    .max(CONTACT_MESSAGE_MAX, ADMIN_USERS_MESSAGES.messageTooLong),
  privacy: z.literal(true, { error: ADMIN_USERS_MESSAGES.privacyRequired }),
});
export type TPublicContactBody = z.input<typeof ZPublicContactBody>;
/** Messages one address may send in an hour. */
export const PUBLIC_CONTACTS_PER_HOUR = 5;

export const ZPublicContactsQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TPublicContactsQuery = z.infer<typeof ZPublicContactsQuery>;
export const ZPublicContact = z
  .object({
    hashid: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    privacy: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "PublicContact" });
export type TPublicContact = z.infer<typeof ZPublicContact>;
export const ZPublicContactsResponse = z.object({ data: z.array(ZPublicContact), meta: ZPageMeta });

/**
 * `POST dev/suspensions/run` (development and the journeys only, an administrator): the job that
 * lifts ended suspensions, run as if it were `now` ("until tomorrow" seen lifted without waiting a day).
 */
export const ZDevSuspensionsRunBody = z.object({ now: z.iso.datetime({ offset: true }) });
export const ZDevSuspensionsRunResponse = z.object({ data: z.object({ restored: z.number().int() }) });
