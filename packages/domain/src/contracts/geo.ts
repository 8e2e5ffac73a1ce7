import { z } from "zod";
import { envelope } from "./common.ts";

/**
 * Geographic lookups (spec 000 §3 Comune, Country and Prefix entries; §7 Lookups). Public, read-only
 * reference data: regions, provinces and comuni of Italy, foreign countries with the cadastral
 * (Belfiore) code that tax codes carry, and telephone prefixes. Names are Italian, sorted in Italian
 * collation; inputs (region, province, code) are case-insensitive.
 */

/** A region name (`Lombardia`, `Valle d'Aosta`…), a part of a bilingual name, or its ISTAT code (`03`). */
const regionInput = z.string().trim().min(1, "Indica la regione").max(100, "Regione non valida");
/** A province sigla (`MI`), its name (`Milano`, `Bolzano`) or its ISTAT code (`015`). */
const provinceInput = z.string().trim().min(1, "Indica la provincia").max(100, "Provincia non valida");

export const ZRegione = z
  .object({
    regione: z.string(),
    /** ISTAT region code, two digits. */
    istat: z.string(),
  })
  .meta({ id: "Regione" });
export type TRegione = z.infer<typeof ZRegione>;

export const ZProvincia = z
  .object({
    provincia: z.string(),
    /** Two-letter sigla (the car plate code): MI, RM… */
    sigla: z.string(),
    regione: z.string(),
    /** ISTAT province code, three digits. */
    istat: z.string(),
  })
  .meta({ id: "Provincia" });
export type TProvincia = z.infer<typeof ZProvincia>;

export const ZComune = z
  .object({
    comune: z.string(),
    /** Province name; the sigla when a suppressed comune belonged to a province that no longer exists. */
    provincia: z.string(),
    sigla: z.string(),
    /** Null only for a suppressed comune of a province that no longer exists. */
    regione: z.string().nullable(),
    codice_catastale: z.string(),
    /** Postal codes; empty when the sources carry none (new or suppressed comuni). */
    cap: z.array(z.string()),
    /** ISTAT comune code, six digits; null when the sources carry none. */
    istat: z.string().nullable(),
    /** True for a comune that no longer exists (merged or suppressed): found by cadastral code only. */
    soppresso: z.boolean(),
  })
  .meta({ id: "Comune" });
export type TComune = z.infer<typeof ZComune>;

export const ZPaese = z
  .object({
    nazione: z.string(),
    /** Cadastral (Belfiore) code of a foreign state, as in tax codes (Francia → Z110); null for Italia. */
    codice: z.string().nullable(),
  })
  .meta({ id: "Paese" });
export type TPaese = z.infer<typeof ZPaese>;

export const ZPrefisso = z
  .object({
    /** International calling code with its plus sign: `+39`. */
    prefisso: z.string(),
    /** The country's flag emoji. */
    flag: z.string(),
    /** ISO 3166-1 alpha-2 code (or the region code libphonenumber uses, such as AC or XK). */
    iso: z.string(),
    nazione: z.string(),
  })
  .meta({ id: "Prefisso" });
export type TPrefisso = z.infer<typeof ZPrefisso>;

/** A query filter: absent or empty means no filter (a form may send `regione=` before a choice). */
const filter = z.string().trim().max(100, "Valore non valido").optional();

/** `GET utilities/province?regione=`. */
export const ZProvinceQuery = z.object({ regione: filter });
export type TProvinceQuery = z.infer<typeof ZProvinceQuery>;

/** `GET utilities/province/by/{region}`. */
export const ZProvinceByRegionParams = z.object({ region: regionInput });

/** `GET utilities/comuni?regione=&provincia=`: both optional; with both, the comuni of that province in that region. */
export const ZComuniQuery = z.object({ regione: filter, provincia: filter });
export type TComuniQuery = z.infer<typeof ZComuniQuery>;

/** `GET utilities/comuni/by/provincia/{p}`. */
export const ZComuniByProvinceParams = z.object({ p: provinceInput });

/** `GET utilities/comuni/by/catastale/{code}`: a letter and three digits (F205). */
export const ZComuneByCadastralParams = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]\d{3}$/, "Codice catastale non valido"),
});

export const ZRegioniResponse = envelope(z.array(ZRegione));
export const ZProvinceResponse = envelope(z.array(ZProvincia));
export const ZComuniResponse = envelope(z.array(ZComune));
export const ZComuneResponse = envelope(ZComune);
export const ZPaesiResponse = envelope(z.array(ZPaese));
export const ZPrefissiResponse = envelope(z.array(ZPrefisso));

/** Messages of the geographic lookups (404 when the name or code matches nothing). */
export const GEO_MESSAGES = {
  regionNotFound: "Regione non trovata",
  provinceNotFound: "Provincia non trovata",
  comuneNotFound: "Comune non trovato",
} as const;
