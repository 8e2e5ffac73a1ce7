import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { AGE_MESSAGES, ageOn, romeToday } from "../validation/age.ts";
import { ZEmail } from "../validation/email.ts";
import { phoneProblem, ZPhonePrefix } from "../validation/phone.ts";
import { ZNre } from "../validation/prescription.ts";
import { decodeTaxCode, isValidTaxCode, normalizeTaxCode, TAX_CODE_MESSAGE } from "../validation/tax-code.ts";
import { ZBookingProductLine } from "./bookings.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/**
 * A company's patients (spec 002 §2 `pazienti`, §7 "Company and services (operator)"; spec 001 §2
 * operator routes, §5 "Past booking", §6 "operators … may enter past bookings").
 *
 * A citizen is a patient of a company when the company registered them (or linked them by tax
 * code), an operator booked for them, they booked there themselves, or they put the company in
 * their care circle. The company's own state of a patient (followed or archived, consent recorded)
 * lives in the company–patient link.
 */

export const PATIENT_MESSAGES = {
  registered: "Paziente registrato",
  linked: "Paziente già registrato sulla piattaforma: aggiunto ai pazienti della struttura",
  updated: "Dati del paziente aggiornati",
  booked: "Prenotazione inserita",
  notFound: "Paziente non trovato",
  notCitizen: "Il codice fiscale appartiene a un utente che non è un cittadino",
  namesMismatch: "Nome e cognome non corrispondono al codice fiscale già registrato",
  registeredMeanwhile: "Il paziente è appena stato registrato da un altro operatore: riprova per aggiungerlo",
  archived: "Il paziente è archiviato: riattivalo per prenotare",
  pastOnly: "La data e l'orario di una prenotazione passata devono precedere l'ora attuale",
  tooOld: "Una prenotazione passata può risalire al massimo a un anno fa",
  dateRequired: "Indica la data",
  timeRequired: "Indica l'orario",
  slotRequired: "Scegli un orario libero",
  serviceRequired: "Scegli la prestazione",
  nothingToChange: "Indica cosa modificare",
  birthdayFuture: "La data di nascita non può essere futura",
  birthdayMismatch: "La data di nascita non corrisponde al codice fiscale",
  required: "Campo obbligatorio",
  ordered: "Ordine inserito",
  productsRequired: "Aggiungi almeno un prodotto",
  /** 403: the person's e-mail and phones are theirs to change, not the company's (docs/security.md). */
  contactsLocked: "Non è possibile modificare i contatti di un utente registrato autonomamente",
  /** 403: the tax code is how the person signs in with SPID/CIE and recovers the password. */
  taxCodeLocked: "Non è possibile modificare il codice fiscale di un utente registrato autonomamente",
} as const;

/** How far back an operator may enter a past booking (spec silent: one year keeps records honest). */
export const PAST_BOOKING_MAX_DAYS = 366;
/** A compact list (pickers) stops here; narrow it with `q`. */
export const PATIENT_PICKER_LIMIT = 50;

