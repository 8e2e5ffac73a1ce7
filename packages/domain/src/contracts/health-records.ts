import { z } from "zod";
import { romeToday } from "../validation/age.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";
import { ZIsoDate } from "./companies.ts";

/**
 * The health file's records (issue 11; spec 001 §3 "Health note", "Clinical report", "Health-file
 * document"; spec 002 §3 "Patient archive", "Clinical report", "Anamnesis", "Annotation"), the log of
 * who read a health file ('Chi ha consultato i miei dati') and the FHIR International Patient Summary.
 *
 * Calls on someone else's file name the person with `user_id` (a hashid) in the query or the body;
 * without it the call is on the caller's own file. The `{id}` of `anamnesi/users/all/{id}`,
 * `annotations/users/all/{id}` and `POST annotations/{id}` is the person; on PUT and DELETE it is the record.
 */

export const HEALTH_RECORD_MESSAGES = {
  required: "Campo obbligatorio",
  anamnesisSaved: "Anamnesi salvata",
  anamnesisDeleted: "Voce di anamnesi eliminata",
  anamnesisAuthorOnly: "Solo chi ha inserito la voce può eliminarla",
  annotationSaved: "Nota salvata",
  annotationUpdated: "Nota modificata",
  annotationDeleted: "Nota eliminata",
  /** A simple note needs its text; a SOAP note at least one of its parts. */
  annotationEmpty: "Inserire il testo della nota",
  annotationAuthorOnly: "Solo chi ha scritto la nota può modificarla o eliminarla",
  reportSaved: "Referto salvato",
  reportSigned: "Referto firmato",
  /** Spec 002 §8: uploading a report needs the company's active subscription. */
  serviceNotActive: "Servizio non attivo",
  reportOtpRequired: "Inserire il codice ricevuto sul telefono per firmare il referto",
  reportOtpWrong: "Codice non valido o scaduto",
  reportNeedsFile: "Allegare il file del referto",
  reportNeedsBody: "Scrivere il testo del referto",
  documentSaved: "Documento caricato",
  documentUpdated: "Documento aggiornato",
  documentArchived: "Documento archiviato",
  documentRestored: "Documento ripristinato",
  documentDeleted: "Documento eliminato",
  /** Archive, restore and delete are the uploader's (issue 11 "Documents"). */
  uploaderOnly: "Solo chi ha caricato il documento può modificarlo o eliminarlo",
  dateInFuture: "La data non può essere futura",
} as const;

/** Where the health file's uploads are stored (health content: always encrypted at rest). */
export const HEALTH_UPLOAD_DESTINATIONS = { document: "profilosanitario", report: "referti" } as const;

// ── anamnesis ───────────────────────────────────────────────────────────────────────────────────

/** Spec 001 §3 "Health note": the anamnesis categories, in the spec's order. */
export const ANAMNESIS_CATEGORIES = [
  "allergie",
  "eventi_passati",
  "interventi_ricoveri",
  "reazioni_farmaci",
  "condizioni_familiari",
] as const;
export type AnamnesisCategory = (typeof ANAMNESIS_CATEGORIES)[number];

export const ANAMNESIS_CATEGORY_LABELS: Record<AnamnesisCategory, string> = {
  allergie: "Allergie",
  eventi_passati: "Eventi passati",
  interventi_ricoveri: "Interventi chirurgici e ricoveri",
  reazioni_farmaci: "Reazioni avverse a farmaci",
  condizioni_familiari: "Condizioni familiari",
};

const text = (max: number) => z.string().trim().max(max, `Al massimo ${max} caratteri`);
const requiredText = (max: number) => text(max).min(1, HEALTH_RECORD_MESSAGES.required);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const isoDate = ZIsoDate.refine((v) => v >= "1900-01-01", "Data non valida");
/** Records of the past: a date after today in Italy is refused. */
const pastDate = isoDate.refine((v) => v <= romeToday(), HEALTH_RECORD_MESSAGES.dateInFuture);

export const ZAnamnesisBody = z.object({
  user_id: ZHashid.optional(),
  category: z.enum(ANAMNESIS_CATEGORIES, { message: "Categoria non valida" }),
  description: requiredText(2000),
  /** When it happened or was found (optional). */
  date: pastDate.nullish().transform((v) => v ?? null),
});
export type TAnamnesisBody = z.infer<typeof ZAnamnesisBody>;

export const ZAnamnesisItem = z
  .object({
    id: z.string(),
    category: z.enum(ANAMNESIS_CATEGORIES),
    description: z.string(),
    date: z.string().nullable(),
    author: z.string().nullable(),
    /** The caller wrote it (may delete it). */
    own: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "AnamnesisItem" });
export type TAnamnesisItem = z.infer<typeof ZAnamnesisItem>;
export const ZAnamnesisResponse = z.object({ data: ZAnamnesisItem, message: z.string() });
export const ZAnamnesisListQuery = ZPageQuery.extend({
  category: z.enum(ANAMNESIS_CATEGORIES).optional(),
});
export const ZAnamnesisListResponse = pagedEnvelope(ZAnamnesisItem);

