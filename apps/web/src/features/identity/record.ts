import {
  AGE_MESSAGES,
  anagraficaIssues,
  type TAnagrafica,
  type TAnagraficaFields,
  type UserType,
  ZAnagraficaFields,
} from "@cura/domain";
import { DEFAULT_PHONE_PREFIX } from "@cura/domain/constants";
import { orNull, type SafeParser } from "../../lib/forms.ts";
import { ITALY } from "./components/AnagraficaFields.tsx";

/**
 * The personal record as the profile edits it: text for every input, turned into the body of
 * POST users/anagraphic/new or PUT users/anagraphic/update by `toRecordBody`, and validated as the
 * server validates it: ZAnagraficaFields, then the cross-field rules of anagraficaIssues for the
 * user's type with the profile's age message (apps/api identity/anagrafica.ts does the same).
 */
export interface RecordForm {
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
  prefix_secondary: string;
  tel_number_secondary: string;
  home_number: string;
  ts_number: string;
  medico_base: string;
  denominazione_asl: string;
  tipo_albo: string;
  id_albo: string;
  specializzazione: string;
}

export function toRecordForm(a: TAnagrafica | null): RecordForm {
  const text = (v: string | null | undefined) => v ?? "";
  return {
    title: text(a?.title),
    name: text(a?.name),
    surname: text(a?.surname),
    cf: text(a?.cf),
    gender: text(a?.gender),
    birthday: text(a?.birthday),
    nazione_nascita: a?.nazione_nascita || ITALY,
    estero: a?.estero ?? false,
    regione: text(a?.regione),
    provincia: text(a?.provincia),
    comune: text(a?.comune),
    cap: text(a?.cap),
    address: text(a?.address),
    prefix: a?.prefix || DEFAULT_PHONE_PREFIX,
    tel_number: text(a?.tel_number),
    prefix_secondary: a?.prefix_secondary || DEFAULT_PHONE_PREFIX,
    tel_number_secondary: text(a?.tel_number_secondary),
    home_number: text(a?.home_number),
    ts_number: text(a?.ts_number),
    medico_base: text(a?.medico_base),
    denominazione_asl: text(a?.denominazione_asl),
    tipo_albo: text(a?.tipo_albo),
    id_albo: text(a?.id_albo),
    specializzazione: text(a?.specializzazione),
  };
}

export function toRecordBody(v: RecordForm): TAnagraficaFields {
  return {
    title: orNull(v.title) as TAnagraficaFields["title"],
    name: v.name.trim(),
    surname: v.surname.trim(),
    cf: orNull(v.cf),
    gender: orNull(v.gender) as TAnagraficaFields["gender"],
    birthday: orNull(v.birthday),
    nazione_nascita: orNull(v.nazione_nascita) ?? ITALY,
    estero: v.estero,
    regione: v.estero ? null : orNull(v.regione),
    provincia: orNull(v.provincia),
    comune: orNull(v.comune),
    cap: orNull(v.cap),
    address: orNull(v.address),
    prefix: v.prefix || DEFAULT_PHONE_PREFIX,
    tel_number: orNull(v.tel_number),
    prefix_secondary: v.prefix_secondary || DEFAULT_PHONE_PREFIX,
    tel_number_secondary: orNull(v.tel_number_secondary),
    home_number: orNull(v.home_number),
    ts_number: orNull(v.ts_number),
    medico_base: orNull(v.medico_base),
    denominazione_asl: orNull(v.denominazione_asl),
    tipo_albo: orNull(v.tipo_albo) as TAnagraficaFields["tipo_albo"],
    id_albo: orNull(v.id_albo),
    specializzazione: orNull(v.specializzazione),
  };
}

/** The server's check of a personal record, for a user of `userType`, as a SafeParser. */
export function recordSchema(userType: UserType): SafeParser {
  return {
    safeParse(value: unknown) {
      const base = ZAnagraficaFields.safeParse(value);
      if (!base.success) return { success: false, error: { issues: base.error.issues } };
      const issues = anagraficaIssues(base.data, { userType, ageMessage: AGE_MESSAGES.profile });
      if (issues.length > 0) return { success: false, error: { issues } };
      return { success: true, data: base.data };
    },
  };
}

export type SectionKey = "personal" | "residence" | "contacts";

/** The record fields each profile section edits, by user type (spec 000 §2.9). */
export function sectionFields(section: SectionKey, type: UserType): (keyof RecordForm)[] {
  switch (section) {
    case "personal":
      return [
        "title",
        "name",
        "surname",
        "cf",
        "gender",
        "birthday",
        "nazione_nascita",
        ...(type === 0 ? (["ts_number", "medico_base", "denominazione_asl"] as const) : []),
        ...(type === 1 ? (["tipo_albo", "id_albo", "specializzazione"] as const) : []),
      ];
    case "residence":
      return ["estero", "regione", "provincia", "comune", "cap", "address"];
    case "contacts":
      return [
        "prefix",
        "tel_number",
        ...(type === 0 ? (["prefix_secondary", "tel_number_secondary", "home_number"] as const) : []),
      ];
  }
}
