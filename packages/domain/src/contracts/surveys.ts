import { z } from "zod";
import { ZSurveyAnswer, ZSurveyTemplate } from "../surveys/template.ts";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";
import { ZIsoDate } from "./companies.ts";

/**
 * Screening activities (raccolte), surveys (questionari) and their fills (spec 002 §3 Activity,
 * Survey, Survey question, Filled survey; §7 "Screening activities and surveys"; spec 001 §5 Survey;
 * issue 13). The template itself is surveys/template.ts.
 */

export const SURVEY_MESSAGES = {
  nameRequired: "Indica il nome",
  tooLong: (max: number) => `Al massimo ${max} caratteri`,
  endBeforeStart: "La data di fine non può precedere la data di inizio",
  notEnabled: "Servizio non abilitato",
  activityNotEnabled: "Abilita prima la raccolta per questa azienda",
  companyUnknown: "Azienda non trovata",
  activityClosed: "La raccolta non è attiva",
  surveyInactive: "Il questionario non è attivo",
  hasFills: "Impossibile eliminare: esistono compilazioni",
  fileNotYours: "File non trovato tra i tuoi caricamenti",
  fileType: "Tipo di file non ammesso per questa domanda",
  fileRepeated: "Lo stesso file è allegato due volte",
  patientUnknown: "Paziente non trovato",
  activityDeleted: "Raccolta eliminata",
  fillDeleted: "Compilazione eliminata",
  fillInSession: "Questo questionario fa parte di una sessione di compilazione: non si può modificare né eliminare",
  saved: "Dati salvati",
  dailyLimit: "Hai già compilato questo questionario oggi: potrai compilarlo di nuovo domani",
  draftDeleted: "Bozza eliminata",
  draftIndex: "La domanda indicata non è nel questionario",
} as const;
const M = SURVEY_MESSAGES;

/** An activity's status (set by its managers and by administrators): only an active one takes fills. */
export const ACTIVITY_STATUSES = ["attiva", "sospesa", "conclusa"] as const;
export type TActivityStatus = (typeof ACTIVITY_STATUSES)[number];
/** A survey's status set by administrators, beside the active flag its managers switch. */
export const SURVEY_STATUSES = ["attivo", "sospeso"] as const;
export type TSurveyStatus = (typeof SURVEY_STATUSES)[number];

const name = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, M.tooLong(200));
const description = z.string().trim().max(5000, M.tooLong(5000)).nullable().optional();

// ---- Activities -------------------------------------------------------------------------------

const activityFields = {
  name,
  description,
  start_date: ZIsoDate.nullable().optional(),
  end_date: ZIsoDate.nullable().optional(),
};
const datesInOrder = (body: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (body.start_date && body.end_date && body.end_date < body.start_date)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: M.endBeforeStart });
};

/** `POST activities`, `PUT activities/{hash}`. */
export const ZActivityBody = z.object(activityFields).superRefine(datesInOrder);
export type TActivityBody = z.infer<typeof ZActivityBody>;

export const ZActivityStatusBody = z.object({ status: z.enum(ACTIVITY_STATUSES) });
export const ZSurveyStatusBody = z.object({ status: z.enum(SURVEY_STATUSES) });
/** `POST activities/enable/{hash}`, `POST activities/surveys/enable/{hash}` (administrators). */
export const ZEnableBody = z.object({ company_id: ZHashid, enabled: z.boolean() });

export const ZActivity = z
  .object({
    hashid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    status: z.enum(ACTIVITY_STATUSES),
    /** The company that owns it; null for the platform's own (created by an administrator). */
    company: z.object({ hashid: z.string(), name: z.string() }).nullable(),
    surveys_count: z.number(),
    created_at: z.string(),
  })
  .meta({ id: "Activity" });
export type TActivity = z.infer<typeof ZActivity>;

export const ZActivityListQuery = ZPageQuery.extend({ q: z.string().trim().max(100).optional() });
export const ZActivityResponse = envelope(ZActivity);
export const ZActivityPagedResponse = pagedEnvelope(ZActivity);

