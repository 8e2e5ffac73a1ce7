import { z } from "zod";
import { OPERATOR_PERMISSIONS } from "../constants.ts";
import { ZEmail } from "../validation/email.ts";
import { pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";
import {
  COMPANY_SUBTYPE_CODES,
  COMPANY_SUBTYPES,
  COMPANY_TYPE_CODES,
  OPERATOR_ROLES,
  ZCompanyService,
  ZIsoDate,
} from "./companies.ts";

/**
 * The administrator's companies (spec 002 §2 admin `aziende`, `aziende/nuova`,
 * `aziende/dettaglio/{company}`; §4 company toggle; §7 "Administrator calls" companies/*): list with
 * filters and its XLS, registration with the first administrator operator, detail and update,
 * enabling and disabling, operators, platform services, health-service import.
 */

export const ADMIN_COMPANY_MESSAGES = {
  registered: "Azienda registrata: all'amministratore è stata inviata l'e-mail di benvenuto",
  updated: "Dati aggiornati correttamente",
  enabled: "Azienda abilitata",
  disabled: "Azienda disabilitata",
  operatorRemoved: "Operatore rimosso dall'azienda",
  lastAdministrator: "È l'unico amministratore dell'azienda: nominane prima un altro",
  codeSent: "Codice azienda inviato all'amministratore",
  noAdministrator: "L'azienda non ha un amministratore abilitato a cui inviare il codice",
  serviceUpdated: "Servizio aggiornato",
  importDone: "Prestazioni importate",
  importInvalid: "Il file contiene righe non valide: nessuna prestazione è stata importata",
  importEmpty: "Il file non contiene prestazioni",
  importTooMany: "Il file può contenere al massimo 1000 prestazioni",
  importUnreadable: "Il file deve essere un foglio Excel (.xlsx) o un CSV con le colonne del modello",
  emailTaken: "Indirizzo e-mail già registrato",
  subtypeMismatch: "Il sottotipo non appartiene al tipo di azienda scelto",
  tooManySelected: "Seleziona al massimo 500 aziende",
} as const;

/** Rows of one health-service import (spec: at most 1,000). */
export const HEALTH_SERVICE_IMPORT_MAX_ROWS = 1000;
/** Companies one massive report may select. */
export const COMPANY_REPORT_MAX = 500;

/** The import's columns, in the template's order (Italian headers, as the template writes them). */
export const HEALTH_SERVICE_IMPORT_COLUMNS = [
  "nome",
  "descrizione",
  "servizio",
  "durata_minuti",
  "prezzo",
  "capienza",
  "attiva",
] as const;

/** The role of the operator who administers a company (the first one, created with it). */
export const COMPANY_ADMIN_ROLE = "amministratore";

const text = (max: number) => z.string().trim().max(max, `Al massimo ${max} caratteri`);
const requiredText = (max: number) => text(max).min(1, "Campo obbligatorio");
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const filter = (max = 100) =>
  z
    .string()
    .trim()
    .max(max, "Valore non valido")
    .optional()
    .transform((v) => (v ? v : undefined));

const ZCap = z.string().regex(/^\d{5}$/, "Il CAP deve avere 5 cifre");
const ZPhone = z.string().regex(/^\+?\d{6,15}$/, "Numero di telefono non valido");
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
  }, "L'indirizzo deve iniziare con https://");
/** Company levels: 1 first level, 5 monitoring room; the others are plain providers. */
const ZLevel = z.number().int().min(1, "Livello da 1 a 5").max(5, "Livello da 1 a 5");

// ─── Params ────────────────────────────────────────────────────────────────────────────────────

export const ZAdminCompanyServiceParams = z.object({ company: ZHashid, service_hash: ZHashid });

// ─── List ──────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_COMPANY_SORTS = ["name", "-name", "created_at", "-created_at"] as const;

