import { PRODUCT_SEARCH_MIN_LENGTH, type TPatient, type TProduct } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { flashOnArrival } from "../../../app/flash.ts";
import { isApiError } from "../../../lib/api.ts";
import { BackButton } from "../../../ui/BackButton.tsx";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useProductSearch } from "../../booking-wizard/api/products.ts";
import { useOrderForPatient } from "../api/order-for-patient.ts";
import { PatientLoader } from "../components/PatientLoader.tsx";
import { PatientSummary } from "../components/PatientSummary.tsx";

/** `pazienti/ordine/:hash`: the pharmacy records a product order for the patient. */
export default function PatientOrderPage() {
  const { hash = "" } = useParams();
  return (
    <div>
      <div className="mb-3">
        <BackButton />
      </div>
      <PatientLoader hash={hash}>{(patient) => <OrderForm patient={patient} />}</PatientLoader>
    </div>
  );
}

interface Line {
  product: TProduct;
  quantity: number;
}

function OrderForm({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const order = useOrderForPatient();
  const [text, setText] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const [nre, setNre] = useState("");
  const [notes, setNotes] = useState("");
  const search = useProductSearch(text);
  const fieldErrors = isApiError(order.error) ? order.error.errors : {};
  const add = (product: TProduct) =>
    setLines((current) =>
      current.some((l) => l.product.code === product.code) ? current : [...current, { product, quantity: 1 }],
    );
  const setQuantity = (code: string, quantity: number) =>
    setLines((current) => current.map((l) => (l.product.code === code ? { ...l, quantity } : l)));

  const submit = () =>
    order.mutate(
      {
        hash: patient.hashid,
        body: {
          products: lines.map((l) => ({ code: l.product.code, quantity: l.quantity })),
          ...(nre.trim() ? { nre: nre.trim() } : {}),
          ...(notes.trim() ? { operator_notes: notes.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          const card = `/operatore/pazienti/scheda/${patient.hashid}`;
          flashOnArrival(card, "success", t("patients.order.done"));
          void navigate(card);
        },
      },
    );

  return (
    <>
      <h1 className="mb-3">{t("patients.order.title")}</h1>
      <PatientSummary patient={patient} headingLevel={2} />
      <TextField
        type="search"
        label={t("patients.order.search")}
        hint={t("patients.order.searchHint", { min: PRODUCT_SEARCH_MIN_LENGTH })}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {search.isError ? <FormMessage kind="error">{search.error.message}</FormMessage> : null}
      {search.data && text.trim().length >= PRODUCT_SEARCH_MIN_LENGTH ? (
        <ul className="list-group mb-4" aria-label={t("patients.order.results")}>
          {search.data.length === 0 ? <li className="list-group-item">{t("patients.order.none")}</li> : null}
          {search.data.map((p) => (
            <li key={p.code} className="list-group-item d-flex justify-content-between align-items-center">
              <span>
                {p.name} {p.package ?? ""}
                {p.prescription_required ? (
                  <span className="badge bg-warning text-dark ms-2">{t("patients.order.prescription")}</span>
                ) : null}
              </span>
              <Button
                color="primary"
                outline
                size="sm"
                type="button"
                aria-label={t("patients.order.addOf", { name: p.name })}
                onClick={() => add(p)}
              >
                {t("patients.order.add")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <h2 className="h4">{t("patients.order.lines")}</h2>
      {lines.length === 0 ? <p>{t("patients.order.empty")}</p> : null}
      {lines.map((l) => (
        <div key={l.product.code} className="d-flex align-items-end gap-3" data-testid="order-line">
          <TextField
            wrapperClassName="flex-grow-1"
            type="number"
            min={1}
            max={10}
            label={t("patients.order.quantityOf", { name: `${l.product.name} ${l.product.package ?? ""}`.trim() })}
            value={String(l.quantity)}
            onChange={(e) => setQuantity(l.product.code, Math.max(1, Math.min(10, Number(e.target.value) || 1)))}
          />
          <Button
            color="danger"
            outline
            size="sm"
            type="button"
            className="mb-4"
            onClick={() => setLines((c) => c.filter((x) => x.product.code !== l.product.code))}
          >
            {t("patients.order.remove")}
          </Button>
        </div>
      ))}
      {fieldErrors.products ? <FormMessage kind="error">{fieldErrors.products.join(" ")}</FormMessage> : null}
      <div className="row">
        <TextField
          wrapperClassName="col-md-6"
          label={`${t("patients.order.nre")} ${t("common.optional")}`}
          error={fieldErrors.nre?.join(" ")}
          value={nre}
          onChange={(e) => setNre(e.target.value)}
        />
        <TextField
          wrapperClassName="col-md-6"
          label={`${t("patients.booking.notes")} ${t("common.optional")}`}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      {order.error && !fieldErrors.products && !fieldErrors.nre ? (
        <FormMessage kind="error">{isApiError(order.error) ? order.error.message : t("errors.unexpected")}</FormMessage>
      ) : null}
      <Button color="primary" type="button" disabled={lines.length === 0 || order.isPending} onClick={submit}>
        {t("patients.order.submit")}
      </Button>
    </>
  );
}
