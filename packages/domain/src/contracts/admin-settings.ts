import { z } from "zod";
import { SETTING_TYPES, type SettingType, type SettingValue } from "../settings.ts";
import { isValidEmail } from "../validation/email.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/**
 * The administrator's settings, system log, roles and ASL reference data (spec 002 §2 `syslog`,
 * `settingsys/nuovo`; §7 Administrator calls `utilities/dati/logs`, `utilities/aslinfo/admin`,
 * `utilities/roles`; the utilities without sign-in `aslinfo` and `settings`; spec 000 §6 the
 * operator registration block, §9 feature flags).
 */

export const ADMIN_SETTINGS_MESSAGES = {
  keyInvalid: "Chiave non valida: lettere minuscole, cifre, '_' e '.' (al massimo 80 caratteri)",
  keyTaken: "Esiste già un'impostazione con questa chiave",
  typeInvalid: "Tipo non valido",
  valueBoolean: "Indica sì o no",
  valueInteger: "Indica un numero intero",
  valueString: "Il testo può contenere al massimo 200 caratteri",
  valueText: "Il testo può contenere al massimo 5000 caratteri",
  valueEmail: "Inserisci un indirizzo email valido.",
  valuePhone: "Inserisci un numero di telefono valido (da 6 a 20 cifre, spazi ammessi)",
  builtinNotRemovable: "Le impostazioni di sistema non si possono eliminare",
  settingNotFound: "Impostazione non trovata",
  settingSaved: "Impostazione salvata",
  settingRemoved: "Impostazione eliminata",
  descriptionTooLong: "La descrizione può contenere al massimo 300 caratteri",
  aslNotFound: "ASL non trovata",
  aslCodeInvalid: "Codice ASL non valido (6 cifre)",
  aslNameRequired: "Indica la denominazione",
  aslNameTooLong: "La denominazione può contenere al massimo 120 caratteri",
  aslSiteInvalid: "Indica un indirizzo web valido (https://…)",
  aslMergeCodes: "Indica almeno una ASL da accorpare",
  aslMergeName: "Indica il nome dell'azienda che le accorpa",
  aslMergeDate: "Indica la data di effetto (AAAA-MM-GG)",
  aslSaved: "ASL aggiornata",
  aslMerged: "Accorpamento registrato",
  aslLinked: "Azienda collegata all'ASL",
  aslUnlinked: "Azienda scollegata dall'ASL",
  companyNotFound: "Azienda non trovata",
  dateInvalid: "Data non valida (AAAA-MM-GG)",
  dateOrder: "La data finale non può precedere quella iniziale",
  ipInvalid: "Indirizzo IP non valido",
  tooManyRows: "Troppe righe da esportare: restringi i filtri",
} as const;

// ---------------------------------------------------------------------------------------------
// Settings

// The types, the built-in settings and their defaults: ../settings.ts (no zod, so that a page
// reading a flag does not load the schemas).

export const SETTING_KEY_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;
export const ZSettingKey = z
  .string({ error: ADMIN_SETTINGS_MESSAGES.keyInvalid })
  .trim()
  .max(80, ADMIN_SETTINGS_MESSAGES.keyInvalid)
  .regex(SETTING_KEY_PATTERN, ADMIN_SETTINGS_MESSAGES.keyInvalid);

const PHONE_PATTERN = /^\+?[0-9 ]{6,20}$/;

/** The value's schema for a type: the one rule shared by the form and the server. */
export function settingValueSchema(type: SettingType): z.ZodType<SettingValue> {
  switch (type) {
    case "boolean":
      return z.boolean({ error: ADMIN_SETTINGS_MESSAGES.valueBoolean });
    case "integer":
      return z.number({ error: ADMIN_SETTINGS_MESSAGES.valueInteger }).int(ADMIN_SETTINGS_MESSAGES.valueInteger);
    case "string":
      return z
        .string({ error: ADMIN_SETTINGS_MESSAGES.valueString })
        .trim()
        .max(200, ADMIN_SETTINGS_MESSAGES.valueString);
    case "text":
      return z.string({ error: ADMIN_SETTINGS_MESSAGES.valueText }).trim().max(5000, ADMIN_SETTINGS_MESSAGES.valueText);
    case "email":
      // Empty: not set (the page then shows no address).
      return z
        .string({ error: ADMIN_SETTINGS_MESSAGES.valueEmail })
        .trim()
        .toLowerCase()
        .refine((v) => v === "" || isValidEmail(v), ADMIN_SETTINGS_MESSAGES.valueEmail);
    case "phone":
      return z
        .string({ error: ADMIN_SETTINGS_MESSAGES.valuePhone })
        .trim()
        .refine((v) => v === "" || PHONE_PATTERN.test(v), ADMIN_SETTINGS_MESSAGES.valuePhone);
  }
}