// ── annotations ─────────────────────────────────────────────────────────────────────────────────

export const ANNOTATION_KINDS = ["semplice", "soap"] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];
/** The parts of a SOAP note (spec 001 §3: subjective, objective, assessment, plan and other). */
export const SOAP_PARTS = ["subjective", "objective", "assessment", "plan", "other"] as const;

const annotationFields = {
  kind: z.enum(ANNOTATION_KINDS, { message: "Tipo di nota non valido" }),
  text: optionalText(5000),
  subjective: optionalText(5000),
  objective: optionalText(5000),
  assessment: optionalText(5000),
  plan: optionalText(5000),
  other: optionalText(5000),
  /** Visible to the patient (and their caregivers); hidden notes never reach them. */
  visible: z.boolean({ message: "Indicare se la nota è visibile al paziente" }),
};

function checkAnnotation(
  body: { kind: AnnotationKind; text: string | null } & Partial<Record<(typeof SOAP_PARTS)[number], string | null>>,
  context: z.RefinementCtx,
) {
  if (body.kind === "semplice" && !body.text) {
    context.addIssue({ code: "custom", path: ["text"], message: HEALTH_RECORD_MESSAGES.annotationEmpty });
  }
  if (body.kind === "soap" && !SOAP_PARTS.some((part) => body[part])) {
    context.addIssue({ code: "custom", path: ["subjective"], message: HEALTH_RECORD_MESSAGES.annotationEmpty });
  }
}

export const ZAnnotationBody = z.object(annotationFields).superRefine(checkAnnotation);
export type TAnnotationBody = z.infer<typeof ZAnnotationBody>;
/** `POST annotations`: the patient in the body. */
export const ZAnnotationCreateBody = z
  .object({ ...annotationFields, user_id: ZHashid.optional() })
  .superRefine(checkAnnotation);
export type TAnnotationCreateBody = z.infer<typeof ZAnnotationCreateBody>;

