import { z } from "zod";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";
import { ZIsoDate } from "./companies.ts";

/**
 * The health file's measurements (issue 11; spec 001 §3 "Measurement", §7 "Health file"; spec 002 §3
 * "Exam/parameter", "Score", "Wearable device"): the parameters catalogue, readings, thresholds
 * (bands), monitoring frequencies, questionnaire scores and devices.
 *
 * Calls on someone else's file name the person with `user_id` (a hashid) in the query or the body;
 * without it the call is on the caller's own file. The `{id}` of `exams/thresholds/{id}`,
 * `exams/frequencies/{id}` (GET, POST), `scores/frequencies/{id}` (GET, POST), `scores/user/{id}` and
 * `wearabledevices/users/{id}` (GET, POST) is the person; on PUT, PATCH and DELETE it is the record.
 */

export const MEASUREMENT_MESSAGES = {
  saved: "Misurazione salvata",
  updated: "Misurazione modificata",
  deleted: "Misurazione eliminata",
  required: "Campo obbligatorio",
  examNotFound: "Parametro non trovato",
  notFound: "Misurazione non trovata",
  future: "La data della misurazione non può essere futura",
  tooOld: "La data della misurazione non può precedere il 1900",
  authorOnly: "Solo chi ha inserito la misurazione può modificarla o eliminarla",
  noAttachment: "La misurazione non ha un allegato",
  attachmentNotFound: "Allegato non trovato: caricalo di nuovo",
  range: "L'intervallo può coprire al massimo 366 giorni",
  rangeOrder: "La data iniziale deve precedere quella finale",
  implausible: (min: number, max: number, unit: string) =>
    `Valore non plausibile: deve essere tra ${min} e ${max}${unit ? ` ${unit}` : ""}`,
  decimals: (decimals: number) =>
    decimals === 0 ? "Il valore deve essere un numero intero" : `Al massimo ${decimals} decimali`,
} as const;

export const THRESHOLD_MESSAGES = {
  saved: "Soglie salvate",
  deleted: "Soglie personalizzate eliminate: valgono quelle predefinite",
  notesSaved: "Note salvate",
  /** Spec 001 §5 "Thresholds": the threshold-note form needs one or both protocol fields. */
  protocolRequired: "Inserire il protocollo diagnostico o operativo",
  count: "Da 1 a 7 fasce per parametro",
  overlap: "Le fasce non possono sovrapporsi",
  order: "Il minimo deve essere minore o uguale al massimo",
  outside: "La fascia deve stare nell'intervallo plausibile del parametro",
  exists: "Esistono già soglie personalizzate per questo parametro: modificale",
  notFound: "Soglie personalizzate non trovate",
} as const;

export const MONITORING_FREQUENCY_MESSAGES = {
  saved: "Frequenza salvata",
  deleted: "Frequenza eliminata",
  suspended: "Frequenza sospesa",
  resumed: "Frequenza riattivata",
  notFound: "Frequenza non trovata",
  every: "Indica un numero da 1 a 365",
  minutes: "In minuti la frequenza minima è ogni 5 minuti",
  exists: "Esiste già una frequenza per questo parametro",
  target: "Indica il parametro",
  scaleTarget: "Indica la scala",
} as const;

export const DEVICE_MESSAGES = {
  assigned: "Dispositivo associato",
  updated: "Dispositivo aggiornato",
  removed: "Dispositivo rimosso",
  notFound: "Dispositivo non trovato",
  productCode: "Indica il codice prodotto (da 3 a 40 lettere, cifre o trattini)",
  taken: "Questo dispositivo è già associato a un paziente",
  examNotSupported: "Il dispositivo non rileva questo parametro",
  synced: (count: number) =>
    count === 0 ? "Nessuna nuova misurazione dal dispositivo" : `Misurazioni importate: ${count}`,
  unreachable: "Il dispositivo non risponde: riprova più tardi",
} as const;

