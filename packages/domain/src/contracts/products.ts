import { z } from "zod";
import { envelope } from "./common.ts";

/** The medicine list behind product orders (spec 001 §7 `GET utilities/products/{product}/search`). */

export const PRODUCT_SEARCH_MIN_LENGTH = 3;
export const PRODUCT_MESSAGES = {
  tooShort: `Inserisci almeno ${PRODUCT_SEARCH_MIN_LENGTH} caratteri`,
  none: "Nessun prodotto trovato",
} as const;

export const ZProductSearchParams = z.object({
  product: z
    .string()
    .trim()
    .min(PRODUCT_SEARCH_MIN_LENGTH, PRODUCT_MESSAGES.tooShort)
    .max(100, "Al massimo 100 caratteri"),
});

export const ZProduct = z
  .object({
    /** The product's code in the medicine list (AIC where the list has one). */
    code: z.string(),
    name: z.string(),
    active_ingredient: z.string().nullable(),
    /** Pack and form as the list writes them ("20 compresse 500 mg"). */
    package: z.string().nullable(),
    /** True when a prescription is needed (an NRE then goes with the order). */
    prescription_required: z.boolean(),
  })
  .meta({ id: "Product" });
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductSearchResponse = envelope(z.array(ZProduct));
