import { z } from "zod";
import { envelope, ZHashid } from "./common.ts";
import { ZUser } from "./identity.ts";

/**
 * Caregivers and the user code (spec 001 §3 caregiver relation, §6 roles, §7 Family and caregivers).
 * A caregiver finds the assisted person by the code the person reads on their account page, invites
 * them, and acts for them once the person approves; the person disables and re-enables the relation
 * and grants the separate 'gestione dati sanitari' consent.
 */

/** 8 characters, no look-alikes (no 0/O, 1/I/L): read aloud or copied from a phone screen. */
export const USER_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const USER_CODE_LENGTH = 8;
/** Wrong codes a user may try in an hour before 429 (guessing someone's code must be hopeless). */
export const USER_CODE_WRONG_LIMIT = 10;
export const USER_CODE_WINDOW_SECONDS = 3600;

export const CAREGIVER_STATUSES = {
  pending: "In attesa di approvazione",
  enabled: "Abilitato",
  disabled: "Disabilitato",
  rejected: "Rifiutato",
} as const;
export type CaregiverStatus = keyof typeof CAREGIVER_STATUSES;

export const CARE_MESSAGES = {
  codeUnknown: "Codice utente non associato a nessun utente",
  codeThrottled: "Troppi codici errati: riprova più tardi",
  codeFormat: "Il codice utente ha 8 caratteri",
  ownCode: "Questo è il tuo codice utente",
  alreadyInvited: "Hai già inviato una richiesta a questa persona",
  invited: "Richiesta inviata",
  approved: "Caregiver abilitato",
  disapproved: "Caregiver disabilitato",
  rejected: "Richiesta rifiutata",
  healthGranted: "Consenso alla gestione dei dati sanitari concesso",
  healthWithdrawn: "Consenso alla gestione dei dati sanitari revocato",
  notPending: "Questa richiesta non può essere cambiata così",
} as const;

export const ZUserCode = z.string().trim().toUpperCase().length(USER_CODE_LENGTH, CARE_MESSAGES.codeFormat);

export const ZOwnCode = z.object({ code: z.string(), expires_at: z.string() }).meta({ id: "UserCode" });
export type TOwnCode = z.infer<typeof ZOwnCode>;
export const ZOwnCodeResponse = envelope(ZOwnCode);

export const ZUserCodeBody = z.object({ code: ZUserCode });
export type TUserCodeBody = z.infer<typeof ZUserCodeBody>;
/** The validation answers the person's name and nothing else. */
export const ZUserCodeValidation = z.object({ name: z.string(), surname: z.string() });
export type TUserCodeValidation = z.infer<typeof ZUserCodeValidation>;
export const ZUserCodeValidationResponse = envelope(ZUserCodeValidation);

/** Approve, disapprove: the relation's hashid. */
export const ZCaregiverActionBody = z.object({ hashid: ZHashid });
export type TCaregiverActionBody = z.infer<typeof ZCaregiverActionBody>;
export const ZCaregiverHealthBody = z.object({ hashid: ZHashid, granted: z.boolean() });
export type TCaregiverHealthBody = z.infer<typeof ZCaregiverHealthBody>;

export const ZCarePerson = z.object({
  hashid: z.string(),
  name: z.string(),
  surname: z.string(),
  profile_pic: z.string().nullable(),
});
export type TCarePerson = z.infer<typeof ZCarePerson>;

export const ZCaregiverRelation = z
  .object({
    hashid: z.string(),
    status: z.enum(Object.keys(CAREGIVER_STATUSES) as [CaregiverStatus, ...CaregiverStatus[]]),
    health_data: z.boolean(),
    caregiver: ZCarePerson,
    assisted: ZCarePerson,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "CaregiverRelation" });
export type TCaregiverRelation = z.infer<typeof ZCaregiverRelation>;

export const ZCaregiverRelationResponse = envelope(ZCaregiverRelation).extend({ message: z.string().optional() });
export const ZCaregiverRelationListResponse = envelope(z.array(ZCaregiverRelation));
/** `caregivers/own`: both directions, those who care for me and those I care for. */
export const ZOwnCaregiversResponse = envelope(
  z.object({ caregivers: z.array(ZCaregiverRelation), assisted: z.array(ZCaregiverRelation) }),
);
export type TOwnCaregivers = z.infer<typeof ZOwnCaregiversResponse>["data"];

/**
 * `GET users/{id}` for someone who is not the person nor an administrator (an operator of the
 * person's company, an enabled caregiver): name, picture and contacts only.
 */
export const ZUserCard = z
  .object({
    hashid: z.string(),
    name: z.string(),
    surname: z.string(),
    profile_pic: z.string().nullable(),
    email: z.string().nullable(),
    prefix: z.string().nullable(),
    tel_number: z.string().nullable(),
  })
  .meta({ id: "UserCard" });
export type TUserCard = z.infer<typeof ZUserCard>;

/**
 * `GET users/{id}` answers either the whole user (oneself, an administrator) or the card: one object
 * whose fields are all optional, rather than a union, so the fast serialiser never has to guess.
 */
export const ZUserOrCardResponse = envelope(
  ZUser.partial().extend(ZUserCard.partial().shape).meta({ id: "UserOrCard" }),
);
