import { NO_PROJECT, type TRegisterBody } from "@cura/domain";
import { DEFAULT_PHONE_PREFIX } from "@cura/domain/constants";
import { orNull } from "../../../lib/forms.ts";
import { ITALY } from "../components/AnagraficaFields.tsx";

/**
 * The registration wizard's values and how they become the body of POST users/register. The form
 * keeps text (selects and inputs give strings); `toRegisterBody` turns empty text into null so the
 * shared ZRegisterBody sees what the server will see.
 */
export type RegisterType = 0 | 1;

export interface RegisterForm {
  type: RegisterType;
  email: string;
  password: string;
  password_confirmation: string;
  company_code: string;
  anagrafica: {
    title: string;
    name: string;
    surname: string;
    cf: string;
    gender: string;
    birthday: string;
    nazione_nascita: string;
    estero: boolean;
    regione: string;
    provincia: string;
    comune: string;
    cap: string;
    address: string;
    prefix: string;
    tel_number: string;
    tipo_albo: string;
    id_albo: string;
    specializzazione: string;
  };
  data_consense: boolean;
  share_consense: boolean;
  charge_consense: boolean;
  notification_consense: boolean;
  marketing_consense: boolean;
}

export function emptyRegisterForm(type: RegisterType): RegisterForm {
  return {
    type,
    email: "",
    password: "",
    password_confirmation: "",
    company_code: "",
    anagrafica: {
      title: "",
      name: "",
      surname: "",
      cf: "",
      gender: "",
      birthday: "",
      nazione_nascita: ITALY,
      estero: false,
      regione: "",
      provincia: "",
      comune: "",
      cap: "",
      address: "",
      prefix: DEFAULT_PHONE_PREFIX,
      tel_number: "",
      tipo_albo: "",
      id_albo: "",
      specializzazione: "",
    },
    // Spec 000 §3: the required consents start unchecked, notification and marketing checked.
    data_consense: false,
    share_consense: false,
    charge_consense: false,
    notification_consense: true,
    marketing_consense: true,
  };
}

export function toRegisterBody(values: RegisterForm): TRegisterBody {
  const a = values.anagrafica;
  const operator = values.type === 1;
  return {
    email: values.email.trim(),
    password: values.password,
    password_confirmation: values.password_confirmation,
    type: values.type,
    // No projects API yet: the field is not shown and nobody chooses one (spec 000 §5).
    project: NO_PROJECT,
    company_code: operator ? values.company_code.trim() : null,
    anagrafica: {
      title: orNull(a.title) as TRegisterBody["anagrafica"]["title"],
      name: a.name.trim(),
      surname: a.surname.trim(),
      cf: orNull(a.cf),
      gender: orNull(a.gender) as TRegisterBody["anagrafica"]["gender"],
      birthday: orNull(a.birthday),
      nazione_nascita: orNull(a.nazione_nascita) ?? ITALY,
      estero: a.estero,
      regione: a.estero ? null : orNull(a.regione),
      provincia: orNull(a.provincia),
      comune: orNull(a.comune),
      cap: orNull(a.cap),
      address: orNull(a.address),
      prefix: a.prefix || DEFAULT_PHONE_PREFIX,
      tel_number: orNull(a.tel_number),
      tipo_albo: operator ? (orNull(a.tipo_albo) as TRegisterBody["anagrafica"]["tipo_albo"]) : null,
      id_albo: operator ? orNull(a.id_albo) : null,
      specializzazione: operator ? orNull(a.specializzazione) : null,
    },
    data_consense: values.data_consense,
    share_consense: values.share_consense,
    charge_consense: values.charge_consense,
    notification_consense: values.notification_consense,
    marketing_consense: values.marketing_consense,
  };
}

/**
 * The fields each step validates (spec 000 §5 "Step requirements"): step 1 identity, 2 residence,
 * 3 contacts (and the operator's company code and register), 4 password, 5 consents.
 */
export function stepFields(step: number, type: RegisterType): string[] {
  switch (step) {
    case 1:
      return [
        "anagrafica.title",
        "anagrafica.name",
        "anagrafica.surname",
        "anagrafica.cf",
        "anagrafica.gender",
        "anagrafica.birthday",
        "anagrafica.nazione_nascita",
      ];
    case 2:
      return [
        "anagrafica.regione",
        "anagrafica.provincia",
        "anagrafica.comune",
        "anagrafica.cap",
        "anagrafica.address",
      ];
    case 3:
      return [
        "email",
        "anagrafica.prefix",
        "anagrafica.tel_number",
        ...(type === 1
          ? ["company_code", "anagrafica.tipo_albo", "anagrafica.id_albo", "anagrafica.specializzazione"]
          : []),
      ];
    case 4:
      return ["password", "password_confirmation"];
    case 5:
      return ["data_consense", "share_consense", "charge_consense", "notification_consense", "marketing_consense"];
    default:
      return [];
  }
}

export const STEP_COUNT = 5;

/** The first step showing one of `paths` (a server error), or null when none does. */
export function stepOfFields(paths: readonly string[], type: RegisterType): number | null {
  for (let step = 1; step <= STEP_COUNT; step++) {
    const fields = stepFields(step, type);
    if (paths.some((p) => fields.includes(p))) return step;
  }
  return null;
}
