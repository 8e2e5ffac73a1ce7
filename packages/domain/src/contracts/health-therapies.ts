import { z } from "zod";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";
import { ZIsoDate } from "./companies.ts";

/**
 * Pathologies, exemptions, therapies and their adherence in the health file (spec 001 §3 Pathology,
 * Exemption, Therapy; §4 Therapy; §5 required fields and the therapy frequency rule; spec 002 §3
 * Exemption code; issue 11 "Pathologies", "Therapies", "Adherence", "PDFs").
 */

export const HEALTH_THERAPY_MESSAGES = {
  required: "Campo obbligatorio",
  tooLong: (max: number) => `Al massimo ${max} caratteri`,
  invalidDate: "Data non valida",
  endBeforeStart: "La data di fine non può precedere la data di inizio",
  icdUnknown: "Codice ICD-10 non presente nell'elenco",
  searchTooShort: "Inserisci almeno 2 caratteri",
  exemptionUnknown: "Codice di esenzione non presente nell'elenco",
  pathologyUnknown: "Patologia non trovata",
  drugUnknown: "Farmaco non presente nell'elenco: scegline uno o indicalo come 'non in elenco'",
  drugRequired: "Indica il farmaco",
  oneMoment: "Con questa frequenza è possibile indicare un solo momento di assunzione",
  momentsRequired: "Indica almeno un momento di assunzione",
  everyRequired: "Indica ogni quante unità",
  cycleRequired: "Indica ogni quanto si ripete il ciclo",
  endRequired: "Indica la data di fine, o scegli una durata indeterminata",
  intakeNotScheduled: "Nessuna assunzione prevista in questo momento",
  intakeFuture: "Non è possibile segnare un'assunzione futura",
  momentRepeated: "Momento di assunzione ripetuto",
  dosagePositive: "Indica una quantità maggiore di zero",
  everyHoursMax: (max: number) => `Al massimo ogni ${max} ore`,
  spanTooLong: (max: number) => `Al massimo ${max} giorni`,
  deleted: "Terapia eliminata",
  suspended: "Terapia sospesa",
  resumed: "Terapia ripresa",
  notEditable: "Puoi modificare solo i dati inseriti da te o dalla tua struttura",
  finished: "La terapia è terminata",
  saved: "Dati salvati",
} as const;
const M = HEALTH_THERAPY_MESSAGES;

// ---- Enums (spec 001 §3 lists) ------------------------------------------------------------------

export const PATHOLOGY_TYPES = ["cronica", "acuta", "stagionale"] as const;
export type TPathologyType = (typeof PATHOLOGY_TYPES)[number];

/** Dosage units, in the order of spec 001 §3. */
export const DOSAGE_UNITS = [
  "compressa",
  "capsula",
  "goccia",
  "inalazione",
  "bustina",
  "supposta",
  "scatola",
  "cerotto",
  "fiala",
  "flebo",
  "ovulo",
  "sacca",
  "flacone",
  "confezione",
  "kg",
  "kit",
  "ml",
  "mg",
  "applicazione",
  "ui",
] as const;
export type TDosageUnit = (typeof DOSAGE_UNITS)[number];

export const ADMINISTRATION_ROUTES = [
  "orale",
  "transdermica",
  "nasale",
  "endovenosa",
  "intramuscolare",
  "oftalmica",
  "rettale",
  "uretrale",
  "vaginale",
  "sottocutanea",
] as const;
export type TAdministrationRoute = (typeof ADMINISTRATION_ROUTES)[number];

/** Intake moments, in the day's order, each with the wall-clock time its scheduled intake is set at. */
export const INTAKE_MOMENTS = ["mattina", "meta_mattina", "pranzo", "pomeriggio", "sera", "notte"] as const;
export type TIntakeMoment = (typeof INTAKE_MOMENTS)[number];
export const INTAKE_MOMENT_TIMES: Record<TIntakeMoment, string> = {
  mattina: "08:00",
  meta_mattina: "10:30",
  pranzo: "13:00",
  pomeriggio: "16:00",
  sera: "20:00",
  notte: "23:00",
};
/** The moment an hour of the day belongs to (every-N-hours intakes fall at any hour; the weekly recap groups by moment). */
export function momentOfTime(time: string): TIntakeMoment {
  const hour = Number(time.slice(0, 2));
  if (hour >= 6 && hour < 10) return "mattina";
  if (hour >= 10 && hour < 12) return "meta_mattina";
  if (hour >= 12 && hour < 15) return "pranzo";
  if (hour >= 15 && hour < 19) return "pomeriggio";
  if (hour >= 19 && hour < 23) return "sera";
  return "notte";
}