export const ZAdminCompaniesQuery = ZPageQuery.extend({
  /** Name, code, e-mail or VAT number (contains). */
  q: filter(),
  type: z.enum(COMPANY_TYPE_CODES).optional(),
  subtype: z.enum(COMPANY_SUBTYPE_CODES).optional(),
  level: z.coerce.number().int().min(1).max(5).optional(),
  regione: filter(),
  provincia: filter(),
  comune: filter(),
  status: z.enum(["active", "disabled"]).optional(),
  sort: z.enum(ADMIN_COMPANY_SORTS).default("name"),
  /** `xls`: the whole filtered list as an Excel workbook instead of a page. */
  export: z.enum(["xls"]).optional(),
});
export type TAdminCompaniesQuery = z.infer<typeof ZAdminCompaniesQuery>;

export const ZAdminCompany = z
  .object({
    hashid: z.string(),
    name: z.string(),
    code: z.string(),
    type: z.string(),
    type_label: z.string(),
    subtype: z.string().nullable(),
    subtype_label: z.string().nullable(),
    level: z.number().int(),
    comune: z.string().nullable(),
    provincia: z.string().nullable(),
    regione: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    active: z.boolean(),
    operators: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: "AdminCompany" });
export type TAdminCompany = z.infer<typeof ZAdminCompany>;
export const ZAdminCompaniesResponse = pagedEnvelope(ZAdminCompany);

export const ZAdminCompanyDetail = ZAdminCompany.extend({
  vat_number: z.string().nullable(),
  pec: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  cap: z.string().nullable(),
  asl: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Every platform service ref (1–12) with the company's settings; `enabled` false when it never ran it. */
  services: z.array(ZCompanyService.extend({ enabled: z.boolean() })),
}).meta({ id: "AdminCompanyDetail" });
export type TAdminCompanyDetail = z.infer<typeof ZAdminCompanyDetail>;
export const ZAdminCompanyDetailResponse = z.object({ data: ZAdminCompanyDetail, message: z.string().optional() });

// ─── Register and update ───────────────────────────────────────────────────────────────────────

const companyFields = {
  name: requiredText(160),
  type: z.enum(COMPANY_TYPE_CODES, "Tipo non valido"),
  subtype: z.enum(COMPANY_SUBTYPE_CODES, "Sottotipo non valido"),
  level: ZLevel,
  email: ZEmail.nullish(),
  pec: ZEmail.nullish(),
  phone: ZPhone.nullish(),
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
  asl: optionalText(160),
};

const subtypeOfType = <T extends { type: string; subtype: string }>(b: T) =>
  COMPANY_SUBTYPES.some((s) => s.code === b.subtype && s.type === b.type);

/** `PUT companies/{id}`: the whole record, level and type included. */
export const ZAdminCompanyBody = z
  .object(companyFields)
  .refine(subtypeOfType, { message: ADMIN_COMPANY_MESSAGES.subtypeMismatch, path: ["subtype"] });
export type TAdminCompanyBody = z.infer<typeof ZAdminCompanyBody>;

/** `POST companies/new/register`: the company and its first administrator operator. */
export const ZCompanyRegisterBody = z
  .object({
    ...companyFields,
    administrator: z.object({
      email: ZEmail,
      name: requiredText(80),
      surname: requiredText(80),
    }),
  })
  .refine(subtypeOfType, { message: ADMIN_COMPANY_MESSAGES.subtypeMismatch, path: ["subtype"] });
export type TCompanyRegisterBody = z.infer<typeof ZCompanyRegisterBody>;

/** `PATCH companies/{id}/toggle-status`: the new state; absent toggles. */
export const ZCompanyToggleBody = z.object({ active: z.boolean().optional() }).nullish();

// ─── Operators ─────────────────────────────────────────────────────────────────────────────────

const PERMISSION_VALUES = Object.values(OPERATOR_PERMISSIONS) as [string, ...string[]];

/** `PATCH companies/operators/{id}/admin/change-role`. */
export const ZAdminOperatorRoleBody = z.object({
  role: z.enum(OPERATOR_ROLES, "Ruolo non valido"),
  permessi: z
    .array(z.enum(PERMISSION_VALUES, "Permesso non valido"))
    .max(PERMISSION_VALUES.length)
    .transform((list) => [...new Set(list)]),
});
export type TAdminOperatorRoleBody = z.infer<typeof ZAdminOperatorRoleBody>;

