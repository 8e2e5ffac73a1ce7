import { z } from "zod";
import { envelope } from "./common.ts";

/** Emergency contacts (spec 001 §3 Emergency contact, §5, screen 6; spec 000 §2.9). */

export const EMERGENCY_CONTACT_TYPES = { 0: "Persona", 1: "Struttura o organizzazione" } as const;
export const EMERGENCY_RELATIONSHIPS = {
  familiare: "Familiare",
  amico: "Amico",
  assistenza: "Assistenza",
  personale_medico: "Personale medico",
  personale_sanitario: "Personale sanitario",
  altro: "Altro",
} as const;
export type EmergencyRelationship = keyof typeof EMERGENCY_RELATIONSHIPS;
export const EMERGENCY_CONTACTS_MAX = 10;

export const EMERGENCY_MESSAGES = {
  created: "Contatto salvato",
  updated: "Contatto aggiornato",
  deleted: "Contatto eliminato",
  tooMany: `Puoi salvare al massimo ${EMERGENCY_CONTACTS_MAX} contatti di emergenza`,
  required: "Campo obbligatorio",
  surnameRequired: "Il cognome è obbligatorio per una persona",
  cap: "Il CAP ha 5 cifre",
  phone: "Il numero di telefono deve avere da 9 a 15 cifre",
  regione: "Regione non valida",
  provincia: "Provincia non valida per la regione scelta",
  comune: "Comune non valido per la provincia scelta",
  /** Spec 000 §2.9: only citizens with a verified e-mail have emergency contacts. */
  emailNotVerified: "I contatti di emergenza sono disponibili dopo aver verificato il tuo indirizzo e-mail",
} as const;

const text = (max: number) => z.string().trim().max(max, `Al massimo ${max} caratteri`);
const required = (max: number) => text(max).min(1, EMERGENCY_MESSAGES.required);

/**
 * A landline of an organisation starts with 0 (06…): unlike a user's own mobile, any 9–15 digits.
 * Spaces typed between groups of digits are dropped.
 */
export const ZEmergencyPhone = z
  .string()
  .transform((v) => v.replace(/\s+/g, ""))
  .refine((v) => /^\d{9,15}$/.test(v), EMERGENCY_MESSAGES.phone);

export const ZEmergencyContactBody = z
  .object({
    type: z.union([z.literal(0), z.literal(1)], "Tipo non valido"),
    name: required(100),
    surname: text(100).nullish(),
    relationship: z.enum(
      Object.keys(EMERGENCY_RELATIONSHIPS) as [EmergencyRelationship, ...EmergencyRelationship[]],
      "Relazione non valida",
    ),
    regione: required(100),
    /** Province sigla (MI). */
    provincia: required(100),
    comune: required(100),
    cap: z
      .string()
      .trim()
      .regex(/^\d{5}$/, EMERGENCY_MESSAGES.cap),
    address: text(200).nullish(),
    tel_number: ZEmergencyPhone,
  })
  .superRefine((body, ctx) => {
    if (body.type === 0 && !body.surname) {
      ctx.addIssue({ code: "custom", path: ["surname"], message: EMERGENCY_MESSAGES.surnameRequired });
    }
  });
export type TEmergencyContactBody = z.infer<typeof ZEmergencyContactBody>;

export const ZEmergencyContact = z
  .object({
    hashid: z.string(),
    user_id: z.string(),
    type: z.union([z.literal(0), z.literal(1)]),
    name: z.string(),
    surname: z.string().nullable(),
    relationship: z.enum(Object.keys(EMERGENCY_RELATIONSHIPS) as [EmergencyRelationship, ...EmergencyRelationship[]]),
    regione: z.string(),
    provincia: z.string(),
    comune: z.string(),
    cap: z.string(),
    address: z.string().nullable(),
    tel_number: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "EmergencyContact" });
export type TEmergencyContact = z.infer<typeof ZEmergencyContact>;

export const ZEmergencyContactResponse = envelope(ZEmergencyContact).extend({ message: z.string().optional() });
export const ZEmergencyContactListResponse = envelope(z.array(ZEmergencyContact));