/**
 * Frequency kinds (spec 001 §3): times per day (one intake per chosen moment, every day), for ever
 * (the same, with no end), periodic (the same, on the days of the duration's cycle), every N hours,
 * days, weeks or months, as needed, occasional (no schedule).
 */
export const FREQUENCY_KINDS = [
  "volte_al_giorno",
  "sempre",
  "periodica",
  "ogni_n_ore",
  "ogni_n_giorni",
  "ogni_n_settimane",
  "ogni_n_mesi",
  "al_bisogno",
  "occasionale",
] as const;
export type TFrequencyKind = (typeof FREQUENCY_KINDS)[number];
/** The kinds that take an N. */
export const FREQUENCY_KINDS_WITH_EVERY: readonly TFrequencyKind[] = [
  "ogni_n_ore",
  "ogni_n_giorni",
  "ogni_n_settimane",
  "ogni_n_mesi",
];
/** Spec 001 §5: every N hours or N days allows exactly one intake moment. */
export const FREQUENCY_KINDS_ONE_MOMENT: readonly TFrequencyKind[] = ["ogni_n_ore", "ogni_n_giorni"];
/** No schedule: adherence cannot be determined (issue 11 "Adherence"). */
export const FREQUENCY_KINDS_UNSCHEDULED: readonly TFrequencyKind[] = ["al_bisogno", "occasionale"];

/** Duration (spec 001 §3): undetermined, periodic/cyclic (every N months, weeks or days), occasional, or fixed dates. */
export const DURATION_KINDS = ["definita", "indeterminata", "periodica", "occasionale"] as const;
export type TDurationKind = (typeof DURATION_KINDS)[number];
export const CYCLE_UNITS = ["giorni", "settimane", "mesi"] as const;

/** Where the therapy's information comes from (spec 001 §3 "information source"). */
export const THERAPY_SOURCES = [
  "medico_di_base",
  "specialista",
  "ospedale",
  "farmacista",
  "paziente",
  "caregiver",
  "altro",
] as const;

/** States (spec 001 §4): finished is an active or suspended therapy whose end date has passed. */
export const THERAPY_STATES = ["attiva", "sospesa", "terminata"] as const;
export type TTherapyState = (typeof THERAPY_STATES)[number];

export const ADHERENCE_LEVELS = ["non_determinabile", "scarsa", "media", "ottimale"] as const;
export type TAdherenceLevel = (typeof ADHERENCE_LEVELS)[number];
/** Issue 11: over 30 days, ≥80% optimal, 50–79% medium, <50% poor; under 7 scheduled intakes undeterminable. */
export const ADHERENCE_RULES = { windowDays: 30, minScheduled: 7, optimal: 80, medium: 50 } as const;
export function adherenceLevel(scheduled: number, taken: number): TAdherenceLevel {
  if (scheduled < ADHERENCE_RULES.minScheduled) return "non_determinabile";
  const percent = (taken / scheduled) * 100;
  if (percent >= ADHERENCE_RULES.optimal) return "ottimale";
  if (percent >= ADHERENCE_RULES.medium) return "media";
  return "scarsa";
}

// ---- Shared pieces ------------------------------------------------------------------------------

/** The project's calendar date (YYYY-MM-DD, a real day). */
const isoDate = ZIsoDate;
const requiredText = (max: number) => z.string().trim().min(1, M.required).max(max, M.tooLong(max));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));
const optionalDate = isoDate.nullish().transform((v) => v ?? null);

/** Whose file: absent for the caller's own, a patient's hashid for an operator or a caregiver. */
export const ZHealthPatientQuery = z.object({ patient: ZHashid.optional() });

/** Who wrote a record, as the viewer sees it. */
export const ZHealthAuthor = z.object({
  /** The viewer wrote it (only then may a private record be seen at all). */
  mine: z.boolean(),
  /** patient, caregiver or operator. */
  role: z.enum(["paziente", "caregiver", "operatore"]),
});

// ---- Reference lists (ICD-10, national exemption lists) -----------------------------------------

