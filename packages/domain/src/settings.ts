/**
 * The system settings' types and the built-in settings with their defaults (issue 14, spec 002 §2
 * `settingsys/nuovo`): plain data, no zod, so that the pages that read a public flag (the login's
 * SPID/CIE buttons, the registration's operator choice) do not load the schemas with it. The
 * schemas that check a setting are in contracts/admin-settings.ts.
 */

export const SETTING_TYPES = ["boolean", "integer", "string", "text", "email", "phone"] as const;
export type SettingType = (typeof SETTING_TYPES)[number];
export type SettingValue = boolean | number | string;

export interface BuiltinSetting {
  type: SettingType;
  public: boolean;
  value: SettingValue;
  description: string;
}

/**
 * The settings every installation has (spec 000 §9 feature flags, §6 operator registration block,
 * §9 support phone; the brand texts). Their type is fixed; an administrator changes their value and
 * whether they are public. Other keys an administrator adds on `settingsys/nuovo`.
 */
export const BUILTIN_SETTINGS = {
  "feature.popup": { type: "boolean", public: true, value: true, description: "Notifiche popup" },
  "feature.call_us": { type: "boolean", public: true, value: true, description: "Pulsante «Chiamaci»" },
  "feature.spid": { type: "boolean", public: true, value: true, description: "Accesso con SPID" },
  "feature.cie": { type: "boolean", public: true, value: true, description: "Accesso con CIE" },
  "feature.operator_registration_blocked": {
    type: "boolean",
    public: true,
    value: false,
    description: "Registrazione degli operatori bloccata",
  },
  "support.phone": { type: "phone", public: true, value: "", description: "Telefono dell'assistenza" },
  "support.email": { type: "email", public: true, value: "", description: "E-mail dell'assistenza" },
  "brand.name": { type: "string", public: true, value: "Cura", description: "Nome del servizio" },
  "brand.tagline": {
    type: "string",
    public: true,
    value: "Prenotazioni e cura, in un solo posto",
    description: "Sottotitolo del servizio",
  },
  "brand.footer": { type: "text", public: true, value: "", description: "Testo del piè di pagina" },
} as const satisfies Record<string, BuiltinSetting>;
export type BuiltinSettingKey = keyof typeof BUILTIN_SETTINGS;

export const isBuiltinSetting = (key: string): key is BuiltinSettingKey => Object.hasOwn(BUILTIN_SETTINGS, key);