export const ZSettingValue = z.union([z.boolean(), z.number(), z.string()]);

export const ZSetting = z
  .object({
    key: z.string(),
    type: z.enum(SETTING_TYPES),
    value: ZSettingValue,
    public: z.boolean(),
    description: z.string(),
    /** A built-in setting (BUILTIN_SETTINGS): its type is fixed and it cannot be removed. */
    builtin: z.boolean(),
    /** Null while a built-in setting has its default value. */
    updated_at: z.string().nullable(),
  })
  .meta({ id: "Setting" });
export type TSetting = z.infer<typeof ZSetting>;

export const ZSettingsResponse = envelope(z.array(ZSetting));
export const ZSettingResponse = envelope(ZSetting);
/** `GET utilities/settings`: the public settings as a map key → value. */
export const ZPublicSettingsResponse = envelope(z.record(z.string(), ZSettingValue));

const description = z.string().trim().max(300, ADMIN_SETTINGS_MESSAGES.descriptionTooLong);

/** `POST admin/settings`: a new entry (settingsys/nuovo). The value is checked against the type by the service. */
export const ZCreateSettingBody = z.object({
  key: ZSettingKey,
  type: z.enum(SETTING_TYPES, { error: ADMIN_SETTINGS_MESSAGES.typeInvalid }),
  value: ZSettingValue,
  public: z.boolean().default(false),
  description: description.default(""),
});
export type TCreateSettingBody = z.input<typeof ZCreateSettingBody>;

/** `PUT admin/settings/{key}`: the value (checked against the entry's type), visibility and description. */
export const ZUpdateSettingBody = z.object({
  value: ZSettingValue,
  public: z.boolean().optional(),
  description: description.optional(),
});
export type TUpdateSettingBody = z.input<typeof ZUpdateSettingBody>;

export const ZSettingKeyParams = z.object({ key: ZSettingKey });

// ---------------------------------------------------------------------------------------------
// Roles

/**
 * The platform's roles (`GET utilities/roles`): the citizen, the operators' roles within a company,
 * the company administrator and the platform administrator ("admins"), and the monitoring-room
 * operator ("croom", company level 5). By default the list excludes admins and croom (spec 002 §9).
 */
export const PLATFORM_ROLES = [
  { key: "cittadino", label: "Cittadino", group: "base" },
  { key: "operatore", label: "Operatore", group: "base" },
  { key: "medico", label: "Medico", group: "base" },
  { key: "infermiere", label: "Infermiere", group: "base" },
  { key: "farmacista", label: "Farmacista", group: "base" },
  { key: "amministratore", label: "Amministratore di struttura", group: "admins" },
  { key: "admin", label: "Amministratore della piattaforma", group: "admins" },
  { key: "croom", label: "Operatore della centrale di monitoraggio", group: "croom" },
] as const;

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1" || v === "");
export const ZRolesQuery = z.object({ "include-admins": flag, "include-croom": flag });
export const ZRole = z.object({ key: z.string(), label: z.string() }).meta({ id: "Role" });
export type TRole = z.infer<typeof ZRole>;
export const ZRolesResponse = envelope(z.array(ZRole));

// ---------------------------------------------------------------------------------------------
// System log

const isoDay = z.string({ error: ADMIN_SETTINGS_MESSAGES.dateInvalid }).refine((v) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  // 2026-02-30 is no day: Date rolls it over (or gives NaN for month 13).
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
}, ADMIN_SETTINGS_MESSAGES.dateInvalid);
const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** `GET utilities/dati/logs`: filters, page; `export=xls` answers the whole filtered log as a workbook. */
export const ZSystemLogQuery = ZPageQuery.extend({
  /** The user's hashid. */
  user: ZHashid.optional(),
  /** The user's type: 0 citizen, 1 operator, 2 administrator. */
  user_type: z.coerce.number().int().min(0).max(2).optional(),
  /** The action, or its beginning (`settings.` finds every settings action). */
  action: optionalFilter(100),
  entity: optionalFilter(100),
  from: isoDay.optional(),
  to: isoDay.optional(),
  ip: z
    .string()
    .trim()
    .max(45)
    .regex(/^[0-9a-fA-F:.]*$/, ADMIN_SETTINGS_MESSAGES.ipInvalid)
    .optional()
    .transform((v) => (v ? v : undefined)),
  export: z.enum(["xls"]).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: ADMIN_SETTINGS_MESSAGES.dateOrder, path: ["to"] });
export type TSystemLogQuery = z.input<typeof ZSystemLogQuery>;

