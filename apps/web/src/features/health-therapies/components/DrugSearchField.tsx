import type { TProduct } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { TextField } from "../../../ui/form.tsx";
import { useDrugSearch } from "../api/search.ts";

/** The texts of the field, from the catalogue part of the page that uses it. */
export interface DrugSearchTexts {
  search: string;
  hint: string;
  chosen: (name: string) => string;
  results: string;
  none: string;
}

/** How a chosen product reads in the form ("Tachipirina 500 mg 20 compresse"). */
export const productLabel = (product: TProduct) => `${product.name}${product.package ? ` ${product.package}` : ""}`;

/**
 * A medicine from the catalogue, searched by name (3+ characters) and chosen from the first eight
 * found: the health file's therapies and the IRST reconciliation pick drugs the same way.
 */
export function DrugSearchField({
  texts,
  chosen,
  error,
  onChoose,
}: {
  texts: DrugSearchTexts;
  /** The label of the product chosen so far ("" for none). */
  chosen: string;
  error?: string;
  onChoose: (product: TProduct) => void;
}) {
  const [query, setQuery] = useState("");
  const drugs = useDrugSearch(query);
  return (
    <div className="mb-3">
      <TextField
        label={texts.search}
        hint={chosen ? texts.chosen(chosen) : texts.hint}
        value={query}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
        error={error}
      />
      {drugs.data && query.trim().length >= 3 ? (
        <ul className="list-unstyled mb-4" aria-label={texts.results}>
          {drugs.data.length === 0 ? <li>{texts.none}</li> : null}
          {drugs.data.slice(0, 8).map((product) => (
            <li key={product.code}>
              <Button
                color="link"
                type="button"
                className="p-0 text-start"
                onClick={() => {
                  onChoose(product);
                  setQuery("");
                }}
              >
                {product.name} {product.package ?? ""}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