const name = z.string().trim().min(1, PATIENT_MESSAGES.required).max(80, "Al massimo 80 caratteri");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Al massimo ${max} caratteri`)
    .nullish()
    .transform((v) => (v ? v : null));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, AGE_MESSAGES.invalidDate);

/**
 * `POST companies/paziente/register`: the operator registers a patient at the counter. The account
 * has no password (the patient sets one by recovery, or signs in with SPID/CIE). Tax code, names and
 * mobile number are required; the birth date and gender come from the tax code when not given;
 * the e-mail is optional (not every patient has one). Residence may be completed later.
 */
export const ZPatientRegisterBody = z
  .object({
    name,
    surname: name,
    cf: z
      .string()
      .trim()
      .min(1, PATIENT_MESSAGES.required)
      .max(40)
      .transform(normalizeTaxCode)
      .refine(isValidTaxCode, TAX_CODE_MESSAGE),
    birthday: isoDate.nullish().transform((v) => v ?? null),
    gender: z
      .enum(["maschile", "femminile"])
      .nullish()
      .transform((v) => v ?? null),
    email: z
      .union([z.literal(""), ZEmail])
      .nullish()
      .transform((v) => (v ? v : null)),
    prefix: ZPhonePrefix.default("+39"),
    tel_number: z
      .string()
      .trim()
      .min(1, PATIENT_MESSAGES.required)
      .superRefine((value, ctx) => {
        const problem = phoneProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    ts_number: optionalText(LIMITS.healthCardLength).refine(
      (v) => v === null || /^\d{20}$/.test(v),
      `La tessera sanitaria ha ${LIMITS.healthCardLength} cifre`,
    ),
    regione: optionalText(120),
    provincia: optionalText(120),
    comune: optionalText(120),
    cap: optionalText(10).refine((v) => v === null || /^\d{5}$/.test(v), "Il CAP ha 5 cifre"),
    address: optionalText(200),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const decoded = decodeTaxCode(body.cf);
    const birthday = body.birthday ?? decoded?.birthday ?? null;
    if (birthday) {
      const age = ageOn(birthday);
      if (age === null) issue("birthday", AGE_MESSAGES.invalidDate);
      else if (birthday > romeToday()) issue("birthday", PATIENT_MESSAGES.birthdayFuture);
      // Minors are added as family members of a parent, never as accounts of their own (spec 000 §9).
      else if (age < LIMITS.minimumAgeYears) issue("birthday", AGE_MESSAGES.registration);
      else if (body.birthday && decoded && decoded.birthday !== body.birthday)
        issue("birthday", PATIENT_MESSAGES.birthdayMismatch);
    }
  });
export type TPatientRegisterBody = z.input<typeof ZPatientRegisterBody>;
export type TPatientRegisterValues = z.output<typeof ZPatientRegisterBody>;

/** `PATCH companies/own/assistito/{id}`: the company's state of the patient. */
export const ZPatientStateBody = z
  .object({
    /** False archives the patient: out of the pickers, no new bookings until reactivated. */
    active: z.boolean().optional(),
    /** The patient's consent to the company's processing of their data, as the operator collected it. */
    consent: z.boolean().optional(),
  })
  .refine((b) => b.active !== undefined || b.consent !== undefined, {
    message: PATIENT_MESSAGES.nothingToChange,
    path: ["active"],
  });
export type TPatientStateBody = z.infer<typeof ZPatientStateBody>;

export const ZPatientListQuery = ZPageQuery.extend({
  /** Name, surname, tax code or e-mail (parts of). */
  q: z.string().trim().max(80).optional(),
  /** Omitted: every patient; true only followed ones; false only archived ones. */
  active: z.stringbool().optional(),
});
export type TPatientListQuery = z.infer<typeof ZPatientListQuery>;

export const ZPatientPickerQuery = z.object({ q: z.string().trim().max(80).optional() });

export const ZPatientIdParams = z.object({ id: ZHashid });
export const ZPatientXParams = z.object({ x: ZHashid });

const ZInstant = z.iso.datetime({ offset: true, message: "Data e ora non valide" });

/**
 * `POST companies/own/patients/{id}/reservations`: the operator books a health service of their
 * company for the patient. A future booking takes a free slot (`start`, as the slots call gives it);
 * a past booking (`past: true`) needs the service, the date and the time (spec 001 §5) and is not
 * checked against the slots.
 */
export const ZPatientBookingBody = z
  .object({
    health_service: z.string().trim().max(64).default(""),
    past: z.boolean().default(false),
    start: ZInstant.optional(),
    date: z.iso.date({ message: "Data non valida" }).optional(),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Orario non valido (HH:MM)")
      .optional(),
    operator_notes: z.string().trim().max(2000, "Al massimo 2000 caratteri").optional(),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!body.health_service) issue("health_service", PATIENT_MESSAGES.serviceRequired);
    else if (!/^[A-Za-z0-9]+$/.test(body.health_service)) issue("health_service", "Identificativo non valido");
    if (body.past) {
      if (!body.date) issue("date", PATIENT_MESSAGES.dateRequired);
      if (!body.time) issue("time", PATIENT_MESSAGES.timeRequired);
    } else if (!body.start) issue("start", PATIENT_MESSAGES.slotRequired);
  });
export type TPatientBookingBody = z.input<typeof ZPatientBookingBody>;

export const ZPatient = z
  .object({
    hashid: z.string(),
    name: z.string(),
    surname: z.string(),
    cf: z.string().nullable(),
    gender: z.enum(["maschile", "femminile"]).nullable(),
    birthday: z.string().nullable(),
    email: z.string().nullable(),
    prefix: z.string(),
    tel_number: z.string().nullable(),
    phone_verified: z.boolean(),
    ts_number: z.string().nullable(),
    regione: z.string().nullable(),
    provincia: z.string().nullable(),
    comune: z.string().nullable(),
    cap: z.string().nullable(),
    address: z.string().nullable(),
    /** Followed by the company (false: archived). */
    active: z.boolean(),
    consent: z.boolean(),
    consent_at: z.string().nullable(),
    /** The company registered them or linked them by tax code. */
    registered: z.boolean(),
    in_care_circle: z.boolean(),
    /** Their bookings at the company. */
    bookings: z.number().int(),
  })
  .meta({ id: "Patient" });
export type TPatient = z.infer<typeof ZPatient>;

/** The compact shape of pickers (`patients/list`, `users/own/patients`). */
export const ZPatientCompact = z
  .object({
    hashid: z.string(),
    name: z.string(),
    surname: z.string(),
    cf: z.string().nullable(),
    birthday: z.string().nullable(),
  })
  .meta({ id: "PatientCompact" });
export type TPatientCompact = z.infer<typeof ZPatientCompact>;

export const ZPatientResponse = envelope(ZPatient).extend({ message: z.string().optional() });
export const ZPatientPagedResponse = pagedEnvelope(ZPatient);
export const ZPatientCompactListResponse = envelope(z.array(ZPatientCompact));
export const ZPatientRegisterResponse = envelope(ZPatient).extend({
  message: z.string(),
  /** False when the tax code belonged to an existing citizen, who is now linked to the company. */
  created: z.boolean(),
});

/**
 * `POST companies/own/patients/{id}/orders`: the pharmacy records a product order for the patient
 * (spec 001 §2 `pazienti/ordine/{hash}`): products of the medicine list with quantities, and the
 * prescription's NRE when one is needed. No recipe upload (release notes).
 */
export const ZPatientOrderBody = z.object({
  products: z.array(ZBookingProductLine).min(1, PATIENT_MESSAGES.productsRequired).max(20, "Al massimo 20 prodotti"),
  nre: ZNre.optional(),
  operator_notes: z.string().trim().max(2000, "Al massimo 2000 caratteri").optional(),
});
export type TPatientOrderBody = z.input<typeof ZPatientOrderBody>;

/** The ASL appointments list (`appuntamenti/lista`): bookings of the company's service ref 5. */
export const ZAslAppointmentsQuery = ZPageQuery;
