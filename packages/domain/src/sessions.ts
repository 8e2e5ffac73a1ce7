import { z } from "zod";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./contracts/common.ts";
import { OPERATOR_ROLES } from "./contracts/companies.ts";
import { ZSurveyAnswer } from "./surveys/template.ts";

/**
 * Survey sessions and their compilations (spec 002 §3 Survey session, Filled survey session, Session
 * payloads; §4–§6, §8; issue 13 "Survey sessions"). A session is an ordered list of surveys that an
 * operator of an allowed role administers to a patient, one compilation per patient; a compilation's
 * fills are ordinary survey fills.
 */

export const SESSION_MESSAGES = {
  notAllowed: "Operazione non consentita",
  hasCompilations: "Impossibile eliminare: esiste almeno una compilazione per questa sessione",
  roleMissing: "Permesso somministrazione mancante",
  taxCodeRequired: "Per le sessioni in chiaro è richiesto il Codice Fiscale del paziente",
  phoneRequired: "Per le sessioni in chiaro il paziente deve avere un numero di telefono verificato",
  pseudonymRequired: "Indica lo pseudonimo del paziente",
  pseudonymTaken: "Pseudonimo già usato in questa sessione",
  patientRequired: "Indica il paziente",
  patientUnknown: "Paziente non trovato",
  notEnabled: "Servizio non abilitato",
  nameRequired: "Indica il nome",
  surveysRequired: "Aggiungi almeno un questionario",
  surveyRepeated: "Lo stesso questionario è presente due volte",
  surveyUnknown: "Questionario non trovato",
  rolesRequired: "Indica almeno un ruolo",
  daysToSign: "Da 1 a 15 giorni",
  notPermutation: "L'ordine deve contenere tutti e soli i questionari della sessione",
  statusChange: "Cambio di stato non consentito",
  sessionClosed: "La sessione non accetta nuove compilazioni",
  compilationClosed: "La compilazione è chiusa",
  wrongSurvey: "Questo non è il prossimo questionario della sessione",
  surveyNotInSession: "Il questionario non fa parte di questa sessione",
  fillOrAnswers: "Indica la compilazione oppure le risposte",
  fillUnknown: "Compilazione del questionario non trovata",
  notCompleted: "La compilazione non è completata",
  alreadySigned: "Compilazione già firmata",
  companyUnknown: "Azienda non trovata",
  deleted: "Sessione eliminata",
  compilationDeleted: "Compilazione eliminata",
  signWarningTitle: "Compilazione da firmare",
  signWarningBody: (session: string) =>
    `La compilazione della sessione «${session}» non è ancora firmata: domani sarà eliminata.`,
} as const;
const M = SESSION_MESSAGES;

/** anonima: no patient, no IP; pseudonimizzata: a pseudonym unique in the session; in_chiaro: a patient. */
export const SESSION_TYPES = ["anonima", "pseudonimizzata", "in_chiaro"] as const;
export type TSessionType = (typeof SESSION_TYPES)[number];
/** in_attesa → in_corso (first start) → completata (closed by the operator); in_attesa|in_corso → annullata. */
export const SESSION_STATUSES = ["in_attesa", "in_corso", "completata", "annullata"] as const;
export type TSessionStatus = (typeof SESSION_STATUSES)[number];
/** avviata → in_corso (first survey submitted) → completata (last one); or abbandonata (24 h idle, or the operator). */
export const COMPILATION_STATUSES = ["avviata", "in_corso", "completata", "abbandonata"] as const;
export type TCompilationStatus = (typeof COMPILATION_STATUSES)[number];

export const SESSION_DAYS_TO_SIGN = { min: 1, max: 15, default: 3 } as const;
/** A compilation with no submitted survey for this long is abandoned. */
export const COMPILATION_IDLE_HOURS = 24;

/** The statuses an operator may set (`PUT survey-sessions/{id}` `status`), and from which. */
export const SESSION_TRANSITIONS: Record<TSessionStatus, readonly TSessionStatus[]> = {
  in_attesa: ["annullata"],
  in_corso: ["completata", "annullata"],
  completata: [],
  annullata: [],
};

const surveyList = z.array(ZHashid).max(50);
const uniqueHashids = (list: string[], ctx: z.RefinementCtx, path: string) => {
  if (new Set(list).size !== list.length) ctx.addIssue({ code: "custom", path: [path], message: M.surveyRepeated });
};

const sessionFields = {
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200),
  description: z.string().trim().max(5000).nullable().optional(),
  type: z.enum(SESSION_TYPES),
  allowed_roles: z
    .array(z.enum(OPERATOR_ROLES))
    .min(1, M.rolesRequired)
    .max(OPERATOR_ROLES.length)
    .transform((roles) => [...new Set(roles)]),
  signature_required: z.boolean().default(false),
  days_to_sign: z
    .number({ error: M.daysToSign })
    .int(M.daysToSign)
    .min(SESSION_DAYS_TO_SIGN.min, M.daysToSign)
    .max(SESSION_DAYS_TO_SIGN.max, M.daysToSign)
    .default(SESSION_DAYS_TO_SIGN.default),
};

/** `POST survey-sessions`: the surveys in the order they are administered, at least one. */
export const ZSessionCreateBody = z
  .object({ ...sessionFields, surveys: surveyList.min(1, M.surveysRequired) })
  .superRefine((body, ctx) => uniqueHashids(body.surveys, ctx, "surveys"));
export type TSessionCreateBody = z.infer<typeof ZSessionCreateBody>;

