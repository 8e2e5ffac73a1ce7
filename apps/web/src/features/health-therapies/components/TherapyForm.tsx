import {
  ADMINISTRATION_ROUTES,
  CYCLE_UNITS,
  DOSAGE_UNITS,
  DURATION_KINDS,
  FREQUENCY_KINDS,
  FREQUENCY_KINDS_ONE_MOMENT,
  FREQUENCY_KINDS_WITH_EVERY,
  INTAKE_MOMENTS,
  type TFrequencyKind,
  THERAPY_SOURCES,
  type TIntakeMoment,
  type TTherapy,
  type TTherapyBody,
  ZTherapyBody,
} from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { errorAt, orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { CheckboxField, FormMessage, RadioGroup, SelectField, TextField } from "../../../ui/form.tsx";
import { usePathologies } from "../api/pathologies.ts";
import { useSaveTherapy } from "../api/therapies.ts";
import { DrugSearchField, productLabel } from "./DrugSearchField.tsx";

interface TherapyValues {
  drugMode: "catalogo" | "libero";
  drugCode: string;
  drugLabel: string;
  drugName: string;
  pathology: string;
  dosage: string;
  dosage_unit: string;
  route: string;
  frequency: string;
  frequency_every: string;
  intake_moments: TIntakeMoment[];
  duration: string;
  cycle_every: string;
  cycle_unit: string;
  start_date: string;
  end_date: string;
  private: boolean;
  prescriber: string;
  source: string;
  side_effects: string;
  allergic_reactions: string;
  interactions: string;
  notes: string;
}

const numberOrNull = (v: string) => (v.trim() === "" ? null : Number(v));

function toBody(patient: string | null) {
  return (v: TherapyValues): TTherapyBody =>
    ({
      ...(patient ? { patient } : {}),
      pathology: orNull(v.pathology),
      drug: v.drugMode === "catalogo" ? { code: v.drugCode } : { name: v.drugName, not_listed: true },
      dosage: v.dosage.trim() === "" ? undefined : Number(v.dosage.replace(",", ".")),
      dosage_unit: v.dosage_unit || undefined,
      route: v.route || undefined,
      frequency: v.frequency || undefined,
      frequency_every: FREQUENCY_KINDS_WITH_EVERY.includes(v.frequency as TFrequencyKind)
        ? numberOrNull(v.frequency_every)
        : null,
      intake_moments: v.intake_moments,
      duration: v.duration || undefined,
      cycle_every: v.duration === "periodica" ? numberOrNull(v.cycle_every) : null,
      cycle_unit: v.duration === "periodica" ? orNull(v.cycle_unit) : null,
      start_date: v.start_date,
      end_date: orNull(v.end_date),
      private: v.private,
      prescriber: v.prescriber,
      source: v.source || undefined,
      side_effects: orNull(v.side_effects),
      allergic_reactions: orNull(v.allergic_reactions),
      interactions: orNull(v.interactions),
      notes: orNull(v.notes),
    }) as unknown as TTherapyBody;
}

function valuesOf(therapy: TTherapy | undefined): TherapyValues {
  return {
    drugMode: therapy?.drug.not_listed ? "libero" : "catalogo",
    drugCode: therapy?.drug.code ?? "",
    drugLabel: therapy && !therapy.drug.not_listed ? therapy.drug.name : "",
    drugName: therapy?.drug.not_listed ? therapy.drug.name : "",
    pathology: therapy?.pathology?.hashid ?? "",
    dosage: therapy ? String(therapy.dosage) : "",
    dosage_unit: therapy?.dosage_unit ?? "",
    route: therapy?.route ?? "",
    frequency: therapy?.frequency ?? "",
    frequency_every: therapy?.frequency_every ? String(therapy.frequency_every) : "",
    intake_moments: therapy?.intake_moments ?? [],
    duration: therapy?.duration ?? "definita",
    cycle_every: therapy?.cycle_every ? String(therapy.cycle_every) : "",
    cycle_unit: therapy?.cycle_unit ?? "",
    start_date: therapy?.start_date ?? "",
    end_date: therapy?.end_date ?? "",
    private: therapy?.private ?? false,
    prescriber: therapy?.prescriber ?? "",
    source: therapy?.source ?? "",
    side_effects: therapy?.side_effects ?? "",
    allergic_reactions: therapy?.allergic_reactions ?? "",
    interactions: therapy?.interactions ?? "",
    notes: therapy?.notes ?? "",
  };
}

const FIELDS = [
  "pathology",
  "dosage",
  "dosage_unit",
  "route",
  "frequency",
  "frequency_every",
  "intake_moments",
  "duration",
  "cycle_every",
  "start_date",
  "end_date",
  "prescriber",
  "source",
] as const;

/**
 * The new-therapy form (spec 001 §2 screen 21, §3 Therapy, §5): the same schema as the server, so
 * "every N hours / N days allows one intake moment" shows under the moments before any request, and
 * the server's 422 lands under the same fields.
 */
export function TherapyForm({
  patient,
  therapy,
  onSaved,
  onCancel,
}: {
  patient: string | null;
  therapy?: TTherapy;
  onSaved: (therapy: TTherapy) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTherapy(therapy?.hashid);
  const pathologies = usePathologies(patient);
  const form = useAppForm<TherapyValues>({
    defaultValues: valuesOf(therapy),
    resolver: schemaResolver(ZTherapyBody, toBody(patient)),
  });
  const { errors } = form.formState;
  const drugMode = form.watch("drugMode");
  const frequency = form.watch("frequency") as TFrequencyKind | "";
  const duration = form.watch("duration");
  const moments = form.watch("intake_moments");
  const drugLabel = form.watch("drugLabel");

  const options = (list: readonly string[], key: string) =>
    list.map((value) => ({ value, label: t(`healthTherapies.${key}.${value}` as TKey) }));

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(toBody(patient)(values), {
      onSuccess: onSaved,
      onError: (error) => {
        const { rest } = setServerErrors(error, form.setError, [...FIELDS, "drug.code" as never]);
        if (rest.length) form.setError("root", { message: rest.join(" ") });
      },
    }),
  );
  const toggleMoment = (moment: TIntakeMoment) => {
    const next = moments.includes(moment) ? moments.filter((m) => m !== moment) : [...moments, moment];
    form.setValue("intake_moments", next, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger("intake_moments");
  };
  const serverMessage =
    save.error && (!isApiError(save.error) || Object.keys(save.error.errors).length === 0)
      ? isApiError(save.error)
        ? save.error.message
        : t("errors.unexpected")
      : (errors.root?.message ?? null);
  const drugError = errorAt(errors, "drug.code") ?? errorAt(errors, "drug") ?? errorAt(errors, "drug.name");

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="therapy-form-title">
      <h2 id="therapy-form-title" className="h4 mb-3">
        {therapy ? t("healthTherapies.form.editTitle") : t("healthTherapies.form.newTitle")}
      </h2>
      <RadioGroup
        legend={t("healthTherapies.form.drug")}
        name="drugMode"
        value={drugMode}
        options={[
          { value: "catalogo", label: t("healthTherapies.form.drugFromList") },
          { value: "libero", label: t("healthTherapies.form.drugNotListed") },
        ]}
        onChange={(v) => form.setValue("drugMode", v as TherapyValues["drugMode"])}
      />
      {drugMode === "catalogo" ? (
        <DrugSearchField
          texts={{
            search: t("healthTherapies.form.drugSearch"),
            hint: t("healthTherapies.form.drugSearchHint"),
            chosen: (name) => t("healthTherapies.form.drugChosen", { name }),
            results: t("healthTherapies.form.drugResults"),
            none: t("healthTherapies.form.drugNone"),
          }}
          chosen={drugLabel}
          error={drugError}
          onChoose={(product) => {
            form.setValue("drugCode", product.code);
            form.setValue("drugLabel", productLabel(product));
          }}
        />
      ) : (
        <TextField
          label={t("healthTherapies.form.drugName")}
          hint={t("healthTherapies.form.drugNameHint")}
          error={drugError}
          {...form.register("drugName")}
        />
      )}
      <div className="row">
        <SelectField
          wrapperClassName="col-md-6"
          label={`${t("healthTherapies.form.pathology")} ${t("common.optional")}`}
          placeholder={t("healthTherapies.form.none")}
          options={(pathologies.data?.data ?? []).map((p) => ({ value: p.hashid, label: p.name }))}
          error={errors.pathology?.message}
          {...form.register("pathology")}
        />
        <TextField
          wrapperClassName="col-md-3"
          inputMode="decimal"
          label={t("healthTherapies.form.dosage")}
          error={errors.dosage?.message}
          {...form.register("dosage")}
        />
        <SelectField
          wrapperClassName="col-md-3"
          label={t("healthTherapies.form.unit")}
          placeholder={t("healthTherapies.form.choose")}
          options={options(DOSAGE_UNITS, "units")}
          error={errors.dosage_unit?.message}
          {...form.register("dosage_unit")}
        />
        <SelectField
          wrapperClassName="col-md-6"
          label={t("healthTherapies.form.route")}
          placeholder={t("healthTherapies.form.choose")}
          options={options(ADMINISTRATION_ROUTES, "routes")}
          error={errors.route?.message}
          {...form.register("route")}
        />
        <SelectField
          wrapperClassName="col-md-4"
          label={t("healthTherapies.form.frequency")}
          placeholder={t("healthTherapies.form.choose")}
          options={options(FREQUENCY_KINDS, "frequencies")}
          error={errors.frequency?.message}
          {...form.register("frequency")}
        />
        {frequency && FREQUENCY_KINDS_WITH_EVERY.includes(frequency) ? (
          <TextField
            wrapperClassName="col-md-2"
            type="number"
            min={1}
            label={t("healthTherapies.form.every")}
            error={errors.frequency_every?.message}
            {...form.register("frequency_every")}
          />
        ) : null}
      </div>
      <fieldset className="mb-3" aria-describedby={errors.intake_moments ? "therapy-moments-error" : undefined}>
        <legend className="h6 fw-semibold">{t("healthTherapies.form.moments")}</legend>
        {frequency && FREQUENCY_KINDS_ONE_MOMENT.includes(frequency) ? (
          <p className="small text-muted">{t("healthTherapies.form.oneMomentHint")}</p>
        ) : null}
        <div className="d-flex flex-wrap gap-3">
          {INTAKE_MOMENTS.map((moment) => (
            <CheckboxField
              key={moment}
              label={t(`healthTherapies.moments.${moment}` as TKey)}
              checked={moments.includes(moment)}
              onChange={() => toggleMoment(moment)}
            />
          ))}
        </div>
        {errors.intake_moments ? (
          <div id="therapy-moments-error" className="invalid-feedback d-block" role="alert">
            {errorAt(errors, "intake_moments")}
          </div>
        ) : null}
      </fieldset>
      <div className="row">
        <SelectField
          wrapperClassName="col-md-4"
          label={t("healthTherapies.form.duration")}
          options={options(DURATION_KINDS, "durations")}
          error={errors.duration?.message}
          {...form.register("duration")}
        />
        {duration === "periodica" ? (
          <>
            <TextField
              wrapperClassName="col-md-2"
              type="number"
              min={1}
              label={t("healthTherapies.form.cycleEvery")}
              error={errors.cycle_every?.message}
              {...form.register("cycle_every")}
            />
            <SelectField
              wrapperClassName="col-md-2"
              label={t("healthTherapies.form.cycleUnit")}
              placeholder={t("healthTherapies.form.choose")}
              options={options(CYCLE_UNITS, "cycleUnits")}
              {...form.register("cycle_unit")}
            />
          </>
        ) : null}
        <TextField
          wrapperClassName="col-md-2"
          type="date"
          label={t("healthTherapies.form.start")}
          error={errors.start_date?.message}
          {...form.register("start_date")}
        />
        <TextField
          wrapperClassName="col-md-2"
          type="date"
          label={t("healthTherapies.form.end")}
          error={errors.end_date?.message}
          {...form.register("end_date")}
        />
        <TextField
          wrapperClassName="col-md-6"
          label={t("healthTherapies.form.prescriber")}
          error={errors.prescriber?.message}
          {...form.register("prescriber")}
        />
        <SelectField
          wrapperClassName="col-md-6"
          label={t("healthTherapies.form.source")}
          placeholder={t("healthTherapies.form.choose")}
          options={options(THERAPY_SOURCES, "sources")}
          error={errors.source?.message}
          {...form.register("source")}
        />
        {(["side_effects", "allergic_reactions", "interactions", "notes"] as const).map((field) => (
          <TextField
            key={field}
            wrapperClassName="col-md-6"
            label={`${t(`healthTherapies.form.${field}` as TKey)} ${t("common.optional")}`}
            error={errors[field]?.message}
            {...form.register(field)}
          />
        ))}
      </div>
      <CheckboxField label={t("healthTherapies.form.private")} {...form.register("private")} />
      {serverMessage ? <FormMessage kind="error">{serverMessage}</FormMessage> : null}
      <div className="d-flex gap-2 mt-3">
        <Button color="secondary" outline type="button" onClick={onCancel} disabled={save.isPending}>
          {t("healthTherapies.actions.cancel")}
        </Button>
        <Button color="primary" type="submit" disabled={save.isPending}>
          {t("healthTherapies.actions.save")}
        </Button>
      </div>
    </form>
  );
}