export const ZSystemLogEntry = z
  .object({
    id: z.string(),
    created_at: z.string(),
    user: z.string().nullable(),
    /** "Cognome Nome" of the user, when they have a personal record. */
    user_name: z.string().nullable(),
    user_type: z.number().nullable(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
    request_id: z.string().nullable(),
  })
  .meta({ id: "SystemLogEntry" });
export type TSystemLogEntry = z.infer<typeof ZSystemLogEntry>;
export const ZSystemLogResponse = pagedEnvelope(ZSystemLogEntry);

/** Rows one export may hold: past it, the filters must be narrowed (a 422 on `from`). */
export const SYSTEM_LOG_EXPORT_MAX = 200_000;

// ---------------------------------------------------------------------------------------------
// ASL (local health authorities)

export const ZAslCode = z
  .string({ error: ADMIN_SETTINGS_MESSAGES.aslCodeInvalid })
  .regex(/^\d{6}$/, ADMIN_SETTINGS_MESSAGES.aslCodeInvalid);

/** `GET utilities/aslinfo?regione=`: a region name (`Lazio`, `Trentino-Alto Adige`) or its ISTAT code (`12`). */
export const ZAslQuery = z.object({
  regione: z.string().trim().max(100).optional(),
});

export const ZAsl = z
  .object({
    /** The Ministry's 6-digit code: region code + company code (120201 = Lazio, ROMA 1). */
    codice_asl: z.string(),
    /** The Ministry's 3-digit region code (041 Bolzano, 042 Trento). */
    codice_regione: z.string(),
    /** The region as ISTAT names it (`Lazio`), as the citizen's address carries it. */
    regione: z.string(),
    denominazione: z.string(),
    comune_sede: z.string().nullable(),
    provincia_sede: z.string().nullable(),
    sito_web: z.string().nullable(),
    /** The authority it has been merged into (Liguria 2026: ATS Liguria); it stays as a local area. */
    accorpata_in: z.string().nullable(),
    accorpata_dal: z.string().nullable(),
  })
  .meta({ id: "Asl" });
export type TAsl = z.infer<typeof ZAsl>;
export const ZAslListResponse = envelope(z.array(ZAsl));

export const ZAslAdmin = ZAsl.extend({
  /** The Ministry's name as published, before any correction. */
  denominazione_fonte: z.string(),
  note: z.string().nullable(),
  aziende: z.array(z.object({ hashid: z.string(), name: z.string() })),
}).meta({ id: "AslAdmin" });
export type TAslAdmin = z.infer<typeof ZAslAdmin>;
export const ZAslAdminListResponse = envelope(z.array(ZAslAdmin));
export const ZAslAdminResponse = envelope(ZAslAdmin);

export const ZAslCodeParams = z.object({ codice: ZAslCode });
export const ZAslCompanyParams = z.object({ codice: ZAslCode, company: ZHashid });

/** `PUT utilities/aslinfo/admin/{codice}`: correct the name or the site. */
export const ZAslUpdateBody = z
  .object({
    denominazione: z
      .string({ error: ADMIN_SETTINGS_MESSAGES.aslNameRequired })
      .trim()
      .min(1, ADMIN_SETTINGS_MESSAGES.aslNameRequired)
      .max(120, ADMIN_SETTINGS_MESSAGES.aslNameTooLong)
      .optional(),
    /** Empty: no site. */
    sito_web: z
      .string()
      .trim()
      .max(200, ADMIN_SETTINGS_MESSAGES.aslSiteInvalid)
      .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), ADMIN_SETTINGS_MESSAGES.aslSiteInvalid)
      .optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.denominazione !== undefined || b.sito_web !== undefined || b.note !== undefined, {
    message: ADMIN_SETTINGS_MESSAGES.aslNameRequired,
    path: ["denominazione"],
  });
export type TAslUpdateBody = z.input<typeof ZAslUpdateBody>;

/** `POST utilities/aslinfo/admin/merge`: these ASL are merged into one authority from a date. */
export const ZAslMergeBody = z.object({
  codici: z
    .array(ZAslCode, { error: ADMIN_SETTINGS_MESSAGES.aslMergeCodes })
    .min(1, ADMIN_SETTINGS_MESSAGES.aslMergeCodes)
    .max(50),
  accorpata_in: z
    .string({ error: ADMIN_SETTINGS_MESSAGES.aslMergeName })
    .trim()
    .min(1, ADMIN_SETTINGS_MESSAGES.aslMergeName)
    .max(120, ADMIN_SETTINGS_MESSAGES.aslNameTooLong),
  data_effetto: isoDay,
});
export type TAslMergeBody = z.input<typeof ZAslMergeBody>;
