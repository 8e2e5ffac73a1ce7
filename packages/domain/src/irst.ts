import { z } from "zod";
import { envelope, ZHashid, ZPageMeta, ZPageQuery } from "./contracts/common.ts";
import { ZTherapyDrug } from "./contracts/health-therapies.ts";

/**
 * IRST, the oncology therapy reconciliation (spec 002 §7 "Screening activities and surveys": `GET
 * activities/irst/therapies`, `POST activities/irst/novar`, `GET activities/irst/{farmaco|altro}/delete/{id}`,
 * `GET utilities/irst/keys`; issue 13). Before oncology care the patient (or a caregiver with the
 * health-data consent) lists what they take: drugs of the medicine catalogue (`farmaco`, or a drug
 * 'non in elenco') and other products (`altro`: supplements, herbal and homeopathic products…). The
 * care team reads the list; each change is a new compilation, and 'nessuna variazione' confirms that
 * nothing changed since the last one.
 */

export const IRST_MESSAGES = {
  required: "Campo obbligatorio",
  tooLong: (max: number) => `Al massimo ${max} caratteri`,
  drugUnknown: "Farmaco non presente nell'elenco: scegline uno o indicalo come 'non in elenco'",
  duplicateDrug: "Questo farmaco è già nell'elenco",
  duplicateOther: "Questo prodotto è già nell'elenco",
  tooMany: (max: number) => `Puoi indicare al massimo ${max} voci per elenco`,
  added: "Voce aggiunta",
  deleted: "Voce eliminata",
  noVariation: "Nessuna variazione registrata",
} as const;
const M = IRST_MESSAGES;

/** The two lists of the reconciliation. */
export const IRST_KINDS = ["farmaco", "altro"] as const;
export type TIrstKind = (typeof IRST_KINDS)[number];

/** How many entries one list of a patient may hold (reserved in the transaction that adds one). */
export const IRST_MAX_ITEMS = 100;

// ---- Code lists (`GET utilities/irst/keys`) -----------------------------------------------------

export const IRST_FREQUENCIES = [
  "una_volta_al_giorno",
  "due_volte_al_giorno",
  "tre_volte_al_giorno",
  "quattro_volte_al_giorno",
  "a_giorni_alterni",
  "settimanale",
  "mensile",
  "al_bisogno",
  "altro",
] as const;
export type TIrstFrequency = (typeof IRST_FREQUENCIES)[number];

export const IRST_ROUTES = [
  "orale",
  "sublinguale",
  "inalatoria",
  "nasale",
  "oftalmica",
  "cutanea",
  "transdermica",
  "rettale",
  "vaginale",
  "sottocutanea",
  "intramuscolare",
  "endovenosa",
  "altro",
] as const;
export type TIrstRoute = (typeof IRST_ROUTES)[number];

/** Who prescribed a drug; `autonomo` is a drug the patient takes on their own. */
export const IRST_PRESCRIBERS = ["medico_di_base", "oncologo", "altro_specialista", "autonomo"] as const;
export type TIrstPrescriber = (typeof IRST_PRESCRIBERS)[number];

/** The kinds of other products an oncology team asks about (interactions with the therapies). */
export const IRST_PRODUCT_TYPES = [
  "integratore",
  "vitamine_minerali",
  "fitoterapico",
  "omeopatico",
  "probiotico",
  "alimento_bevanda",
  "altro",
] as const;
export type TIrstProductType = (typeof IRST_PRODUCT_TYPES)[number];

/** The Italian labels the keys call answers (the web app shows its own locale's labels of the codes). */
export const IRST_LABELS = {
  frequenze: {
    una_volta_al_giorno: "Una volta al giorno",
    due_volte_al_giorno: "Due volte al giorno",
    tre_volte_al_giorno: "Tre volte al giorno",
    quattro_volte_al_giorno: "Quattro volte al giorno",
    a_giorni_alterni: "A giorni alterni",
    settimanale: "Una volta alla settimana",
    mensile: "Una volta al mese",
    al_bisogno: "Al bisogno",
    altro: "Altro",
  },
  vie: {
    orale: "Orale",
    sublinguale: "Sublinguale",
    inalatoria: "Inalatoria",
    nasale: "Nasale",
    oftalmica: "Oftalmica",
    cutanea: "Cutanea",
    transdermica: "Transdermica",
    rettale: "Rettale",
    vaginale: "Vaginale",
    sottocutanea: "Sottocutanea",
    intramuscolare: "Intramuscolare",
    endovenosa: "Endovenosa",
    altro: "Altro",
  },
  prescrittori: {
    medico_di_base: "Medico di medicina generale",
    oncologo: "Oncologo",
    altro_specialista: "Altro specialista",
    autonomo: "Assunto di propria iniziativa",
  },
  tipi_prodotto: {
    integratore: "Integratore alimentare",
    vitamine_minerali: "Vitamine o sali minerali",
    fitoterapico: "Prodotto fitoterapico o erboristico",
    omeopatico: "Prodotto omeopatico",
    probiotico: "Probiotico o fermenti lattici",
    alimento_bevanda: "Alimento o bevanda particolare (pompelmo, tisane…)",
    altro: "Altro",
  },
} as const satisfies {
  frequenze: Record<TIrstFrequency, string>;
  vie: Record<TIrstRoute, string>;
  prescrittori: Record<TIrstPrescriber, string>;
  tipi_prodotto: Record<TIrstProductType, string>;
};