export const HEALTH_SEARCH_MIN_LENGTH = 2;
export const ZCodeSearchQuery = z.object({
  q: z.string().trim().min(HEALTH_SEARCH_MIN_LENGTH, M.searchTooShort).max(100, M.tooLong(100)),
});
export const ZCodedEntry = z.object({ code: z.string(), label: z.string() }).meta({ id: "HealthCodedEntry" });
export type TCodedEntry = z.infer<typeof ZCodedEntry>;
export const ZCodedEntryListResponse = envelope(z.array(ZCodedEntry));

export const EXEMPTION_KINDS = ["cronica", "rara"] as const;
export const ZExemptionCode = z
  .object({ code: z.string(), label: z.string(), kind: z.enum(EXEMPTION_KINDS) })
  .meta({ id: "ExemptionCode" });
export type TExemptionCode = z.infer<typeof ZExemptionCode>;
export const ZExemptionCodeListQuery = z.object({
  q: z.string().trim().max(100, M.tooLong(100)).optional(),
  kind: z.enum(EXEMPTION_KINDS).optional(),
});
export const ZExemptionCodeListResponse = envelope(z.array(ZExemptionCode));

// ---- Pathologies --------------------------------------------------------------------------------

const pathologyFields = {
  /** Whose file (operator, caregiver); absent: the caller's own. */
  patient: ZHashid.optional(),
  name: requiredText(120),
  type: z.enum(PATHOLOGY_TYPES, M.required),
  start_date: optionalDate,
  end_date: optionalDate,
  /** Visible only to its author (spec 001 §6). */
  private: z.boolean().default(false),
  notes: optionalText(2000),
  icd10_code: z
    .string()
    .trim()
    .max(10)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
};
const startNotAfterEnd = <T extends { start_date: string | null; end_date: string | null }>(v: T) =>
  !(v.start_date && v.end_date && v.end_date < v.start_date);

export const ZPathologyBody = z
  .object(pathologyFields)
  .refine(startNotAfterEnd, { message: M.endBeforeStart, path: ["end_date"] });
export type TPathologyBody = z.infer<typeof ZPathologyBody>;
/** `PUT pathologies`: the record's hashid travels in the body (spec 001 §7, "written without a parameter"). */
export const ZPathologyUpdateBody = z
  .object({ ...pathologyFields, hashid: ZHashid })
  .refine(startNotAfterEnd, { message: M.endBeforeStart, path: ["end_date"] });
export type TPathologyUpdateBody = z.infer<typeof ZPathologyUpdateBody>;

export const ZPathology = z
  .object({
    hashid: z.string(),
    name: z.string(),
    type: z.enum(PATHOLOGY_TYPES),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    private: z.boolean(),
    notes: z.string().nullable(),
    icd10_code: z.string().nullable(),
    icd10_label: z.string().nullable(),
    author: ZHealthAuthor,
    editable: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "Pathology" });
export type TPathology = z.infer<typeof ZPathology>;
export const ZPathologyResponse = envelope(ZPathology);
export const ZPathologyListQuery = ZPageQuery.extend({ patient: ZHashid.optional() });
export const ZPathologyPagedResponse = pagedEnvelope(ZPathology);

// ---- Exemptions ---------------------------------------------------------------------------------

/** `{id}` of `pathologies/exemptioncodes/users/{id}`: the patient's hashid. */
export const ZExemptionUserParams = z.object({ id: ZHashid });
const exemptionFields = {
  code: requiredText(12),
  /** Hashids of the patient's pathologies this exemption covers. */
  pathologies: z.array(ZHashid).max(20).default([]),
  valid_from: isoDate,
  valid_to: optionalDate,
  notes: optionalText(1000),
};
const validFromNotAfterTo = (v: { valid_from: string; valid_to: string | null }) =>
  !(v.valid_to && v.valid_to < v.valid_from);
export const ZExemptionBody = z
  .object(exemptionFields)
  .refine(validFromNotAfterTo, { message: M.endBeforeStart, path: ["valid_to"] });
export type TExemptionBody = z.infer<typeof ZExemptionBody>;
export const ZExemptionUpdateBody = z
  .object({ ...exemptionFields, hashid: ZHashid })
  .refine(validFromNotAfterTo, { message: M.endBeforeStart, path: ["valid_to"] });
export type TExemptionUpdateBody = z.infer<typeof ZExemptionUpdateBody>;
/** PATCH: enables or disables one exemption. */
export const ZExemptionToggleBody = z.object({ hashid: ZHashid, enabled: z.boolean() });
export type TExemptionToggleBody = z.infer<typeof ZExemptionToggleBody>;

