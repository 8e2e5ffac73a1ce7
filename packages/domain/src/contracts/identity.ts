import { z } from "zod";
import { ADMIN_USERS_MESSAGES, ADMIN_USERS_SEARCH_MIN } from "./admin-users.ts";
import { envelope } from "./common.ts";

/** Personal record (spec 000 §3 Anagrafica). Issue 3 adds the full validation rules. */
export const ZAnagrafica = z.object({
  regione: z.string().nullable(),
  provincia: z.string().nullable(),
  comune: z.string().nullable(),
  cap: z.string().nullable(),
  address: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  cf: z.string().nullable(),
  gender: z.enum(["maschile", "femminile"]).nullable(),
  birthday: z.string().nullable(),
  ts_number: z.string().nullable(),
  prefix: z.string(),
  tel_number: z.string().nullable(),
  home_number: z.string().nullable(),
  tel_number_secondary: z.string().nullable(),
  prefix_secondary: z.string(),
  medico_base: z.string().nullable(),
  denominazione_asl: z.string().nullable(),
  title: z.string().nullable(),
  id_albo: z.string().nullable(),
  tipo_albo: z.string().nullable(),
  specializzazione: z.string().nullable(),
  nazione_nascita: z.string(),
  estero: z.boolean(),
});
export type TAnagrafica = z.infer<typeof ZAnagrafica>;

export const ZCompanySummary = z.object({
  hashid: z.string(),
  name: z.string(),
  level: z.number().int(),
  active_services: z.array(z.object({ hashid: z.string(), name: z.string(), position_ref: z.number().int() })),
  bancaDati: z.array(z.object({ hashid: z.string(), label: z.string(), url: z.string(), open_iframe: z.boolean() })),
});
export type TCompanySummary = z.infer<typeof ZCompanySummary>;

/** The signed-in user as the client sees it (spec 000 §3 User). Never a hash or a token. */
export const ZUser = z
  .object({
    hashid: z.string(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    i_am: z.enum(["cittadino", "operatore", "admin"]),
    number_verified_at: z.string().nullable(),
    email_verified_at: z.string().nullable(),
    all_consenses: z.boolean(),
    temporary_password: z.boolean(),
    expired_password: z.union([z.literal(0), z.literal(1)]),
    profile_pic: z.string().nullable(),
    session_timeout_minutes: z.number().int(),
    anagrafica: ZAnagrafica.nullable(),
    permessi: z.array(z.string()),
    company: ZCompanySummary.nullable(),
    my_company: z.string().nullable(),
    /**
     * Operators: 'pending' while the company's administrator has not enabled them (company, my_company
     * and permessi are then empty), 'enabled' afterwards; null for other users and for operators
     * without a company.
     */
    operator_status: z.enum(["pending", "enabled"]).nullable(),
    push_token: z.string().nullable(),
    data_consense: z.boolean(),
    share_consense: z.boolean(),
    charge_consense: z.boolean(),
    notification_consense: z.boolean(),
    marketing_consense: z.boolean(),
  })
  .meta({ id: "User" });
export type TUser = z.infer<typeof ZUser>;

export const ZLoginBody = z.object({
  email: z.string().trim().min(1, "Inserisci e-mail o nome utente").max(320),
  password: z.string().min(1, "Inserisci la password").max(1024),
  redirect: z.string().max(2048).optional(),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZLoginResponse = envelope(z.object({ token: z.string(), user: ZUser }));
export const ZMeResponse = envelope(ZUser);
export const ZLogoutQuery = z.object({ client: z.string().max(16).optional() });

/**
 * GET users/fresh/me may carry the token in the query (spec 000 §2.3: the login page loads the
 * user from ?access_token=). Only this route accepts it; the header wins when both are present.
 */
export const ZMeQuery = z.object({ access_token: z.string().max(200).optional() });

/**
 * GET utilities/users/search: administrators search by name, tax code or e-mail (3 characters or
 * more, what a trigram index serves, as on the users page); operators find a citizen by exact tax code.
 */
export const ZUserSearchQuery = z.object({
  q: z.string().trim().min(ADMIN_USERS_SEARCH_MIN, ADMIN_USERS_MESSAGES.searchTooShort).max(100),
  type: z.coerce.number().int().min(0).max(2).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZUserSearchItem = z.object({
  hashid: z.string(),
  type: z.number().int(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  cf: z.string().nullable(),
  email: z.string().nullable(),
  disabled: z.boolean(),
});
export type TUserSearchItem = z.infer<typeof ZUserSearchItem>;
export const ZUserSearchResponse = z.object({
  data: z.array(ZUserSearchItem),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});

/**
 * PATCH users/change/suspension/{id} (administrators): a suspended account cannot sign in. `until`
 * (ISO date-time, in the future) ends the suspension by itself; `reason` is kept in the audit.
 */
export const ZSuspensionBody = z.object({
  suspended: z.boolean(),
  until: z.iso.datetime({ offset: true, error: "Data e ora non valide" }).optional(),
  reason: z.string().trim().max(500, "Il motivo può contenere al massimo 500 caratteri").optional(),
});
export type TSuspensionBody = z.infer<typeof ZSuspensionBody>;