/** `GET activities/abilitate/list/{hash}`: the companies an activity is enabled (or disabled) for. */
export const ZEnablement = z.object({
  company: z.object({ hashid: z.string(), name: z.string() }),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export const ZEnablementPagedResponse = pagedEnvelope(ZEnablement);

// ---- Surveys ----------------------------------------------------------------------------------

/** `POST activities/surveys/new`. */
export const ZSurveyCreateBody = z.object({
  activity: ZHashid,
  name,
  description,
  /** The privacy notice (informativa) shown before the survey; the template's `info` is its consent text. */
  informativa: z.string().trim().max(20_000, M.tooLong(20_000)).nullable().optional(),
  template: ZSurveyTemplate,
  active: z.boolean().default(true),
});
/** `PUT activities/surveys/edit/{hash}`: the survey's fields; a new template is a new version. */
export const ZSurveyEditBody = ZSurveyCreateBody.omit({ activity: true, active: true });
export const ZSurveyActiveBody = z.object({ active: z.boolean() });

export const ZSurveySummary = z
  .object({
    hashid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    activity: z.object({ hashid: z.string(), name: z.string() }),
    active: z.boolean(),
    status: z.enum(SURVEY_STATUSES),
    version: z.number(),
    questions_count: z.number(),
    updated_at: z.string(),
  })
  .meta({ id: "SurveySummary" });
export type TSurveySummary = z.infer<typeof ZSurveySummary>;

export const ZSurvey = ZSurveySummary.extend({
  informativa: z.string().nullable(),
  template: ZSurveyTemplate,
}).meta({ id: "Survey" });
export type TSurvey = z.infer<typeof ZSurvey>;

export const ZSurveyListQuery = ZPageQuery.extend({ activity: ZHashid.optional() });
export const ZSurveyResponse = envelope(ZSurvey);
export const ZSurveyPagedResponse = pagedEnvelope(ZSurveySummary);
export const ZInformativaResponse = envelope(
  z.object({ hashid: z.string(), name: z.string(), informativa: z.string().nullable(), info: z.string().nullable() }),
);

/** `GET companies/own/activities/with-surveys`: the company's activities, each with its surveys. */
export const ZActivityWithSurveys = ZActivity.extend({ surveys: z.array(ZSurveySummary) });
export const ZActivityWithSurveysPagedResponse = pagedEnvelope(ZActivityWithSurveys);

// ---- Fills ------------------------------------------------------------------------------------

const answers = z.array(ZSurveyAnswer).max(200);

/** `POST activities/surveys/filled/new` (the citizen, for themselves). */
export const ZFillBody = z.object({
  survey: ZHashid,
  /** One answer per question of the template, in order (null: not answered). */
  answers,
  /**
   * A compilation of an in-clear survey session of the citizen's (its hashid, as
   * `users/own/filled-survey-sessions` lists it): the fill is then that compilation's next survey,
   * in the session's order, and is recorded in it.
   */
  session_id: ZHashid.nullable().optional(),
});
export type TFillBody = z.infer<typeof ZFillBody>;
/** `POST activities/surveys/filled/patient` (an operator, for a patient of the company). */
export const ZPatientFillBody = ZFillBody.omit({ session_id: true }).extend({ user: ZHashid });
/** `PUT activities/surveys/filled/{id}`: new answers to the template the fill answered. */
export const ZFillUpdateBody = z.object({ answers });

export const ZFillSummary = z
  .object({
    hashid: z.string(),
    survey: z.object({ hashid: z.string(), name: z.string() }),
    /**
     * The person the fill is about; `name` "Cognome Nome", null for an account without a personal
     * record. Null for a fill of an anonymous or pseudonymous survey session: it is about no one the
     * platform knows (`filled_by` is the operator who administered it).
     */
    user: z.object({ hashid: z.string(), name: z.string().nullable() }).nullable(),
    /** Who wrote it (the person, or the operator who administered it). */
    filled_by: z.object({ hashid: z.string(), name: z.string().nullable() }).nullable(),
    company: z.object({ hashid: z.string(), name: z.string() }).nullable(),
    /** The reservation it was saved on, if any (its company's operators read it there). */
    reservation: z.object({ hashid: z.string() }).nullable(),
    /**
     * The survey session's compilation it belongs to, if any, with the compilation's pseudonym (a
     * pseudonymous session's; null for the other types).
     */
    session: z.object({ hashid: z.string(), pseudonym: z.string().nullable() }).nullable(),
    score: z.number().nullable(),
    score_band: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "FilledSurveySummary" });
export type TFillSummary = z.infer<typeof ZFillSummary>;

/** A fill with the template it answered (the answers in each question's `a`), as the spec's Filled survey. */
export const ZFill = ZFillSummary.extend({ template: ZSurveyTemplate }).meta({ id: "FilledSurvey" });
export type TFill = z.infer<typeof ZFill>;

export const ZFillResponse = envelope(ZFill);

// ---- Drafts: save and resume (issue 13 "Beyond the spec") --------------------------------------

/** Days a draft is kept after its last save; an older one is gone (filtered on read, removed nightly). */
export const SURVEY_DRAFT_DAYS = 30;

/**
 * `PUT activities/surveys/draft/{id}`: the answers so far (one per question, null where none yet) and
 * the question the filler goes to. Checked loosely: required answers may be missing, but what is
 * there must fit its question.
 */
export const ZSurveyDraftBody = z.object({
  answers,
  next_index: z.number().int().min(0).max(199),
});
export type TSurveyDraftBody = z.infer<typeof ZSurveyDraftBody>;

export const ZSurveyDraft = z
  .object({
    survey: z.object({ hashid: z.string() }),
    answers: z.array(ZSurveyAnswer),
    next_index: z.number(),
    updated_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: "SurveyDraft" });
export type TSurveyDraft = z.infer<typeof ZSurveyDraft>;
/** `GET activities/surveys/draft/{id}`: the person's open draft of the survey, or null. */
export const ZSurveyDraftResponse = envelope(ZSurveyDraft.nullable());
export const ZFillPagedResponse = pagedEnvelope(ZFillSummary);

// ---- Services, reservations, suspended surveys (issue 13) -------------------------------------

export const SURVEY_LINK_MESSAGES = {
  notAttached: "Il questionario non è collegato alla prestazione prenotata",
  alreadyFilled: "Questionario già compilato",
  reservationFilled: "Questionario già compilato per questa prenotazione",
  notAslAppointment: "La prenotazione non è un appuntamento ASL",
  aslAppointmentClosed: "L'appuntamento è annullato o rifiutato: non si possono compilare questionari",
} as const;

/**
 * `GET companies/connessa/surveys/{x}`: the surveys a company attached to its health services, for
 * the booking wizard (open surveys only), optionally of one service.
 */
export const ZConnectedSurveysQuery = ZPageQuery.extend({ service: ZHashid.optional() });
export const ZConnectedSurvey = z
  .object({
    health_service: z.object({ hashid: z.string(), name: z.string() }),
    mandatory: z.boolean(),
    survey: ZSurvey,
  })
  .meta({ id: "ConnectedSurvey" });
export type TConnectedSurvey = z.infer<typeof ZConnectedSurvey>;
export const ZConnectedSurveyPagedResponse = pagedEnvelope(ZConnectedSurvey);

/** `POST reservations/survey/filled/new`: the citizen's fill of the survey attached to a reservation's service. */
export const ZReservationFillBody = z.object({ reservation: ZHashid, survey: ZHashid, answers });
/**
 * `POST activities/surveys/filled/asl/new`: an operator of the company fills a survey enabled for it
 * on one of its ASL appointments (a booking of its agenda/ASL service, ref 5), for the booking's patient.
 */
export const ZAslFillBody = z.object({ reservation: ZHashid, survey: ZHashid, answers });

/** A suspended (mandatory) survey of a teleconsult request (spec 001 §3 Suspended survey). */
export const ZSuspendedSurvey = z
  .object({
    hashid: z.string(),
    reservation: z.object({ hashid: z.string() }),
    survey: ZSurvey.extend({ info: z.string().nullable() }),
    created_at: z.string(),
  })
  .meta({ id: "SuspendedSurvey" });
export type TSuspendedSurvey = z.infer<typeof ZSuspendedSurvey>;
export const ZSuspendedSurveyResponse = envelope(ZSuspendedSurvey);
/**
 * `POST activities/survey/suspended/filled`: `response` the answers, one per question in order (the
 * spec's client sent the template with its answers as a JSON string; here the answers, as everywhere).
 */
export const ZSuspendedFillBody = z.object({ suspended: ZHashid, response: answers });

// ---- Activity reports (administrators; a manager their company's fills) -----------------------

const reportFilterFields = {
  date_from: ZIsoDate.optional(),
  date_to: ZIsoDate.optional(),
  /** A company's fills only (administrators). */
  company: ZHashid.optional(),
};
const reportDatesInOrder = (body: { date_from?: string; date_to?: string }, ctx: z.RefinementCtx) => {
  if (body.date_from && body.date_to && body.date_to < body.date_from)
    ctx.addIssue({ code: "custom", path: ["date_to"], message: M.endBeforeStart });
};
/** `GET activities/surveys/filled/activity/{hash}`: an activity's fills, paged, with the report's filters. */
export const ZActivityFillsQuery = ZPageQuery.extend(reportFilterFields).superRefine(reportDatesInOrder);
/** `POST activities/report/filled/xls/{hash}`: the activity's XLS with filters. */
export const ZReportFilterBody = z.object(reportFilterFields).superRefine(reportDatesInOrder);
export type TReportFilter = z.infer<typeof ZReportFilterBody>;