export const ZExemption = z
  .object({
    hashid: z.string(),
    code: z.string(),
    label: z.string(),
    kind: z.enum(EXEMPTION_KINDS),
    pathologies: z.array(z.object({ hashid: z.string(), name: z.string() })),
    valid_from: z.string(),
    valid_to: z.string().nullable(),
    /** Within its validity today. */
    valid: z.boolean(),
    enabled: z.boolean(),
    notes: z.string().nullable(),
    editable: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "Exemption" });
export type TExemption = z.infer<typeof ZExemption>;
export const ZExemptionResponse = envelope(ZExemption);
export const ZExemptionListResponse = envelope(z.array(ZExemption));

// ---- Therapies ----------------------------------------------------------------------------------

/** A medicine of the catalogue (by its code: the list's code or a 9-digit AIC), or free text 'non in elenco'. */
export const ZTherapyDrug = z.union(
  [
    z.object({ code: z.string().trim().min(1, M.drugRequired).max(20) }),
    z.object({ name: requiredText(120), not_listed: z.literal(true) }),
  ],
  { error: M.drugRequired },
);

const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);

const therapyFields = {
  patient: ZHashid.optional(),
  pathology: ZHashid.nullish().transform((v) => v ?? null),
  drug: ZTherapyDrug,
  dosage: z.coerce.number().positive(M.dosagePositive).max(100000),
  dosage_unit: z.enum(DOSAGE_UNITS, M.required),
  route: z.enum(ADMINISTRATION_ROUTES, M.required),
  frequency: z.enum(FREQUENCY_KINDS, M.required),
  /** N of every N hours, days, weeks or months. */
  frequency_every: positiveInt(365)
    .nullish()
    .transform((v) => v ?? null),
  intake_moments: z
    .array(z.enum(INTAKE_MOMENTS))
    .max(INTAKE_MOMENTS.length)
    .refine((v) => new Set(v).size === v.length, M.momentRepeated)
    .default([]),
  duration: z.enum(DURATION_KINDS, M.required),
  /** A periodic duration: the cycle repeats every N units. */
  cycle_every: positiveInt(365)
    .nullish()
    .transform((v) => v ?? null),
  cycle_unit: z
    .enum(CYCLE_UNITS)
    .nullish()
    .transform((v) => v ?? null),
  start_date: isoDate,
  end_date: optionalDate,
  private: z.boolean().default(false),
  prescriber: requiredText(120),
  source: z.enum(THERAPY_SOURCES, M.required),
  side_effects: optionalText(2000),
  allergic_reactions: optionalText(2000),
  interactions: optionalText(2000),
  notes: optionalText(2000),
};

type TherapyShape = {
  frequency: TFrequencyKind;
  frequency_every: number | null;
  intake_moments: TIntakeMoment[];
  duration: TDurationKind;
  cycle_every: number | null;
  cycle_unit: string | null;
  start_date: string;
  end_date: string | null;
};
/** The cross-field rules of spec 001 §5 and issue 11, one issue per field. */
function therapyRules(v: TherapyShape, ctx: z.RefinementCtx) {
  if (FREQUENCY_KINDS_ONE_MOMENT.includes(v.frequency) && v.intake_moments.length > 1) {
    ctx.addIssue({ code: "custom", message: M.oneMoment, path: ["intake_moments"] });
  }
  if (!FREQUENCY_KINDS_UNSCHEDULED.includes(v.frequency) && v.intake_moments.length === 0) {
    ctx.addIssue({ code: "custom", message: M.momentsRequired, path: ["intake_moments"] });
  }
  if (FREQUENCY_KINDS_WITH_EVERY.includes(v.frequency) && v.frequency_every === null) {
    ctx.addIssue({ code: "custom", message: M.everyRequired, path: ["frequency_every"] });
  }
  if (v.frequency === "ogni_n_ore" && v.frequency_every !== null && v.frequency_every > 24) {
    ctx.addIssue({ code: "custom", message: M.everyHoursMax(24), path: ["frequency_every"] });
  }
  if (v.duration === "periodica" && (v.cycle_every === null || v.cycle_unit === null)) {
    ctx.addIssue({ code: "custom", message: M.cycleRequired, path: ["cycle_every"] });
  }
  if (v.duration !== "indeterminata" && v.frequency !== "sempre" && v.end_date === null) {
    ctx.addIssue({ code: "custom", message: M.endRequired, path: ["end_date"] });
  }
  if (v.end_date !== null && v.end_date < v.start_date) {
    ctx.addIssue({ code: "custom", message: M.endBeforeStart, path: ["end_date"] });
  }
}