const ZCodeList = z.array(z.object({ code: z.string(), label: z.string() }));
export const ZIrstKeys = z
  .object({
    frequenze: ZCodeList,
    vie: ZCodeList,
    prescrittori: ZCodeList,
    tipi_prodotto: ZCodeList,
  })
  .meta({ id: "IrstKeys" });
export type TIrstKeys = z.infer<typeof ZIrstKeys>;
export const ZIrstKeysResponse = envelope(ZIrstKeys);

// ---- Bodies -------------------------------------------------------------------------------------

const requiredText = (max: number) => z.string().trim().min(1, M.required).max(max, M.tooLong(max));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Whose list: absent for one's own; an assisted person's hashid for a caregiver with the consent. */
const patient = ZHashid.optional();

/** `POST activities/irst/farmaco`: a drug of the catalogue (by code) or one 'non in elenco'. */
export const ZIrstDrugBody = z.object({
  patient,
  drug: ZTherapyDrug,
  /** As the patient says it ("1 compressa da 5 mg"). */
  dosage: optionalText(100),
  frequency: z.enum(IRST_FREQUENCIES, M.required),
  route: z.enum(IRST_ROUTES, M.required),
  prescriber: z.enum(IRST_PRESCRIBERS, M.required),
  notes: optionalText(500),
});
export type TIrstDrugBody = z.infer<typeof ZIrstDrugBody>;
export type TIrstDrugInput = z.input<typeof ZIrstDrugBody>;

/** `POST activities/irst/altro`: another product the patient takes. */
export const ZIrstProductBody = z.object({
  patient,
  type: z.enum(IRST_PRODUCT_TYPES, M.required),
  name: requiredText(120),
  dosage: optionalText(100),
  frequency: z.enum(IRST_FREQUENCIES, M.required),
  notes: optionalText(500),
});
export type TIrstProductBody = z.infer<typeof ZIrstProductBody>;
export type TIrstProductInput = z.input<typeof ZIrstProductBody>;

/** `POST activities/irst/novar`. */
export const ZIrstNovarBody = z.object({ patient });
export type TIrstNovarBody = z.infer<typeof ZIrstNovarBody>;

export const ZIrstTherapiesQuery = ZPageQuery.extend({
  patient,
  kind: z.enum(IRST_KINDS).optional(),
});
export type TIrstTherapiesQuery = z.infer<typeof ZIrstTherapiesQuery>;

/** `{id}` of the delete calls: the entry's hashid. */
export const ZIrstItemParams = z.object({ id: ZHashid });

// ---- Answers ------------------------------------------------------------------------------------

const ZIrstAuthorRole = z.enum(["paziente", "caregiver"]);

export const ZIrstItem = z
  .object({
    hashid: z.string(),
    kind: z.enum(IRST_KINDS),
    name: z.string(),
    /** farmaco: the catalogue code, null for a drug 'non in elenco' and for other products. */
    code: z.string().nullable(),
    not_listed: z.boolean(),
    /** altro: the product type. */
    type: z.enum(IRST_PRODUCT_TYPES).nullable(),
    dosage: z.string().nullable(),
    frequency: z.enum(IRST_FREQUENCIES),
    /** farmaco only. */
    route: z.enum(IRST_ROUTES).nullable(),
    prescriber: z.enum(IRST_PRESCRIBERS).nullable(),
    notes: z.string().nullable(),
    author_role: ZIrstAuthorRole,
    created_at: z.string(),
  })
  .meta({ id: "IrstItem" });
export type TIrstItem = z.infer<typeof ZIrstItem>;
export const ZIrstItemResponse = envelope(ZIrstItem);

/**
 * One compilation: `variazione` (an entry added or removed) or `nessuna_variazione` (the patient
 * confirmed the list; `since` is the compilation it confirms, null when there was none before).
 */
export const ZIrstUpdate = z
  .object({
    kind: z.enum(["variazione", "nessuna_variazione"]),
    at: z.string(),
    since: z.string().nullable(),
    author_role: ZIrstAuthorRole,
  })
  .meta({ id: "IrstUpdate" });
export type TIrstUpdate = z.infer<typeof ZIrstUpdate>;
export const ZIrstUpdateResponse = envelope(ZIrstUpdate);

/** The list, paged, with the last compilation and the size of each list (for the tabs). */
export const ZIrstTherapiesResponse = z.object({
  data: z.array(ZIrstItem),
  meta: ZPageMeta.extend({
    last_update: ZIrstUpdate.nullable(),
    farmaci: z.number(),
    altri: z.number(),
  }),
});
export type TIrstTherapiesResponse = z.infer<typeof ZIrstTherapiesResponse>;
