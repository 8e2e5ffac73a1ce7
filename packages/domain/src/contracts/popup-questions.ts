import { z } from "zod";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/**
 * Popup questions (spec 001 §2 "Citizen popup-question modal", §3 Citizen popup question and Popup
 * answer, §4 "shown one by one", §7 Citizen shell helpers, §8 thanks and error): administrators
 * write them (issue 12 settings page, `admin/popup-questions`); citizens answer each active one once.
 * The spec carries the options as one comma-separated string and the answer as the chosen options
 * joined by commas, so an option never holds a comma.
 */

export const POPUP_QUESTION_MESSAGES = {
  titleRequired: "Indica il titolo della domanda",
  titleTooLong: "Il titolo può contenere al massimo 200 caratteri",
  descriptionTooLong: "La descrizione può contenere al massimo 2000 caratteri",
  optionRequired: "Scrivi il testo dell'opzione",
  optionTooLong: "Un'opzione può contenere al massimo 100 caratteri",
  optionComma: "Un'opzione non può contenere virgole",
  optionsTooFew: "Indica almeno due opzioni",
  optionsTooMany: "Indica al massimo venti opzioni",
  optionsDuplicate: "Le opzioni devono essere diverse tra loro",
  dateInvalid: "Data non valida (AAAA-MM-GG)",
  dateOrder: "La data finale non può precedere quella iniziale",
  responseRequired: "Scegli una risposta",
  responseNotAnOption: "La risposta deve essere una delle opzioni della domanda",
  responseSingle: "Questa domanda ammette una sola risposta",
  responseDuplicate: "Ogni opzione si può scegliere una volta sola",
  notFound: "Domanda non trovata o non più attiva",
  alreadyAnswered: "Hai già risposto a questa domanda",
  thanks: "Grazie per la tua risposta",
  saved: "Domanda salvata",
  removed: "Domanda eliminata",
} as const;

export const POPUP_QUESTION_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  optionMax: 100,
  optionsMin: 2,
  optionsMax: 20,
  /** The unanswered questions a citizen is shown at most at once (oldest first). */
  unansweredMax: 50,
} as const;

/** The separator of the spec's options string and answer string. */
export const POPUP_OPTION_SEPARATOR = ",";