export const ZTherapyBody = z.object(therapyFields).superRefine(therapyRules);
export type TTherapyBody = z.infer<typeof ZTherapyBody>;
export type TTherapyInput = z.input<typeof ZTherapyBody>;
export const ZTherapyParams = z.object({ hashid: ZHashid });
export const ZTherapyDownloadParams = z.object({ id: ZHashid });

export const ZTherapy = z
  .object({
    hashid: z.string(),
    pathology: z.object({ hashid: z.string(), name: z.string() }).nullable(),
    drug: z.object({ code: z.string().nullable(), name: z.string(), not_listed: z.boolean() }),
    dosage: z.number(),
    dosage_unit: z.enum(DOSAGE_UNITS),
    route: z.enum(ADMINISTRATION_ROUTES),
    frequency: z.enum(FREQUENCY_KINDS),
    frequency_every: z.number().nullable(),
    intake_moments: z.array(z.enum(INTAKE_MOMENTS)),
    /** Times per day: the moments chosen (spec 001 §5). */
    times_per_day: z.number(),
    duration: z.enum(DURATION_KINDS),
    cycle_every: z.number().nullable(),
    cycle_unit: z.enum(CYCLE_UNITS).nullable(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    private: z.boolean(),
    prescriber: z.string(),
    source: z.enum(THERAPY_SOURCES),
    side_effects: z.string().nullable(),
    allergic_reactions: z.string().nullable(),
    interactions: z.string().nullable(),
    notes: z.string().nullable(),
    state: z.enum(THERAPY_STATES),
    adherence: z.enum(ADHERENCE_LEVELS),
    /** Set when an operator overrode the computed index. */
    adherence_override: z.boolean(),
    /** Scheduled and taken intakes over the last 30 days (the computed index's basis). */
    adherence_scheduled: z.number(),
    adherence_taken: z.number(),
    author: ZHealthAuthor,
    editable: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "Therapy" });
export type TTherapy = z.infer<typeof ZTherapy>;
export const ZTherapyResponse = envelope(ZTherapy);
export const ZTherapyListQuery = ZPageQuery.extend({
  patient: ZHashid.optional(),
  /** in_corso: the current therapies (active or suspended); terminata: the history. */
  state: z.enum([...THERAPY_STATES, "in_corso"]).optional(),
});
export type TTherapyListQuery = z.infer<typeof ZTherapyListQuery>;
export const ZTherapyPagedResponse = pagedEnvelope(ZTherapy);

/** Suspend or resume (spec 001 §4, after the user's confirmation). */
export const ZTherapyStateBody = z.object({ state: z.enum(["attiva", "sospesa"]) });

// ---- Intakes and adherence ----------------------------------------------------------------------

export const ZIntakeListQuery = z.object({
  /** First day (Rome); default 6 days before today. */
  from: isoDate.optional(),
  /** Last day (Rome), at most 31 days after `from`; default today. */
  to: isoDate.optional(),
});
export const ZIntake = z
  .object({
    scheduled_at: z.string(),
    moment: z.enum(INTAKE_MOMENTS),
    /** null: not marked yet. */
    taken: z.boolean().nullable(),
  })
  .meta({ id: "TherapyIntake" });
export type TIntake = z.infer<typeof ZIntake>;
export const ZIntakeListResponse = envelope(z.array(ZIntake));
/** The patient or caregiver marks one scheduled intake ('Assunta', or not taken). */
export const ZIntakeMarkBody = z.object({ scheduled_at: z.iso.datetime({ offset: true }), taken: z.boolean() });
export const ZIntakeResponse = envelope(ZIntake);
/** An operator overrides the computed index; null gives it back to the computation. */
export const ZAdherenceOverrideBody = z.object({ adherence: z.enum(ADHERENCE_LEVELS).nullable() });

export const ZWeeklyRecapQuery = z.object({
  user: ZHashid.optional(),
  /** Any day of the week wanted (Rome); default this week. The recap runs Monday to Sunday. */
  week: isoDate.optional(),
});
