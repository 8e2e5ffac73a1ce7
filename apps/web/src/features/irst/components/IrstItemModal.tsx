import {
  IRST_FREQUENCIES,
  IRST_MESSAGES,
  IRST_PRESCRIBERS,
  IRST_PRODUCT_TYPES,
  IRST_ROUTES,
  type TIrstDrugBody,
  type TIrstKind,
  type TIrstProductBody,
  ZIrstDrugBody,
  ZIrstProductBody,
} from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { errorAt, orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, RadioGroup, SelectField, TextField } from "../../../ui/form.tsx";
import { DrugSearchField, productLabel } from "../../health-therapies/components/DrugSearchField.tsx";
import { useAddIrstDrug, useAddIrstProduct } from "../api/irst.ts";

interface Values {
  drugMode: "catalogo" | "libero";
  drugCode: string;
  drugLabel: string;
  drugName: string;
  type: string;
  name: string;
  dosage: string;
  frequency: string;
  route: string;
  prescriber: string;
  notes: string;
}

const empty: Values = {
  drugMode: "catalogo",
  drugCode: "",
  drugLabel: "",
  drugName: "",
  type: "",
  name: "",
  dosage: "",
  frequency: "",
  route: "",
  prescriber: "",
  notes: "",
};

const drugBody = (patient: string | null) => (v: Values) => ({
  ...(patient ? { patient } : {}),
  drug: v.drugMode === "catalogo" ? { code: v.drugCode } : { name: v.drugName, not_listed: true },
  dosage: orNull(v.dosage),
  frequency: v.frequency,
  route: v.route,
  prescriber: v.prescriber,
  notes: orNull(v.notes),
});

const productBody = (patient: string | null) => (v: Values) => ({
  ...(patient ? { patient } : {}),
  type: v.type,
  name: v.name,
  dosage: orNull(v.dosage),
  frequency: v.frequency,
  notes: orNull(v.notes),
});

const FIELDS = ["type", "name", "dosage", "frequency", "route", "prescriber", "notes"] as const;

export interface IrstItemModalProps {
  /** Which list the entry goes to; null: closed. */
  kind: TIrstKind | null;
  /** An assisted person's hashid (a caregiver's view); null: one's own lists. */
  patient: string | null;
  onClose: () => void;
}

/** Adds a drug (from the catalogue, or 'non in elenco') or another product to the IRST lists. */
export function IrstItemModal({ kind, patient, onClose }: IrstItemModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const alerts = useAlerts();
  const addDrug = useAddIrstDrug();
  const addProduct = useAddIrstProduct();
  const isDrug = kind === "farmaco";
  const toBody = isDrug ? drugBody(patient) : productBody(patient);
  const form = useAppForm<Values>({
    resolver: schemaResolver<Values>(isDrug ? ZIrstDrugBody : ZIrstProductBody, toBody),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const drugMode = form.watch("drugMode");
  const drugLabel = form.watch("drugLabel");
  const busy = addDrug.isPending || addProduct.isPending;

  useEffect(() => {
    if (kind) form.reset(empty);
  }, [kind, form.reset]);

  const options = (codes: readonly string[], group: string) =>
    codes.map((value) => ({ value, label: t(`irst.codes.${group}.${value}` as TKey) }));
  const onError = (error: unknown) => {
    const { placed, rest } = setServerErrors(error, form.setError, [...FIELDS, "drug.code", "drug.name"] as never);
    if (rest.length) form.setError("root", { message: rest.join(" ") });
    else if (placed === 0) form.setError("root", { message: isApiError(error) ? error.message : t("irst.saveError") });
  };
  const onSaved = () => {
    alerts.success(IRST_MESSAGES.added);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    if (isDrug) addDrug.mutate(toBody(values) as TIrstDrugBody, { onSuccess: onSaved, onError });
    else addProduct.mutate(toBody(values) as TIrstProductBody, { onSuccess: onSaved, onError });
  });
  const drugError = errorAt(errors, "drug.code") ?? errorAt(errors, "drug") ?? errorAt(errors, "drug.name");

  return (
    <Modal
      isOpen={kind !== null}
      toggle={onClose}
      labelledBy={titleId}
      size="lg"
      scrollable
      trapFocus
      returnFocusAfterClose
    >
      <form onSubmit={submit} noValidate>
        <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
          {isDrug ? t("irst.form.drugTitle") : t("irst.form.productTitle")}
        </ModalHeader>
        <ModalBody>
          {isDrug ? (
            <>
              <RadioGroup
                legend={t("irst.form.drug")}
                name="drugMode"
                value={drugMode}
                options={[
                  { value: "catalogo", label: t("irst.form.drugFromList") },
                  { value: "libero", label: t("irst.form.drugNotListed") },
                ]}
                onChange={(v) => form.setValue("drugMode", v as Values["drugMode"])}
              />
              {drugMode === "catalogo" ? (
                <DrugSearchField
                  texts={{
                    search: t("irst.form.drugSearch"),
                    hint: t("irst.form.drugSearchHint"),
                    chosen: (name) => t("irst.form.drugChosen", { name }),
                    results: t("irst.form.drugResults"),
                    none: t("irst.form.drugNone"),
                  }}
                  chosen={drugLabel}
                  error={drugError}
                  onChoose={(product) => {
                    form.setValue("drugCode", product.code);
                    form.setValue("drugLabel", productLabel(product));
                    form.clearErrors("drug" as never);
                  }}
                />
              ) : (
                <TextField label={t("irst.form.drugName")} error={drugError} {...form.register("drugName")} />
              )}
            </>
          ) : (
            <div className="row">
              <SelectField
                wrapperClassName="col-md-6"
                label={t("irst.form.type")}
                placeholder={t("irst.form.choose")}
                options={options(IRST_PRODUCT_TYPES, "productTypes")}
                error={errors.type?.message}
                {...form.register("type")}
              />
              <TextField
                wrapperClassName="col-md-6"
                label={t("irst.form.name")}
                error={errors.name?.message}
                {...form.register("name")}
              />
            </div>
          )}
          <div className="row">
            <TextField
              wrapperClassName="col-md-6"
              label={`${t("irst.form.dosage")} ${t("common.optional")}`}
              hint={t("irst.form.dosageHint")}
              error={errors.dosage?.message}
              {...form.register("dosage")}
            />
            <SelectField
              wrapperClassName="col-md-6"
              label={t("irst.form.frequency")}
              placeholder={t("irst.form.choose")}
              options={options(IRST_FREQUENCIES, "frequencies")}
              error={errors.frequency?.message}
              {...form.register("frequency")}
            />
          </div>
          {isDrug ? (
            <div className="row">
              <SelectField
                wrapperClassName="col-md-6"
                label={t("irst.form.route")}
                placeholder={t("irst.form.choose")}
                options={options(IRST_ROUTES, "routes")}
                error={errors.route?.message}
                {...form.register("route")}
              />
              <SelectField
                wrapperClassName="col-md-6"
                label={t("irst.form.prescriber")}
                placeholder={t("irst.form.choose")}
                options={options(IRST_PRESCRIBERS, "prescribers")}
                error={errors.prescriber?.message}
                {...form.register("prescriber")}
              />
            </div>
          ) : null}
          <TextField
            label={`${t("irst.form.notes")} ${t("common.optional")}`}
            error={errors.notes?.message}
            {...form.register("notes")}
          />
          {errors.root?.message ? <FormMessage kind="error">{errors.root.message}</FormMessage> : null}
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={onClose} disabled={busy}>
            {t("irst.cancel")}
          </Button>
          <Button color="primary" type="submit" disabled={busy}>
            {t("irst.form.save")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