/** The chosen options of an answer string ("Sì, No" → ["Sì", "No"]); blanks dropped. */
export function splitPopupResponse(response: string): string[] {
  return response
    .split(POPUP_OPTION_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Citizen calls (spec 001 §7)

/** `GET users/popup/questions/unanswered`: one active question the citizen has not answered. */
export const ZPopupQuestion = z
  .object({
    ref: z.string(),
    title: z.string(),
    description: z.string(),
    /** The options joined by commas (spec 001 §3). */
    options: z.string(),
    /** Multiple choice: the answer may join several options; else exactly one. */
    multiple: z.boolean(),
  })
  .meta({ id: "PopupQuestion" });
export type TPopupQuestion = z.infer<typeof ZPopupQuestion>;
export const ZPopupQuestionsResponse = envelope(z.array(ZPopupQuestion));

/** `POST users/popup/questions` `{ ref, response }`: response is the chosen options joined by commas. */
export const ZPopupAnswerBody = z.object({
  ref: ZHashid,
  response: z
    .string({ error: POPUP_QUESTION_MESSAGES.responseRequired })
    .trim()
    .min(1, POPUP_QUESTION_MESSAGES.responseRequired)
    .max(POPUP_QUESTION_LIMITS.optionMax * POPUP_QUESTION_LIMITS.optionsMax + 100),
});
export type TPopupAnswerBody = z.infer<typeof ZPopupAnswerBody>;

export const ZPopupAnswer = z
  .object({
    ref: z.string(),
    /** The chosen options joined by commas (spec 001 §3 Popup answer). */
    response: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "PopupAnswer" });
export type TPopupAnswer = z.infer<typeof ZPopupAnswer>;
export const ZPopupAnswerResponse = envelope(ZPopupAnswer).extend({ message: z.string() });

/** `GET users/popup/answers?ref=`: the citizen's own answers, to one question (ref) or to all, newest first. */
export const ZPopupAnswersQuery = ZPageQuery.extend({ ref: ZHashid.optional() });
export const ZPopupAnswersResponse = pagedEnvelope(ZPopupAnswer);

// ---------------------------------------------------------------------------------------------
// Administrator calls (issue 12 settings page; not in the spec)

const ZDay = z.iso.date({ error: POPUP_QUESTION_MESSAGES.dateInvalid });

const ZOption = z
  .string({ error: POPUP_QUESTION_MESSAGES.optionRequired })
  .trim()
  .min(1, POPUP_QUESTION_MESSAGES.optionRequired)
  .max(POPUP_QUESTION_LIMITS.optionMax, POPUP_QUESTION_MESSAGES.optionTooLong)
  .refine((option) => !option.includes(POPUP_OPTION_SEPARATOR), POPUP_QUESTION_MESSAGES.optionComma);

/** `POST admin/popup-questions` and `PUT admin/popup-questions/{id}` (the whole question). */
export const ZPopupQuestionBody = z
  .object({
    title: z
      .string({ error: POPUP_QUESTION_MESSAGES.titleRequired })
      .trim()
      .min(1, POPUP_QUESTION_MESSAGES.titleRequired)
      .max(POPUP_QUESTION_LIMITS.titleMax, POPUP_QUESTION_MESSAGES.titleTooLong),
    description: z
      .string()
      .trim()
      .max(POPUP_QUESTION_LIMITS.descriptionMax, POPUP_QUESTION_MESSAGES.descriptionTooLong)
      .default(""),
    options: z
      .array(ZOption, { error: POPUP_QUESTION_MESSAGES.optionsTooFew })
      .min(POPUP_QUESTION_LIMITS.optionsMin, POPUP_QUESTION_MESSAGES.optionsTooFew)
      .max(POPUP_QUESTION_LIMITS.optionsMax, POPUP_QUESTION_MESSAGES.optionsTooMany),
    multiple: z.boolean().default(false),
    /** First and last day (Europe/Rome, both included) the question is shown. */
    active_from: ZDay,
    active_to: ZDay,
    active: z.boolean().default(true),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.options.forEach((option, index) => {
      const key = option.toLocaleLowerCase("it");
      if (seen.has(key))
        context.addIssue({
          code: "custom",
          path: ["options", index],
          message: POPUP_QUESTION_MESSAGES.optionsDuplicate,
        });
      seen.add(key);
    });
    if (body.active_to < body.active_from)
      context.addIssue({ code: "custom", path: ["active_to"], message: POPUP_QUESTION_MESSAGES.dateOrder });
  });
export type TPopupQuestionBody = z.input<typeof ZPopupQuestionBody>;

export const ZAdminPopupQuestion = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    options: z.array(z.string()),
    multiple: z.boolean(),
    active_from: z.string(),
    active_to: z.string(),
    active: z.boolean(),
    /** Shown to citizens today: active and within its period. */
    live: z.boolean(),
    answers: z.number(),
    created_at: z.string(),
  })
  .meta({ id: "AdminPopupQuestion" });
export type TAdminPopupQuestion = z.infer<typeof ZAdminPopupQuestion>;

/** `GET admin/popup-questions?q=`: q finds questions by a part of the title. */
export const ZAdminPopupQuestionsQuery = ZPageQuery.extend({ q: z.string().trim().max(100).optional() });
export const ZAdminPopupQuestionsResponse = pagedEnvelope(ZAdminPopupQuestion);
export const ZAdminPopupQuestionResponse = envelope(ZAdminPopupQuestion).extend({ message: z.string() });
export const ZPopupQuestionIdParams = z.object({ id: ZHashid });
