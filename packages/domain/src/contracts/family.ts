import { z } from "zod";
import { isValidTaxCode, normalizeTaxCode, TAX_CODE_MESSAGE } from "../validation/tax-code.ts";
import { envelope } from "./common.ts";

/** Family members (spec 001 §3 Family member; §7 `GET/POST familymembers`, `PUT familymembers/{hashid}`). */

export const FAMILY_AGE_BANDS = { pediatrico: "Pediatrico", adulto: "Adulto", anziano: "Anziano" } as const;
export type FamilyAgeBand = keyof typeof FAMILY_AGE_BANDS;

export const FAMILY_RELATIONSHIPS = {
  figlio: "Figlio/a",
  genitore: "Genitore",
  coniuge: "Coniuge",
  convivente: "Convivente/partner",
  nipote: "Nipote",
  altro_parente: "Altro parente",
  altro_non_parente: "Altro non parente",
} as const;
export type FamilyRelationship = keyof typeof FAMILY_RELATIONSHIPS;

export const FAMILY_GENDERS = { M: "Maschio", F: "Femmina" } as const;

export const FAMILY_MESSAGES = {
  created: "Familiare aggiunto",
  updated: "Dati aggiornati correttamente",
  duplicate: "Questo familiare è già presente",
} as const;

const name = z.string().trim().min(1, "Campo obbligatorio").max(80, "Al massimo 80 caratteri");

export const ZFamilyMemberBody = z.object({
  name,
  surname: name,
  tax_code: z
    .string()
    .transform(normalizeTaxCode)
    .refine((v) => isValidTaxCode(v), TAX_CODE_MESSAGE),
  /** Tessera sanitaria number: optional, 20 digits when given. */
  health_card_number: z
    .string()
    .trim()
    .regex(/^\d{20}$/, "Il numero della tessera sanitaria ha 20 cifre")
    .nullish(),
  age_band: z.enum(Object.keys(FAMILY_AGE_BANDS) as [FamilyAgeBand, ...FamilyAgeBand[]], "Fascia d'età non valida"),
  relationship: z.enum(
    Object.keys(FAMILY_RELATIONSHIPS) as [FamilyRelationship, ...FamilyRelationship[]],
    "Parentela non valida",
  ),
  gender: z.enum(["M", "F"], "Sesso non valido"),
});
export type TFamilyMemberBody = z.infer<typeof ZFamilyMemberBody>;

export const ZFamilyMember = ZFamilyMemberBody.extend({
  hashid: z.string(),
  // An answer is serialised through its schema: no input transform here (the stored code is normalised).
  tax_code: z.string(),
  health_card_number: z.string().nullable(),
  created_at: z.string(),
}).meta({ id: "FamilyMember" });
export type TFamilyMember = z.infer<typeof ZFamilyMember>;

export const ZFamilyMemberResponse = envelope(ZFamilyMember).extend({ message: z.string().optional() });
export const ZFamilyMemberListResponse = envelope(z.array(ZFamilyMember));