export const SCORE_MESSAGES = {
  notFound: "Punteggio non trovato",
  scaleNotFound: "Scala non trovata",
} as const;

/** Risk of a band: 0 none, 1 low, 2 medium, 3 high, 4 very high (issue 11 "Thresholds"). */
export const RISK_LEVELS = [0, 1, 2, 3, 4] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LABELS: Record<number, string> = {
  0: "nessuno",
  1: "basso",
  2: "medio",
  3: "alto",
  4: "molto alto",
};
export const THRESHOLD_BANDS = { min: 1, max: 7 } as const;

/** Frequency units (issue 11 "Frequencies"): 0 month, 1 week, 2 day, 3 hour, 4 minute. */
export const MONITORING_UNITS = { month: 0, week: 1, day: 2, hour: 3, minute: 4 } as const;
export type MonitoringUnit = (typeof MONITORING_UNITS)[keyof typeof MONITORING_UNITS];
export const MONITORING_FREQUENCY_LIMITS = { everyMin: 1, everyMax: 365, minutesMin: 5 } as const;
/** How far apart a history's dates may be (a year of readings is the chart's widest view). */
export const HISTORY_MAX_DAYS = 366;
export const MEASUREMENT_NOTES_MAX = 1000;

/** The next due time of a frequency: the last reading (or the start) plus every × unit. */
export function nextDue(from: Date, every: number, unit: MonitoringUnit): Date {
  const next = new Date(from.getTime());
  switch (unit) {
    case MONITORING_UNITS.month:
      next.setUTCMonth(next.getUTCMonth() + every);
      break;
    case MONITORING_UNITS.week:
      next.setUTCDate(next.getUTCDate() + 7 * every);
      break;
    case MONITORING_UNITS.day:
      next.setUTCDate(next.getUTCDate() + every);
      break;
    case MONITORING_UNITS.hour:
      next.setTime(next.getTime() + every * 3_600_000);
      break;
    default:
      next.setTime(next.getTime() + every * 60_000);
  }
  return next;
}

// ── bands ────────────────────────────────────────────────────────────────────────────────────────

export const ZBand = z.object({
  min: z.number().finite(),
  max: z.number().finite(),
  risk: z.number().int("Rischio non valido").min(0, "Rischio non valido").max(4, "Rischio non valido"),
});
export type TBand = z.infer<typeof ZBand>;

