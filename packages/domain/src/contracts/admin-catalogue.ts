import { z } from "zod";
import { envelope, ZHashid } from "./common.ts";
import { bandProblems, THRESHOLD_MESSAGES, ZBand, ZExam } from "./health-measurements.ts";

/**
 * The administrator's catalogues on the `servizi` page (spec 002 §7 "Administrator calls"): the
 * health parameters (`POST exams`, `PUT exams/{id}`, `DELETE exams/{id}`; `GET exams` is the public
 * list) and the 'farmacia dei servizi' services with the pharmacies that adhere to each
 * (`GET fdsservices`, `POST fdsservices/fdservice/adesioni/set/{hashid}`).
 */

export const ADMIN_EXAM_MESSAGES = {
  created: "Parametro creato",
  updated: "Parametro modificato",
  deleted: "Parametro eliminato",
  nameTaken: "Esiste già un parametro con questo nome",
  range: "Il minimo deve essere minore del massimo",
  reference: "Il valore di riferimento deve stare nell'intervallo plausibile",
  inUse: "Il parametro è usato da misurazioni registrate: non può essere eliminato",
  linked: "Il parametro è usato da soglie, frequenze o dispositivi: non può essere eliminato",
  notFound: "Parametro non trovato",
} as const;

const text = (max: number) => z.string().trim().max(max, `Al massimo ${max} caratteri`);
const required = (max: number) => text(max).min(1, "Campo obbligatorio");

export const ZAdminExamBody = z
  .object({
    name: required(120),
    unit: text(20),
    decimals: z.number().int("Da 0 a 3 decimali").min(0, "Da 0 a 3 decimali").max(3, "Da 0 a 3 decimali"),
    min: z.number({ error: "Numero non valido" }).finite(),
    max: z.number({ error: "Numero non valido" }).finite(),
    reference_min: z.number().finite().nullish(),
    reference_max: z.number().finite().nullish(),
    loinc: text(20)
      .regex(/^(\d{1,7}-\d)?$/, "Codice LOINC non valido (es. 8480-6)")
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The default bands (1 to 7, inside the plausible range); absent: one band of risk 0 over the range. */
    bands: z.array(ZBand).optional(),
  })
  .superRefine((body, context) => {
    if (body.min >= body.max) context.addIssue({ code: "custom", path: ["max"], message: ADMIN_EXAM_MESSAGES.range });
    for (const key of ["reference_min", "reference_max"] as const) {
      const value = body[key];
      if (value !== null && value !== undefined && (value < body.min || value > body.max)) {
        context.addIssue({ code: "custom", path: [key], message: ADMIN_EXAM_MESSAGES.reference });
      }
    }
    if (!body.bands) return;
    const problems = bandProblems(body.bands);
    for (const [path, messages] of Object.entries(problems)) {
      const [, ...rest] = path.split(".");
      for (const message of messages) {
        context.addIssue({
          code: "custom",
          message,
          path: ["bands", ...rest.map((p) => (/^\d+$/.test(p) ? Number(p) : p))],
        });
      }
    }
    if (Object.keys(problems).length > 0) return;
    body.bands.forEach((band, i) => {
      if (band.min < body.min || band.max > body.max) {
        context.addIssue({ code: "custom", path: ["bands", i, "min"], message: THRESHOLD_MESSAGES.outside });
      }
    });
  });
export type TAdminExamBody = z.infer<typeof ZAdminExamBody>;

export const ZAdminExam = ZExam.extend({ bands: z.array(ZBand), measurements: z.number().int() }).meta({
  id: "AdminExam",
});
export type TAdminExam = z.infer<typeof ZAdminExam>;
export const ZAdminExamResponse = envelope(ZAdminExam).extend({ message: z.string().optional() });

// ─── Farmacia dei servizi ─────────────────────────────────────────────────────────────────────

export const FDS_MESSAGES = {
  saved: "Adesioni aggiornate",
  notPharmacy: "Solo le farmacie possono aderire ai servizi della farmacia dei servizi",
  companyNotFound: "Azienda non trovata",
  serviceNotFound: "Servizio non trovato",
} as const;

/** The most pharmacies one call may set. */
export const FDS_SET_MAX = 200;

export const ZFdsServicesQuery = z.object({
  /** A pharmacy: each service then says whether it adheres. */
  company: ZHashid.optional(),
});
export type TFdsServicesQuery = z.infer<typeof ZFdsServicesQuery>;

export const ZFdsService = z
  .object({
    hashid: z.string(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    /** How many pharmacies adhere. */
    pharmacies: z.number().int(),
    /** Whether the `company` of the query adheres; null without one. */
    adherent: z.boolean().nullable(),
  })
  .meta({ id: "FdsService" });
export type TFdsService = z.infer<typeof ZFdsService>;
export const ZFdsServicesResponse = envelope(z.array(ZFdsService));

export const ZFdsAdhesionBody = z.object({
  company_ids: z
    .array(ZHashid)
    .min(1, "Seleziona almeno una farmacia")
    .max(FDS_SET_MAX, `Al massimo ${FDS_SET_MAX} farmacie`),
  adherent: z.boolean({ error: "Campo obbligatorio" }),
});
export type TFdsAdhesionBody = z.infer<typeof ZFdsAdhesionBody>;
export const ZFdsServiceResponse = envelope(ZFdsService).extend({ message: z.string().optional() });