export const ZAnnotation = z
  .object({
    id: z.string(),
    patient_id: z.string(),
    kind: z.enum(ANNOTATION_KINDS),
    text: z.string().nullable(),
    subjective: z.string().nullable(),
    objective: z.string().nullable(),
    assessment: z.string().nullable(),
    plan: z.string().nullable(),
    other: z.string().nullable(),
    visible: z.boolean(),
    author: z.string().nullable(),
    company: z.string().nullable(),
    own: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Annotation" });
export type TAnnotation = z.infer<typeof ZAnnotation>;
export const ZAnnotationResponse = z.object({ data: ZAnnotation, message: z.string() });
export const ZAnnotationListQuery = ZPageQuery.extend({
  kind: z.enum(ANNOTATION_KINDS).optional(),
});
export const ZAnnotationListResponse = pagedEnvelope(ZAnnotation);

// ── clinical reports ────────────────────────────────────────────────────────────────────────────

export const REPORT_KINDS = ["firmato", "caricato"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * The platform service (spec 002 §9 refs) whose active subscription lets a company upload reports as
 * files: 8, "monitoring (and the subscription service)".
 */
export const CLINICAL_REPORT_UPLOAD_REF = 8;
/** The one-time-code cause (POST otp/send/{id}) of signing a clinical report. */
export const REPORT_SIGNING_OTP_CAUSE = 11;

/** `POST clinicalreports` (JSON): a report written and signed by the operator. */
export const ZSignedReportBody = z.object({
  user_id: ZHashid,
  title: requiredText(200),
  body: requiredText(20000),
  /** The signer's professional register entry, printed under the signature (e.g. "OMCeO Roma 12345"). */
  register_id: requiredText(60),
  /** Discharge report (pazienti/referti/dimissioni) or any other clinical report. */
  discharge: z.boolean().default(false),
  /** The one-time code sent to the operator's phone (cause REPORT_SIGNING_OTP_CAUSE), where the company requires it. */
  otp: z
    .object({
      hashid: z.string().min(1).max(64),
      code: z.string().regex(/^\d{6}$/, "Il codice ha 6 cifre"),
    })
    .optional(),
});
export type TSignedReportBody = z.infer<typeof ZSignedReportBody>;

/** `POST clinicalreports` (multipart): an uploaded report's fields beside its file. */
export const ZUploadedReportFields = z.object({
  user_id: ZHashid,
  title: requiredText(200),
  discharge: z.stringbool().default(false),
});
export type TUploadedReportFields = z.infer<typeof ZUploadedReportFields>;

/** `PUT clinicalreports/settings`: the company's rule for signing. */
export const ZReportSettingsBody = z.object({ otp_required: z.boolean() });
export const ZReportSettingsResponse = envelope(
  z.object({
    otp_required: z.boolean(),
    /** Whether the company may upload reports as files (its subscription). */
    upload_allowed: z.boolean(),
    otp_cause: z.number().int(),
  }),
);

export const ZClinicalReport = z
  .object({
    id: z.string(),
    patient_id: z.string(),
    patient_name: z.string().nullable(),
    kind: z.enum(REPORT_KINDS),
    title: z.string(),
    discharge: z.boolean(),
    author: z.string().nullable(),
    register_id: z.string().nullable(),
    company: z.string().nullable(),
    signed_at: z.string().nullable(),
    /** The patient's first download; null: 'non ancora scaricato'. */
    downloaded_at: z.string().nullable(),
    url: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "ClinicalReport" });
export type TClinicalReport = z.infer<typeof ZClinicalReport>;
export const ZClinicalReportResponse = z.object({ data: ZClinicalReport, message: z.string() });
export const ZClinicalReportListQuery = ZPageQuery.extend({
  user_id: ZHashid.optional(),
  discharge: z.stringbool().optional(),
});
export const ZClinicalReportListResponse = pagedEnvelope(ZClinicalReport);

// ── documents (patient archives) ────────────────────────────────────────────────────────────────

export const ZDocumentFields = z.object({
  user_id: ZHashid.optional(),
  name: requiredText(200),
  /** The document's own date (an exam's day); today when absent. */
  date: pastDate.optional(),
});
export type TDocumentFields = z.infer<typeof ZDocumentFields>;

/** `PUT patientarchives/{id}`: rename, redate, archive or restore. */
export const ZDocumentUpdateBody = z.object({
  name: requiredText(200).optional(),
  date: pastDate.optional(),
  archived: z.boolean().optional(),
});
export type TDocumentUpdateBody = z.infer<typeof ZDocumentUpdateBody>;

export const ZHealthDocument = z
  .object({
    id: z.string(),
    name: z.string(),
    date: z.string(),
    uploader: z.string().nullable(),
    /** The caller uploaded it: archive, restore and delete are theirs. */
    own: z.boolean(),
    archived: z.boolean(),
    mime_type: z.string(),
    size: z.number().int(),
    url: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "HealthDocument" });
export type THealthDocument = z.infer<typeof ZHealthDocument>;
export const ZHealthDocumentResponse = z.object({ data: ZHealthDocument, message: z.string() });
export const ZHealthDocumentListQuery = ZPageQuery.extend({
  user_id: ZHashid.optional(),
  archived: z.stringbool().default(false),
});
export const ZHealthDocumentListResponse = pagedEnvelope(ZHealthDocument);

// ── who read my data ────────────────────────────────────────────────────────────────────────────

/**
 * The sections of the health file a read is logged under ('Chi ha consultato i miei dati'). Every part
 * of the health module names its reads with one of these.
 */
export const HEALTH_READ_SECTIONS = [
  "parametri",
  "soglie",
  "frequenze",
  "questionari",
  "dispositivi",
  "patologie",
  "esenzioni",
  "terapie",
  "aderenza",
  "anamnesi",
  "note",
  "referti",
  "documenti",
  "riepilogo",
  "attivita",
] as const;
export type HealthReadSection = (typeof HEALTH_READ_SECTIONS)[number];

/** The reader's role for the person's file at the time of the read. */
export const HEALTH_READER_ROLES = ["operatore", "caregiver", "amministratore"] as const;
export type HealthReaderRole = (typeof HEALTH_READER_ROLES)[number];

/**
 * Reads of the person's data logged by other parts of the platform (docs/security.md "Access log"),
 * shown beside the health file's own sections.
 */
export const OTHER_READ_SECTIONS: Record<string, string> = {
  patient: "scheda",
  patient_bookings: "prenotazioni",
  patient_family: "familiari",
  file: "file",
};

export const ZHealthReadQuery = ZPageQuery.extend({
  section: z.enum(HEALTH_READ_SECTIONS).optional(),
  role: z.enum(HEALTH_READER_ROLES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type THealthReadQuery = z.infer<typeof ZHealthReadQuery>;

export const ZHealthRead = z
  .object({
    id: z.string(),
    reader: z.string().nullable(),
    role: z.enum(HEALTH_READER_ROLES),
    company: z.string().nullable(),
    /** A health-file section (HEALTH_READ_SECTIONS) or another read of the person's data (OTHER_READ_SECTIONS). */
    section: z.string(),
    record_id: z.string().nullable(),
    read_at: z.string(),
  })
  .meta({ id: "HealthRead" });
export type THealthRead = z.infer<typeof ZHealthRead>;
export const ZHealthReadListResponse = pagedEnvelope(ZHealthRead);

/** How long the reads are kept (issue 11: purged after 24 months). */
export const HEALTH_READ_RETENTION_MONTHS = 24;

// ── FHIR IPS ────────────────────────────────────────────────────────────────────────────────────

export const ZIpsQuery = z.object({ user_id: ZHashid.optional() });
/** IPS section codes (LOINC) the export writes, in order. */
export const IPS_SECTIONS = {
  problems: "11450-4",
  allergies: "48765-2",
  medications: "10160-0",
  vitalSigns: "8716-3",
} as const;
