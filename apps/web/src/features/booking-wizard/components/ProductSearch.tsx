import { PRODUCT_MESSAGES, PRODUCT_SEARCH_MIN_LENGTH, type TProduct } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useProductSearch } from "../api/products.ts";

export interface ProductLine {
  product: TProduct;
  quantity: number;
}

export const MAX_QUANTITY = 10;
export const MAX_LINES = 20;

export interface ProductSearchProps {
  lines: ProductLine[];
  onChange: (lines: ProductLine[]) => void;
}

export const productLabel = (p: TProduct) => (p.package ? `${p.name} ${p.package}` : p.name);

/**
 * The medicines of an order: a search of the medicine list (3 characters at least, spec 001 §5)
 * and the chosen lines with their quantities. No recipe upload (release notes).
 */
export function ProductSearch({ lines, onChange }: ProductSearchProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const trimmed = query.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < PRODUCT_SEARCH_MIN_LENGTH;
  const search = useProductSearch(query);
  const chosen = new Set(lines.map((l) => l.product.code));
  const add = (product: TProduct) => onChange([...lines, { product, quantity: 1 }]);
  const setQuantity = (code: string, quantity: number) =>
    onChange(lines.map((l) => (l.product.code === code ? { ...l, quantity } : l)));

  return (
    <div>
      <TextField
        type="search"
        label={t("bookingWizard.products.search")}
        hint={t("bookingWizard.products.searchHint", { count: PRODUCT_SEARCH_MIN_LENGTH })}
        value={query}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
      />
      <div role="status" aria-live="polite">
        {tooShort ? <p className="text-muted">{PRODUCT_MESSAGES.tooShort}</p> : null}
        {!tooShort && trimmed && search.data?.length === 0 ? <p>{PRODUCT_MESSAGES.none}</p> : null}
      </div>
      {search.isError ? (
        <FormMessage kind="error">
          {isApiError(search.error) ? search.error.message : t("errors.unexpected")}
        </FormMessage>
      ) : null}
      {!tooShort && trimmed && search.data && search.data.length > 0 ? (
        <ul className="list-group mb-4" aria-label={t("bookingWizard.products.results")}>
          {search.data.map((product) => (
            <li key={product.code} className="list-group-item d-flex justify-content-between align-items-center">
              <span>
                <strong>{product.name}</strong> {product.package}
                {product.active_ingredient ? <span className="text-muted"> · {product.active_ingredient}</span> : null}
                {product.prescription_required ? (
                  <span className="badge bg-warning text-dark ms-2">{t("bookingWizard.products.prescription")}</span>
                ) : null}
              </span>
              <Button
                type="button"
                size="sm"
                color="primary"
                outline
                disabled={chosen.has(product.code) || lines.length >= MAX_LINES}
                onClick={() => add(product)}
                // The name keeps the visible word (Aggiungi / Aggiunto) in front (WCAG 2.5.3, label in name).
                aria-label={t(
                  chosen.has(product.code) ? "bookingWizard.products.addedNamed" : "bookingWizard.products.addNamed",
                  { name: productLabel(product) },
                )}
              >
                {chosen.has(product.code) ? t("bookingWizard.products.added") : t("bookingWizard.products.add")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      <h3 className="h5 mb-4">{t("bookingWizard.products.chosen")}</h3>
      {lines.length === 0 ? <p className="text-muted">{t("bookingWizard.products.empty")}</p> : null}
      <ul className="list-unstyled">
        {lines.map((line) => (
          <li key={line.product.code} className="row align-items-end" data-testid="product-line">
            <p className="col-12 col-md-6 mb-4">{productLabel(line.product)}</p>
            <TextField
              wrapperClassName="col-6 col-md-3"
              type="number"
              min={1}
              max={MAX_QUANTITY}
              label={t("bookingWizard.products.quantityShort")}
              aria-label={t("bookingWizard.products.quantity", { name: productLabel(line.product) })}
              value={line.quantity}
              onChange={(e) =>
                setQuantity(line.product.code, Math.min(MAX_QUANTITY, Math.max(1, Number(e.target.value) || 1)))
              }
            />
            <div className="col-6 col-md-3 mb-4">
              <Button
                type="button"
                size="sm"
                color="secondary"
                outline
                onClick={() => onChange(lines.filter((l) => l.product.code !== line.product.code))}
                aria-label={t("bookingWizard.products.removeNamed", { name: productLabel(line.product) })}
              >
                {t("bookingWizard.products.remove")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
