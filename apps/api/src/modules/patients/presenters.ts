import type { TPatient, TPatientCompact } from "@cura/domain";
import type { Ids } from "../../platform/ids.ts";
import type { PatientRow } from "./repository.ts";

export function presentPatient(ids: Ids, row: PatientRow): TPatient {
  const a = row.anagrafica;
  return {
    hashid: ids.encode(row.user.id),
    name: a?.name ?? "",
    surname: a?.surname ?? "",
    cf: a?.cf ?? null,
    gender: a?.gender ?? null,
    birthday: a?.birthday ?? null,
    email: row.user.email,
    prefix: a?.prefix ?? "+39",
    tel_number: a?.telNumber ?? null,
    phone_verified: row.user.numberVerifiedAt !== null,
    ts_number: a?.tsNumber ?? null,
    regione: a?.regione ?? null,
    provincia: a?.provincia ?? null,
    comune: a?.comune ?? null,
    cap: a?.cap ?? null,
    address: a?.address ?? null,
    // No link row: the company never archived them.
    active: row.link?.active ?? true,
    consent: Boolean(row.link?.consentAt),
    consent_at: row.link?.consentAt?.toISOString() ?? null,
    registered: row.link?.origin === "registrazione",
    in_care_circle: Boolean(row.inCareCircle),
    bookings: Number(row.bookings),
  };
}

export function presentCompact(ids: Ids, row: PatientRow): TPatientCompact {
  return {
    hashid: ids.encode(row.user.id),
    name: row.anagrafica?.name ?? "",
    surname: row.anagrafica?.surname ?? "",
    cf: row.anagrafica?.cf ?? null,
    birthday: row.anagrafica?.birthday ?? null,
  };
}