/** `POST companies/{id}/admin/code/send`: to the company's administrators, or to this address. */
export const ZAdminCodeSendBody = z.object({ email: ZEmail.optional() }).nullish();

// ─── Platform services ─────────────────────────────────────────────────────────────────────────

/** `PATCH companies/{id}/services/set/{service_hash}`. */
export const ZAdminCompanyServiceBody = z.object({
  active: z.boolean(),
  payed_by_company: z.boolean(),
  payed_by_citizen: z.boolean(),
});
export type TAdminCompanyServiceBody = z.infer<typeof ZAdminCompanyServiceBody>;
export const ZAdminCompanyServiceResponse = z.object({
  data: ZCompanyService.extend({ enabled: z.boolean() }),
  message: z.string().optional(),
});

// ─── Health-service import ─────────────────────────────────────────────────────────────────────

export const ZHealthServiceImportRowError = z.object({ row: z.number().int(), messages: z.array(z.string()) });
export type THealthServiceImportRowError = z.infer<typeof ZHealthServiceImportRowError>;
export const ZHealthServiceImportResponse = z.object({
  data: z.object({ imported: z.number().int() }),
  message: z.string(),
});

// ─── Massive report ────────────────────────────────────────────────────────────────────────────

/** `POST companies/massive/report`: the selected companies, bookings counted within the dates. */
export const ZCompanyReportBody = z
  .object({
    ids: z
      .array(ZHashid)
      .min(1, "Seleziona almeno un'azienda")
      .max(COMPANY_REPORT_MAX, ADMIN_COMPANY_MESSAGES.tooManySelected),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
  })
  .refine((b) => !b.from || !b.to || b.to >= b.from, {
    message: "La data di fine non può precedere quella di inizio",
    path: ["to"],
  });
export type TCompanyReportBody = z.infer<typeof ZCompanyReportBody>;

// ─── Platform services and every company's health services (admin `servizi`) ──────────────────

export const ADMIN_SERVICE_MESSAGES = { updated: "Servizio aggiornato" } as const;

/** A platform service (refs 1–12) as administrators name it, with how many active companies run it. */
export const ZAdminPlatformService = z
  .object({
    hashid: z.string(),
    position_ref: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    enabled: z.boolean(),
    companies: z.number().int(),
  })
  .meta({ id: "AdminPlatformService" });
export type TAdminPlatformService = z.infer<typeof ZAdminPlatformService>;
export const ZAdminPlatformServicesResponse = z.object({ data: z.array(ZAdminPlatformService) });
export const ZAdminPlatformServiceResponse = z.object({ data: ZAdminPlatformService, message: z.string().optional() });

/** `PUT services/{id}` ({id}: the service's hashid, which encodes its ref). */
export const ZAdminPlatformServiceBody = z.object({
  name: requiredText(80),
  description: optionalText(2000),
  enabled: z.boolean(),
});
export type TAdminPlatformServiceBody = z.infer<typeof ZAdminPlatformServiceBody>;

/** `GET healthservices` (administrators): every company's health services. */
export const ZAdminHealthServicesQuery = ZPageQuery.extend({
  q: filter(),
  company: ZHashid.optional(),
  position_ref: z.coerce.number().int().min(1).max(12).optional(),
  active: z.stringbool().optional(),
});
export type TAdminHealthServicesQuery = z.infer<typeof ZAdminHealthServicesQuery>;
export const ZAdminHealthService = z
  .object({
    hashid: z.string(),
    name: z.string(),
    position_ref: z.number().int(),
    slot_minutes: z.number().int(),
    price: z.number().nullable(),
    active: z.boolean(),
    company: z.object({ hashid: z.string(), name: z.string() }),
  })
  .meta({ id: "AdminHealthService" });
export type TAdminHealthService = z.infer<typeof ZAdminHealthService>;
export const ZAdminHealthServicesResponse = pagedEnvelope(ZAdminHealthService);