/** Where the bands break the rules (1 to 7, min ≤ max, no overlap), as field errors keyed by body path. */
export function bandProblems(bands: TBand[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (bands.length < THRESHOLD_BANDS.min || bands.length > THRESHOLD_BANDS.max) {
    errors.bands = [THRESHOLD_MESSAGES.count];
    return errors;
  }
  bands.forEach((band, i) => {
    if (band.min > band.max) errors[`bands.${i}.max`] = [THRESHOLD_MESSAGES.order];
  });
  if (Object.keys(errors).length > 0) return errors;
  const order = bands.map((band, i) => ({ band, i })).sort((a, b) => a.band.min - b.band.min);
  for (let k = 1; k < order.length; k++) {
    const previous = order[k - 1] as (typeof order)[number];
    const current = order[k] as (typeof order)[number];
    // Bounds are inclusive, so touching bands (one's max equal to the next one's min) overlap too.
    if (current.band.min <= previous.band.max) errors[`bands.${current.i}.min`] = [THRESHOLD_MESSAGES.overlap];
  }
  return errors;
}

/** The band a value falls in (bounds inclusive); null when it falls in a gap between bands. */
export function bandOf(bands: readonly TBand[], value: number): TBand | null {
  return bands.find((band) => value >= band.min && value <= band.max) ?? null;
}

const ZBands = z.array(ZBand).superRefine((bands, context) => {
  for (const [path, messages] of Object.entries(bandProblems(bands))) {
    const [, ...rest] = path.split(".");
    for (const message of messages) {
      context.addIssue({ code: "custom", message, path: rest.map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
    }
  }
});

// ── parameters (exams) ───────────────────────────────────────────────────────────────────────────

export const ZExam = z.object({
  hashid: z.string(),
  name: z.string(),
  unit: z.string(),
  decimals: z.number(),
  min: z.number(),
  max: z.number(),
  reference_min: z.number().nullable(),
  reference_max: z.number().nullable(),
  loinc: z.string().nullable(),
});
export type TExam = z.infer<typeof ZExam>;
export const ZExamListResponse = envelope(z.array(ZExam));

// ── measurements ─────────────────────────────────────────────────────────────────────────────────

const ZUserRef = z.object({ user_id: ZHashid.optional() });
const isoInstant = z.iso.datetime({ offset: true, message: "Data e ora non valide" });
const optionalNotes = z
  .string()
  .trim()
  .max(MEASUREMENT_NOTES_MAX, `Al massimo ${MEASUREMENT_NOTES_MAX} caratteri`)
  .nullish()
  .transform((v) => (v ? v : null));

export const ZMeasurementListQuery = ZPageQuery.extend({
  user_id: ZHashid.optional(),
  exam_id: ZHashid.optional(),
});
export type TMeasurementListQuery = z.infer<typeof ZMeasurementListQuery>;

export const ZMeasurementFields = z.object({
  value: z.number({ message: MEASUREMENT_MESSAGES.required }).finite(),
  measured_at: isoInstant,
  private: z.boolean().default(false),
  notes: optionalNotes,
  /** A file uploaded first (`POST resources/public`, encrypted as health content). */
  attachment: ZHashid.nullish(),
});
export const ZMeasurementBody = ZMeasurementFields.extend({
  user_id: ZHashid.optional(),
  exam_id: ZHashid,
});
export type TMeasurementBody = z.infer<typeof ZMeasurementBody>;
export type TMeasurementFields = z.infer<typeof ZMeasurementFields>;

export const MEASUREMENT_SOURCES = ["manuale", "dispositivo"] as const;
export const AUTHOR_KINDS = ["paziente", "operatore", "caregiver"] as const;

export const ZMeasurement = z.object({
  hashid: z.string(),
  exam_id: z.string(),
  exam: z.string(),
  unit: z.string(),
  decimals: z.number(),
  value: z.number(),
  measured_at: z.string(),
  private: z.boolean(),
  notes: z.string().nullable(),
  /** The band the value fell in when saved, and its risk; null in a gap between bands. */
  band: ZBand.nullable(),
  risk: z.number().nullable(),
  source: z.enum(MEASUREMENT_SOURCES),
  author: z.enum(AUTHOR_KINDS),
  /** The caller entered it: only they may change or delete it. */
  mine: z.boolean(),
  attachment: z.object({ hashid: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TMeasurement = z.infer<typeof ZMeasurement>;
export const ZMeasurementResponse = envelope(ZMeasurement).extend({ message: z.string().optional() });
export const ZMeasurementPagedResponse = pagedEnvelope(ZMeasurement);

export const ZMeasurementIdParams = z.object({ id: ZHashid });

/** A real calendar day (2024-02-31 is refused, not rolled over). */
const isoDate = ZIsoDate;
export const ZHistoryQuery = ZUserRef.extend({ from: isoDate.optional(), to: isoDate.optional() });
export type THistoryQuery = z.infer<typeof ZHistoryQuery>;

export const ZHistoryPoint = z.object({
  hashid: z.string(),
  value: z.number(),
  measured_at: z.string(),
  risk: z.number().nullable(),
});
export const ZMeasurementHistory = z.object({
  exam: ZExam,
  from: z.string(),
  to: z.string(),
  /** The bands in effect for the person now (custom, else the parameter's defaults): drawn on the chart. */
  bands: z.array(ZBand),
  custom: z.boolean(),
  points: z.array(ZHistoryPoint),
});
export type TMeasurementHistory = z.infer<typeof ZMeasurementHistory>;
export const ZMeasurementHistoryResponse = envelope(ZMeasurementHistory);

// ── thresholds ───────────────────────────────────────────────────────────────────────────────────

export const ZHealthUserQuery = ZUserRef;
export const ZHealthPersonParams = z.object({ id: ZHashid });

export const ZThresholdSet = z.object({
  exam_id: z.string(),
  exam: z.string(),
  unit: z.string(),
  /** The custom set's hashid (PUT/DELETE exams/thresholds/custom/{id}); null for the defaults. */
  hashid: z.string().nullable(),
  custom: z.boolean(),
  bands: z.array(ZBand),
  diagnostic_protocol: z.string().nullable(),
  operational_protocol: z.string().nullable(),
  notes: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TThresholdSet = z.infer<typeof ZThresholdSet>;
export const ZThresholdListResponse = envelope(z.array(ZThresholdSet));
export const ZThresholdResponse = envelope(ZThresholdSet).extend({ message: z.string() });

export const ZThresholdCreateBody = z.object({ exam_id: ZHashid, bands: ZBands });
export const ZThresholdBandsBody = z.object({ bands: ZBands });
export type TThresholdCreateBody = z.infer<typeof ZThresholdCreateBody>;

const protocolText = z
  .string()
  .trim()
  .max(2000, "Al massimo 2000 caratteri")
  .nullish()
  .transform((v) => (v ? v : null));
export const ZThresholdNotesBody = z
  .object({ diagnostic_protocol: protocolText, operational_protocol: protocolText, notes: protocolText })
  .superRefine((body, context) => {
    if (!body.diagnostic_protocol && !body.operational_protocol) {
      context.addIssue({ code: "custom", message: THRESHOLD_MESSAGES.protocolRequired, path: ["diagnostic_protocol"] });
    }
  });
export type TThresholdNotesBody = z.infer<typeof ZThresholdNotesBody>;

// ── frequencies (exams and scores) ───────────────────────────────────────────────────────────────

const ZFrequencyUnit = z
  .number({ message: "Unità non valida" })
  .int("Unità non valida")
  .min(MONITORING_UNITS.month, "Unità non valida")
  .max(MONITORING_UNITS.minute, "Unità non valida");
const ZEvery = z
  .number({ message: MONITORING_FREQUENCY_MESSAGES.every })
  .int(MONITORING_FREQUENCY_MESSAGES.every)
  .min(MONITORING_FREQUENCY_LIMITS.everyMin, MONITORING_FREQUENCY_MESSAGES.every)
  .max(MONITORING_FREQUENCY_LIMITS.everyMax, MONITORING_FREQUENCY_MESSAGES.every);

function checkMinutes(body: { every: number; unit: number }, context: z.RefinementCtx) {
  if (body.unit === MONITORING_UNITS.minute && body.every < MONITORING_FREQUENCY_LIMITS.minutesMin) {
    context.addIssue({ code: "custom", message: MONITORING_FREQUENCY_MESSAGES.minutes, path: ["every"] });
  }
}

export const ZMonitoringFrequencyFields = z.object({ every: ZEvery, unit: ZFrequencyUnit }).superRefine(checkMinutes);
export const ZExamFrequencyBody = z
  .object({ exam_id: ZHashid, every: ZEvery, unit: ZFrequencyUnit })
  .superRefine(checkMinutes);
export const ZScoreFrequencyBody = z
  .object({ scale_id: ZHashid, every: ZEvery, unit: ZFrequencyUnit })
  .superRefine(checkMinutes);
export const ZMonitoringFrequencyStateBody = z.object({ active: z.boolean() });
export type TMonitoringFrequencyFields = z.infer<typeof ZMonitoringFrequencyFields>;

export const ZMonitoringFrequency = z.object({
  hashid: z.string(),
  /** The parameter's or the scale's hashid and name. */
  target_id: z.string(),
  target: z.string(),
  every: z.number(),
  unit: z.number(),
  active: z.boolean(),
  /** The last reading (or the start) plus the interval; null while suspended. */
  next_due_at: z.string().nullable(),
  created_at: z.string(),
});
export type TMonitoringFrequency = z.infer<typeof ZMonitoringFrequency>;
export const ZMonitoringFrequencyListResponse = envelope(z.array(ZMonitoringFrequency));
export const ZMonitoringFrequencyResponse = envelope(ZMonitoringFrequency).extend({ message: z.string() });

// ── scores ───────────────────────────────────────────────────────────────────────────────────────

export const ZScoreBand = z.object({ min: z.number(), max: z.number(), label: z.string(), risk: z.number() });
export const ZScale = z.object({
  hashid: z.string(),
  code: z.string(),
  name: z.string(),
  min: z.number(),
  max: z.number(),
  bands: z.array(ZScoreBand),
});
export type TScale = z.infer<typeof ZScale>;
export const ZScaleListResponse = envelope(z.array(ZScale));

export const ZScoreResult = z.object({
  hashid: z.string(),
  scale_id: z.string(),
  scale: z.string(),
  value: z.number(),
  label: z.string().nullable(),
  risk: z.number().nullable(),
  taken_at: z.string(),
});
export type TScoreResult = z.infer<typeof ZScoreResult>;
export const ZScoreResultListResponse = envelope(z.array(ZScoreResult));
export const ZScoreDetail = ZScoreResult.extend({
  items: z.array(z.object({ question: z.string(), answer: z.string(), points: z.number() })),
});
export type TScoreDetail = z.infer<typeof ZScoreDetail>;
export const ZScoreDetailResponse = envelope(ZScoreDetail);
export const ZScoreHistoryParams = z.object({ id: ZHashid, scale: ZHashid });
export const ZScoreHistoryResponse = envelope(z.object({ scale: ZScale, points: z.array(ZScoreResult) }));

// ── devices ──────────────────────────────────────────────────────────────────────────────────────

export const ZDeviceModel = z.object({
  hashid: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  exams: z.array(z.object({ hashid: z.string(), name: z.string() })),
});
export type TDeviceModel = z.infer<typeof ZDeviceModel>;
export const ZDeviceModelListResponse = envelope(z.array(ZDeviceModel));

export const ZPatientDevice = z.object({
  hashid: z.string(),
  device_id: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  product_code: z.string(),
  exams: z.array(z.object({ hashid: z.string(), name: z.string(), enabled: z.boolean() })),
  last_sync_at: z.string().nullable(),
  created_at: z.string(),
});
export type TPatientDevice = z.infer<typeof ZPatientDevice>;
export const ZPatientDeviceListResponse = envelope(z.array(ZPatientDevice));
export const ZPatientDeviceResponse = envelope(ZPatientDevice).extend({ message: z.string() });

const productCode = z
  .string({ message: DEVICE_MESSAGES.productCode })
  .trim()
  .regex(/^[A-Za-z0-9-]{3,40}$/, DEVICE_MESSAGES.productCode)
  .transform((v) => v.toUpperCase());
export const ZDeviceAssignBody = z.object({ device_id: ZHashid, product_code: productCode });
export const ZDeviceProductBody = z.object({ product_code: productCode });
export const ZDeviceExamBody = z.object({ exam_id: ZHashid, enabled: z.boolean() });
/** The longest device export accepted at once (about a year of readings every few minutes). */
export const DEVICE_CSV_MAX_CHARS = 1_000_000;
/** The device vendor's CSV export (`loinc;value;measured_at`), imported by an operator. */
export const ZDeviceCsvBody = z.object({ csv: z.string().min(1).max(DEVICE_CSV_MAX_CHARS) });
export type TDeviceAssignBody = z.infer<typeof ZDeviceAssignBody>;
export const ZDeviceSyncResponse = z.object({ data: z.object({ imported: z.number() }), message: z.string() });

// ── own activity ─────────────────────────────────────────────────────────────────────────────────

export const ACTION_LOG_DAYS = 30;
export const ZHealthActionLogResponse = envelope(z.array(z.object({ date: z.string(), count: z.number() })));