/** `PUT survey-sessions/{id}`: the fields, and optionally a status (completata, annullata). */
export const ZSessionUpdateBody = z.object({ ...sessionFields, status: z.enum(SESSION_STATUSES).optional() });
export type TSessionUpdateBody = z.infer<typeof ZSessionUpdateBody>;

/** `POST survey-sessions/{id}/add-survey`: appended in this order. */
export const ZSessionAddSurveyBody = z
  .object({ surveys: surveyList.min(1, M.surveysRequired) })
  .superRefine((body, ctx) => uniqueHashids(body.surveys, ctx, "surveys"));
/** `PUT survey-sessions/{id}/reorder`: every survey of the session once, in the new order. */
export const ZSessionReorderBody = z.object({ ordered_items: surveyList.min(1, M.notPermutation) });

/** `POST survey-sessions/enable/{hash}` (administrators): as for activities. */
export const ZSessionEnableBody = z.object({ company_id: ZHashid, enabled: z.boolean() });

export const ZSessionListQuery = ZPageQuery.extend({
  status: z.enum(SESSION_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
});

const ref = z.object({ hashid: z.string(), name: z.string() });

export const ZSurveySession = z
  .object({
    hashid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(SESSION_TYPES),
    status: z.enum(SESSION_STATUSES),
    allowed_roles: z.array(z.string()),
    signature_required: z.boolean(),
    days_to_sign: z.number(),
    /** The surveys in order (the spec's ordered_items). */
    surveys: z.array(ref),
    /** The company that owns it; null for the platform's (an administrator's). */
    company: ref.nullable(),
    creator: z.object({ hashid: z.string() }).nullable(),
    compilations_count: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "SurveySession" });
export type TSurveySession = z.infer<typeof ZSurveySession>;
export const ZSurveySessionResponse = envelope(ZSurveySession);
export const ZSurveySessionPagedResponse = pagedEnvelope(ZSurveySession);

export const ZSessionEnablement = z.object({ company: ref, enabled: z.boolean(), updated_at: z.string() });
export const ZSessionEnablementPagedResponse = pagedEnvelope(ZSessionEnablement);

// ---- Compilations (filled survey sessions) -----------------------------------------------------

/**
 * `POST companies/own/filled-survey-sessions/start` and `POST filled-survey-sessions`: an in-clear
 * session names the patient (`user`), a pseudonymous one the pseudonym; an anonymous one nothing.
 */
export const ZCompilationStartBody = z.object({
  survey_session_id: ZHashid,
  user: ZHashid.optional(),
  pseudonym: z.string().trim().min(1, M.pseudonymRequired).max(100).optional(),
});
export type TCompilationStartBody = z.infer<typeof ZCompilationStartBody>;

/**
 * `POST filled-survey-sessions/{id}/submit-survey`: the next survey in order, either a fill already
 * saved (`filled_survey_id`) or its answers (saved as an ordinary fill of the compilation).
 */
export const ZSubmitSurveyBody = z
  .object({
    survey_id: ZHashid,
    filled_survey_id: ZHashid.optional(),
    answers: z.array(ZSurveyAnswer).max(200).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.filled_survey_id === undefined) === (body.answers === undefined))
      ctx.addIssue({ code: "custom", path: ["filled_survey_id"], message: M.fillOrAnswers });
  });
export type TSubmitSurveyBody = z.infer<typeof ZSubmitSurveyBody>;

/** `PUT filled-survey-sessions/{id}`: the operator signs a completed compilation, or abandons an open one. */
export const ZCompilationUpdateBody = z.object({ action: z.enum(["sign", "abandon"]) });

export const ZCompilationListQuery = ZPageQuery.extend({
  session: ZHashid.optional(),
  status: z.enum(COMPILATION_STATUSES).optional(),
});

export const ZCompilationProgress = z.object({
  submitted: z.number(),
  total: z.number(),
  /** submitted / total, 0 to 1. */
  progress: z.number(),
  /** The survey to administer next; null when every one is submitted. */
  next_survey: ref.nullable(),
});
export type TCompilationProgress = z.infer<typeof ZCompilationProgress>;

export const ZCompilation = z
  .object({
    hashid: z.string(),
    session: z.object({ hashid: z.string(), name: z.string(), type: z.enum(SESSION_TYPES) }),
    /** The patient (in-clear sessions only). */
    patient: z.object({ hashid: z.string(), name: z.string().nullable() }).nullable(),
    pseudonym: z.string().nullable(),
    status: z.enum(COMPILATION_STATUSES),
    operator: z.object({ hashid: z.string() }).nullable(),
    started_at: z.string(),
    completed_at: z.string().nullable(),
    /** The sum of the fills' scores, when any has one. */
    score: z.number().nullable(),
    signature_required: z.boolean(),
    signed_at: z.string().nullable(),
    /** When an unsigned completed compilation is deleted (signature required only). */
    sign_by: z.string().nullable(),
    progress: ZCompilationProgress,
    /** The submitted fills in order. */
    fills: z.array(
      z.object({
        survey: ref,
        filled_survey: z.object({ hashid: z.string() }),
        score: z.number().nullable(),
        score_band: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "FilledSurveySession" });
export type TCompilation = z.infer<typeof ZCompilation>;
export const ZCompilationResponse = envelope(ZCompilation);
export const ZCompilationPagedResponse = pagedEnvelope(ZCompilation);
export const ZCompilationProgressResponse = envelope(ZCompilationProgress);
